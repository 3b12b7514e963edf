/**
 * The document-frequency count of a large scope (issue 29's history soak) reads the full-text index,
 * never the tenant's history, whatever the planner believes about the scope.
 *
 * The soak's slow statement: counting words in no event walked the tenant's scope index, filtering
 * each of its rows, 0.3-1 s a call at 400,000 events. The planner chose that walk because it did not
 * know the words (a VALUES list) and, with statistics taken while the tenant was small, thought the
 * scope tiny. This suite builds that state on purpose: ANALYZE while the tenant holds no event, then
 * LARGE_SCOPE + 2,000 events loaded by SQL with no ANALYZE after. Then EXPLAIN (ANALYZE, BUFFERS) of the
 * count must show the events read through the full-text index only (no scan of another index or of the
 * table), no more rows than the words' matches, and a bounded number of buffers. The recent window
 * (common words) likewise reads only its window, through the scope or session index, including for a
 * tenant the statistics take for the whole table while newer events of another tenant sit above its own
 * in the primary key (a backwards walk of it read all of those). Not timed. Runs on
 * PGlite and, with DATABASE_URL, on PostgreSQL, in a database of its own there with autovacuum off for
 * `events`, so a background ANALYZE cannot refresh the statistics under it.
 */
import { randomBytes } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { LARGE_SCOPE, RECENT_CANDIDATES, RECENT_WINDOW } from '../../server/src/retrieval/lexical-candidates.js';
import type { RetrievalScope } from '../../server/src/retrieval/scope.js';
import { candidatesQuery, recentSampleQuery } from '../../server/src/retrieval/candidates.js';
import { DF_CAP, documentFrequencyQuery } from '../../server/src/retrieval/term-stats.js';
import { expectStatus, newTenant, startTestServer, useTestServer } from '../helpers/index.js';
import { eventReads as readsOfEvents } from '../helpers/explain.js';
import { useScratchDatabase } from '../helpers/scratch-database.js';

const EVENTS = LARGE_SCOPE + 2_000;
/** Events of the tenant the statistics know. */
const KNOWN_EVENTS = LARGE_SCOPE + 2_000;
/** Turns holding the rare word. */
const RARE = [7, 4_000, 9_000];
const onPostgres = process.env.DATABASE_URL !== undefined;
/** Part of the events' ids (in capture order within the run) and of their words: a PostgreSQL database may be reused. */
const run = randomBytes(4).toString('hex');
/** A word common in this tenant and one rare in it, found in no other tenant's events (one lexeme each). */
const COMMON = `deploy${run}`;
const RARE_WORD = `quokka${run}`;

// On PostgreSQL a database of its own: the suite's ANALYZE leaves statistics that misjudge every tenant
// loaded after it (the point here), which would change the plans of the suites running beside it.
const scratch = onPostgres ? useScratchDatabase(`hx_df_${Date.now().toString(36)}_${process.pid}`) : undefined;
const server = useTestServer(() => startTestServer(scratch ? { DATABASE_URL: scratch() } : {}));
let apiKey: string;
let scope: RetrievalScope;
let knownScope: RetrievalScope;

const database = () => server.ctx.database;

/**
 * `count` events of a tenant by SQL, ids `evt_<prefix><run>…` in capture order, 20 turns a session,
 * each about one of `topics` in turn, the rare word in turns RARE when `rare`.
 */
async function load(tenantId: string, prefix: string, count: number, topics: string[], rare: boolean) {
  await database().rows(sql`
    insert into events (id, tenant_id, environment, namespace, session_id, type, payload, metadata, text,
      content_hash, occurred_at)
    select 'evt_' || ${prefix} || ${run.toUpperCase()} || lpad(g::text, 16, '0'), ${tenantId}, 'live', 'history',
      'history-' || (g / 20), 'message', jsonb_build_object('role', 'user', 'content', t.c), '{}'::jsonb,
      'user: ' || t.c, md5(g::text), now() - interval '100 days' + g * interval '10 minutes'
    from generate_series(0, ${count - 1}::int) g
    cross join lateral (
      select 'turn ' || g || ' about the ' ||
        (${sql.param(topics)}::text[])[1 + g % ${topics.length}] || ' and the version' ||
        case when ${rare} and g = any(${sql.param(RARE)}::int[]) then ' with a ' || ${RARE_WORD} else '' end as c
    ) t`);
}

beforeAll(async () => {
  const tenant = await newTenant(server, 'df-count');
  apiKey = tenant.apiKey;
  scope = { tenantId: tenant.user.tenantId, environment: 'live', namespace: 'history', minConfidence: 0 };
  if (onPostgres) await database().rows(sql`alter table events set (autovacuum_enabled = false)`);
  // A tenant the statistics know (all of the table when they are taken) and whose events are older
  // than this one's: the planner takes its scope for the whole table, and the newest entries of the
  // primary key are another tenant's (issue 29: a window walked the primary key back through them).
  const known = await newTenant(server, 'df-known');
  knownScope = { tenantId: known.user.tenantId, environment: 'live', namespace: 'history', minConfidence: 0 };
  await load(knownScope.tenantId, '00', KNOWN_EVENTS, ['meeting', 'garden', 'lunch'], false);
  // Statistics of a table where this tenant has no event yet: the planner will think its scope empty.
  await database().rows(sql`analyze events`);
  await load(scope.tenantId, '01', EVENTS, [COMMON, 'meeting', 'budget'], true);
  // Merge the GIN pending list the inserts filled (as search maintenance does): a probe then reads the
  // index's tree, and its buffers measure the plan, not how many inserts await a merge.
  await database().rows(sql`select gin_clean_pending_list('events_fts_idx'::regclass)`);
}, 300_000);

