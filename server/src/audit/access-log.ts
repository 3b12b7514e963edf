/**
 * The memory access log (which memories and artifacts were read, by whom), written behind: every read
 * adds its row here, with its id and time taken at the read, and the rows are written together in one
 * statement every ACCESS_LOG_FLUSH_MS (jobs/start.ts), as soon as ACCESS_LOG_BATCH rows wait, and at
 * shutdown. A read then costs no statement of its own (it was one of the three a list made). What
 * reads or rewrites the log in this process (the access-log list, usage, erasure) flushes first, so
 * it always sees this process's reads; another instance's arrive within ACCESS_LOG_FLUSH_MS. A failed
 * write keeps its rows for the next one (at most ACCESS_LOG_MAX_PENDING; beyond that the oldest are
 * dropped and counted in a warning); a crash of the process loses at most the last interval's rows,
 * never memory data (docs/decisions/speed.md).
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../actor.js';
import type { Database } from '../db/client.js';
import { accessLogs, namespaces } from '../db/schema/index.js';
import { newId } from '../ids.js';
import type { Logger } from '../logger.js';
import { redactText } from '../redaction/redact-text.js';
import { actorIdentity } from './record.js';

export const ACCESS_LOG_FLUSH_MS = 200;
const ACCESS_LOG_BATCH = 1000;
const ACCESS_LOG_MAX_PENDING = 100_000;
/** Stored length of an access-log query, cut after its secrets are redacted (never through one). */
const QUERY_CHARS = 1000;

export interface AccessEntry {
  operation: string;
  namespace?: string | null;
  /** Stored with its secrets redacted (nothing secret outside the vault). */
  query?: string | null;
  memoryIds: string[];
  artifactIds?: string[];
  /** A synthesize's context tokens and its candidates' tokens (usage metrics). */
  tokensUsed?: number;
  candidateTokens?: number;
}

/** One row as the write statement reads it (a column each: the insert unnests one array per column). */
interface PendingRow {
  id: string;
  tenant_id: string;
  organization_id: string | null;
  environment: string;
  actor_type: string;
  actor_id: string;
  api_key_id: string | null;
  agent_id: string | null;
  namespace: string | null;
  operation: string;
  query: string | null;
  memory_ids: string[];
  artifact_ids: string[];
  tokens_used: number | null;
  candidate_tokens: number | null;
  request_id: string;
  created_at: string;
}

/** The text and timestamptz columns, sent as one array each. */
const SCALARS = [
  'id',
  'tenant_id',
  'organization_id',
  'environment',
  'actor_type',
  'actor_id',
  'api_key_id',
  'agent_id',
  'namespace',
  'operation',
  'query',
  'request_id',
  'created_at',
] as const;
/** The integer columns (a synthesize's token counts), sent as one int[] each. */
const INTEGERS = ['tokens_used', 'candidate_tokens'] as const;
/** Every column the insert names, in the order of its select. */
const COLUMNS = sql.raw([...SCALARS, ...INTEGERS, 'memory_ids', 'artifact_ids'].join(', '));

