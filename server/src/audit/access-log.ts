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
import { sql } from 'drizzle-orm';
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
}

/** One row as the write statement reads it (jsonb_to_recordset: snake_case keys). */
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
  request_id: string;
  created_at: string;
}

export function createAccessLog(deps: { database: Database; logger: Logger }) {
  const { database, logger } = deps;
  let pending: PendingRow[] = [];
  let writing: Promise<void> = Promise.resolve();

  async function write() {
    while (pending.length > 0) {
      const batch = pending.slice(0, ACCESS_LOG_BATCH);
      pending = pending.slice(batch.length);
      try {
        // The organization whose memories were read is the one owning the namespace (names are unique
        // per tenant), whatever key read it; else the caller's. Committed asynchronously: nothing waits.
        await database.rows(sql`
          with async_commit as (select set_config('synchronous_commit', 'off', true))
          insert into ${accessLogs} (id, tenant_id, organization_id, environment, actor_type, actor_id,
            api_key_id, agent_id, namespace, operation, query, memory_ids, artifact_ids, request_id, created_at)
          select v.id, v.tenant_id,
            coalesce((select n.organization_id from ${namespaces} n where n.tenant_id = v.tenant_id
              and (n.id = v.namespace or n.name = v.namespace) limit 1), v.organization_id),
            v.environment, v.actor_type, v.actor_id, v.api_key_id, v.agent_id, v.namespace, v.operation, v.query,
            array(select jsonb_array_elements_text(v.memory_ids)),
            array(select jsonb_array_elements_text(v.artifact_ids)), v.request_id, v.created_at
          from async_commit, jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as v(id text, tenant_id text,
            organization_id text, environment text, actor_type text, actor_id text, api_key_id text,
            agent_id text, namespace text, operation text, query text, memory_ids jsonb, artifact_ids jsonb,
            request_id text, created_at timestamptz)`);
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
        request_id: actor.requestId,
        created_at: new Date().toISOString(),
      });
      if (pending.length >= ACCESS_LOG_BATCH) void flush();
    },
    flush,
  };
}

export type AccessLog = ReturnType<typeof createAccessLog>;