const eventReads = (query: SQL) => readsOfEvents(database(), query);

describe('the document-frequency count of a large scope', () => {
  it('reads words in no event from the full-text index alone, with stale statistics', async () => {
    const { scans, indexes, rows, buffers } = await eventReads(
      documentFrequencyQuery('event', scope, ['zebra', 'quantum', 'flux'], true),
    );
    // Only bitmap scans of the full-text index: never the scope's btree index walked, nor the table.
    expect(scans).toEqual(new Set(['Bitmap Heap Scan']));
    expect(indexes).toEqual(new Set(['events_fts_idx']));
    expect(rows).toBe(0);
    // A few index pages a word (the scope walk read every one of the tenant's index and heap pages).
    expect(buffers).toBeLessThanOrEqual(30);
  });

  it('counts a rare word by its matches only, and a common one up to the cap', async () => {
    const query = documentFrequencyQuery('event', scope, [RARE_WORD, COMMON, 'zebra'], true);
    const { scans, indexes, rows } = await eventReads(query);
    expect(scans).toEqual(new Set(['Bitmap Heap Scan']));
    expect(indexes).toEqual(new Set(['events_fts_idx']));
    expect(rows).toBeLessThanOrEqual(RARE.length + DF_CAP);
    const counts = await database().rows<{ i: number; df: number | string }>(query);
    expect(counts.map((r) => [Number(r.i), Number(r.df)]).sort()).toEqual([
      [0, RARE.length],
      [1, DF_CAP],
      [2, 0],
    ]);
  });

  it('fetches the matches of a rare word through the full-text index, and a sample of a common one', async () => {
    for (const [lexemes, limit] of [
      [[RARE_WORD, 'zebra'], 400],
      [[COMMON], 100],
    ] as const) {
      const { scans, indexes, rows } = await eventReads(
        candidatesQuery('event', scope, [...lexemes], limit, sql`true`, true),
      );
      // The matches through the full-text index, then the rows taken by primary key (an index scan or a
      // bitmap of it): no other index, no sequential scan.
      expect(scans.has('Seq Scan'), `${lexemes}`).toBe(false);
      expect(indexes, `${lexemes}`).toEqual(new Set(['events_fts_idx', 'events_pkey']));
      expect(rows, `${lexemes}`).toBeLessThanOrEqual(2 * limit);
    }
  });

  it('reads the recent window through the scope or session index, bounded by the window', async () => {
    const scopes: Array<[string, RetrievalScope, number]> = [
      ['one namespace', scope, RECENT_WINDOW],
      ['every namespace', { ...scope, namespace: undefined }, RECENT_WINDOW],
      // 20 turns a session: its window is those 20.
      ['one session', { ...scope, namespace: undefined, sessionId: 'history-300' }, 20],
      // The tenant the statistics took for the whole table, its newest events older than the other's.
      ['known tenant, one namespace', knownScope, RECENT_WINDOW],
      ['known tenant, one session', { ...knownScope, namespace: undefined, sessionId: 'history-300' }, 20],
    ];
    for (const [name, s, window] of scopes) {
      // A word of every event (the most matches to fetch) and words of none.
      for (const lexemes of [['version'], ['zebra', 'quantum']]) {
        const { scans, indexes, rows, buffers } = await eventReads(
          recentSampleQuery(s, lexemes, RECENT_WINDOW, RECENT_CANDIDATES),
        );
        const label = `${name}, ${lexemes}`;
        // The window's range of the scope or session index (plus a probe per namespace), then the matches
        // returned by primary key: never the primary key walked backwards through other events, nor the table.
        expect(scans.has('Seq Scan'), label).toBe(false);
        expect(rows, label).toBeLessThanOrEqual(window + Math.min(window, RECENT_CANDIDATES) + 10);
        expect(indexes.has(name.endsWith('one session') ? 'events_session_idx' : 'events_scope_idx'), label).toBe(true);
        // The window's index and heap pages, and a few pages a match (measured: at most 70 for a session,
        // 570 for a namespace; the primary-key walk read 808 on this 25,000-event table, and its cost
        // grows with the table).
        expect(buffers, label).toBeLessThanOrEqual(name.endsWith('one session') ? 100 : 700);
      }
    }
  });

  it('synthesize finds the rare word and answers words in no event with nothing', async () => {
    const ask = async (query: string) =>
      expectStatus(
        await server.api(apiKey).synthesize.synthesize({
          body: { query, namespace: 'history', options: { maxTokens: 2000 } },
        }),
        200,
      ).body.data.entries;
    const found = (await ask(`what about the ${RARE_WORD}`)).filter((e) => e.content.includes(RARE_WORD));
    expect(found.length).toBe(RARE.length);
    expect(await ask('zebra quantum flux')).toEqual([]);
  });
});