/** A text[] literal (`{"a","b"}`): the id lists travel as one text[] of these, cast back per row. */
export const textArrayLiteral = (values: string[]) =>
  `{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;

/**
 * The insert of a batch: one array per column, unnested (PostgreSQL parses no JSON), as a statement
 * made once per database (a named statement with one generic plan: built and planned per batch it
 * cost more than the rows it wrote). The organization whose memories were read is the one owning the
 * namespace (names are unique per tenant), whatever key read it; else the caller's. Committed
 * asynchronously: nothing waits on it.
 */
function insertTemplate(): SQL {
  const P = sql.placeholder;
  const column = (name: (typeof SCALARS)[number]) =>
    sql`${P(name)}::${sql.raw(name === 'created_at' ? 'timestamptz' : 'text')}[]`;
  return sql`
    with async_commit as (select set_config('synchronous_commit', 'off', true))
    insert into ${accessLogs} (${COLUMNS})
    select v.id, v.tenant_id,
      case when v.namespace is null then v.organization_id
        else coalesce((select n.organization_id from ${namespaces} n where n.tenant_id = v.tenant_id
          and (n.id = v.namespace or n.name = v.namespace) limit 1), v.organization_id) end,
      v.environment, v.actor_type, v.actor_id, v.api_key_id, v.agent_id, v.namespace, v.operation, v.query,
      v.request_id, v.created_at, v.tokens_used, v.candidate_tokens, v.memory_ids::text[], v.artifact_ids::text[]
    from async_commit, unnest(${sql.join(SCALARS.map(column), sql`, `)}, ${sql.join(
      INTEGERS.map((name) => sql`${P(name)}::int[]`),
      sql`, `,
    )}, ${P('memory_ids')}::text[], ${P('artifact_ids')}::text[])
      as v(${COLUMNS})`;
}

/** The values of a batch's insert: one array per column, the id lists as text[] literals. */
function valuesOf(batch: PendingRow[]): Record<string, unknown[]> {
  const values: Record<string, unknown[]> = {};
  for (const name of SCALARS) values[name] = batch.map((r) => r[name]);
  for (const name of INTEGERS) values[name] = batch.map((r) => r[name]);
  values.memory_ids = batch.map((r) => textArrayLiteral(r.memory_ids));
  values.artifact_ids = batch.map((r) => textArrayLiteral(r.artifact_ids));
  return values;
}

export function createAccessLog(deps: { database: Database; logger: Logger }) {
  const { database, logger } = deps;
  const insert = database.statement(insertTemplate());
  let pending: PendingRow[] = [];
  let writing: Promise<void> = Promise.resolve();

  /**
   * Writes the rows waiting when it starts, not those that arrive while it writes: they wait for the
   * next flush. (Writing until nothing waited turned the log, under a steady read load, into one small
   * insert after another, each its own round trip, instead of one every ACCESS_LOG_FLUSH_MS.)
   */
  async function write() {
    let due = pending.length;
    while (due > 0) {
      const batch = pending.slice(0, Math.min(due, ACCESS_LOG_BATCH));
      pending = pending.slice(batch.length);
      due -= batch.length;
      try {
        await insert(valuesOf(batch));
      } catch (err) {
        pending = batch.concat(pending);
        const over = pending.length - ACCESS_LOG_MAX_PENDING;
        if (over > 0) pending = pending.slice(over);
        logger.warn(
          // The error itself, not its message: the serializer keeps SQL parameters (the rows) out of the log.
          { err, pending: pending.length, dropped: Math.max(0, over) },
          'could not write the access log; rows kept for the next write',
        );
        return;
      }
    }
  }

  /** Writes what is pending (one write at a time, in order). */
  function flush(): Promise<void> {
    writing = writing.then(write);
    return writing;
  }

  return {
    /** Adds the row of a read; it is written within ACCESS_LOG_FLUSH_MS. */
    record(actor: Actor, entry: AccessEntry): void {
      const who = actorIdentity(actor);
      pending.push({
        id: newId('acc'),
        tenant_id: actor.tenantId,
        organization_id: actor.organizationId ?? null,
        environment: actor.environment,
        actor_type: who.actorType,
        actor_id: who.actorId,
        api_key_id: actor.apiKeyId ?? null,
        agent_id: actor.agentId ?? null,
        namespace: entry.namespace ?? null,
        operation: entry.operation,
        query: entry.query ? redactText(entry.query).slice(0, QUERY_CHARS) : null,
        memory_ids: entry.memoryIds,
        artifact_ids: entry.artifactIds ?? [],
        tokens_used: entry.tokensUsed ?? null,
        candidate_tokens: entry.candidateTokens ?? null,
        request_id: actor.requestId,
        created_at: new Date().toISOString(),
      });
      // A full batch waiting is written at once (once per batch, not once per row beyond it).
      if (pending.length % ACCESS_LOG_BATCH === 0) void flush();
    },
    flush,
  };
}

export type AccessLog = ReturnType<typeof createAccessLog>;
