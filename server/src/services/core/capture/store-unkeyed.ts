/**
 * The common case of capture in one statement: no per-event idempotency key, no Idempotency-Key header
 * (so no transaction) and no secret in any event. The duplicate probe, the quota count and the insert
 * of what is not a duplicate are one statement, the probe's CTE deciding what the insert stores; the
 * general path (store-events.ts) takes two. Same answers: duplicates of stored events and of earlier
 * events of the request, the batch stored whole or not at all, the quota exact.
 */
import { type CaptureResult, PLAN_LIMITS } from '@hx-memory/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../../actor.js';
import type { Database } from '../../../db/client.js';
import { newId } from '../../../ids.js';
import type { Detection } from '../../../redaction/index.js';
import { countedAs, quotaMonth } from '../quota.js';
import {
  addEvent,
  countType,
  dedupeScope,
  duplicateProbe,
  duplicateWindowStart,
  eventColumns,
  INSERT_COLUMNS,
  type PerType,
  SELECT_VALUES,
  unnestRows,
} from './event-rows.js';
import type { Prepared } from './prepare-events.js';
import type { CaptureRuntime } from './runtime.js';

export interface StoreOutcome {
  results: CaptureResult[];
  ingested: number;
  duplicates: number;
  perType: PerType;
}

interface Row {
  kind: 'd' | 'q';
  hash: string | null;
  id: string | null;
  salience: number;
}
type Run = (values: Record<string, unknown>) => Promise<Row[]>;

const P = sql.placeholder;

/**
 * The statement, with its values as placeholders: the probe (`dup`), what is not a duplicate
 * (`fresh`) and the insert (`stored`). With a monthly limit the month's count (`quota`) goes first and
 * the insert stores only if it fit (exact, atomic). Without one nothing can be refused: the statement
 * only stores, and the caller counts the stored events behind (quota.ts `countBehind`), so a tenant's
 * concurrent captures neither update one counter row nor wait on its lock through their commits.
 */
function template(limited: boolean): SQL {
  const insert = sql`insert into events (tenant_id, environment, ${INSERT_COLUMNS})
    select ${P('tenantId')}, ${P('environment')}, ${SELECT_VALUES} from fresh v`;
  const store = limited
    ? sql`${countedAs({ tenantId: P('tenantId'), month: P('month'), limit: P('limit') }, sql`(select count(*) from fresh)`)},
        stored as (${insert} where exists (select 1 from quota))`
    : sql`stored as (${insert})`;
  return sql`with dup as (${duplicateProbe({ scope: P('scope'), hashes: P('hashes'), since: P('since') })}),
      fresh as (
        select v.* from ${unnestRows((column) => P(column))}
        where v.content_hash not in (select hash from dup)),
      ${store}
      select 'd' as kind, hash, id, salience from dup${limited ? sql` union all select 'q', null, null, 0 from quota` : sql``}`;
}

/** The statement's two texts (plans with and without a monthly limit), made once per database. */
const statements = new WeakMap<Database, { limited: Run; unlimited: Run }>();
function statementsOf(database: Database) {
  let made = statements.get(database);
  if (!made) {
    made = { limited: database.statement<Row>(template(true)), unlimited: database.statement<Row>(template(false)) };
    statements.set(database, made);
  }
  return made;
}

/** Stores the events in one statement when the case applies; undefined when it does not. */
export async function storeUnkeyed(
  rt: CaptureRuntime,
  actor: Actor,
  prepared: Prepared[],
  secretsOf: (p: Prepared) => Detection[],
): Promise<StoreOutcome | undefined> {
  if (prepared.some((p) => p.input.idempotencyKey)) return undefined;
  // The first event of each content hash; later ones are duplicates of it (or of the stored one).
  const firsts = new Map<string, { p: Prepared; id: string }>();
  for (const p of prepared) if (!firsts.has(p.contentHash)) firsts.set(p.contentHash, { p, id: newId('evt') });
  const limit = PLAN_LIMITS[actor.plan].monthlyEvents;
  // More than the whole quota: the general path refuses it with what is used.
  if (limit !== null && firsts.size > limit) return undefined;
  const uniques = [...firsts.values()];
  // Secrets go to the vault in a transaction with the events: the general path does that.
  for (const { p } of uniques) {
    if (secretsOf(p).length > 0) return undefined;
  }
  const rows = eventColumns();
  for (const { p, id } of uniques) addEvent(rows, actor, p, id, p);
  const run = statementsOf(rt.database)[limit === null ? 'unlimited' : 'limited'];
  const out = await run({
    tenantId: actor.tenantId,
    environment: actor.environment,
    scope: dedupeScope(actor),
    hashes: [...firsts.keys()],
    since: duplicateWindowStart(),
    ...rows,
    month: quotaMonth().month,
    limit,
  });
  const stored = new Map<string, { id: string; salience: number }>();
  for (const r of out) if (r.kind === 'd') stored.set(r.hash!, { id: r.id!, salience: Number(r.salience) });
  const fresh = firsts.size - stored.size;
  // No `quota` row: the count did not fit, and nothing was stored (a request of only duplicates
  // stores nothing and is answered as such, as on the general path).
  if (limit !== null && fresh > 0 && !out.some((r) => r.kind === 'q')) {
    throw await rt.quota.refusal(rt.database.db, actor, fresh);
  }
  if (limit === null) rt.quota.countBehind(actor.tenantId, fresh);

  const results: CaptureResult[] = new Array(prepared.length);
  const perType: PerType = new Map();
  let ingested = 0;
  for (const p of prepared) {
    const first = firsts.get(p.contentHash)!;
    const earlier = stored.get(p.contentHash);
    const duplicate = earlier !== undefined || first.p !== p;
    results[p.index] = earlier
      ? { eventId: earlier.id, status: 'duplicate', salienceScore: earlier.salience }
      : { eventId: first.id, status: duplicate ? 'duplicate' : 'ingested', salienceScore: first.p.salience };
    countType(perType, p.input.type, duplicate ? 'duplicates' : 'ingested');
    if (!duplicate) ingested += 1;
  }
  return { results, ingested, duplicates: prepared.length - ingested, perType };
}
