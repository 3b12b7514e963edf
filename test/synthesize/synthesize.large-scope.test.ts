/**
 * Synthesize on a scope larger than LARGE_SCOPE events (issue 29): common words are read from the
 * scope's recent window, rare words from the whole history, a word in no event from the index alone;
 * through real HTTP. And the plan guard: the statements that read a large scope (the recent window's
 * sample, the capped document count) examine a bounded number of events, checked with EXPLAIN ANALYZE
 * on whichever database the suite runs (PGlite, or PostgreSQL when DATABASE_URL is set), so a change
 * that makes them walk the tenant's history again fails here, not in production. Not timed.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventsBetweenQuery, recentSampleQuery } from '../../server/src/retrieval/candidates.js';
import { LARGE_SCOPE, RECENT_WINDOW } from '../../server/src/retrieval/lexical-candidates.js';
import type { RetrievalScope } from '../../server/src/retrieval/scope.js';
import { COUNT_CAP, countQuery } from '../../server/src/retrieval/term-stats.js';
import { eventReads } from '../helpers/explain.js';
import { expectStatus, newTenant, useTestServer } from '../helpers/index.js';

const EVENTS = LARGE_SCOPE + 2_000;
/** The one old event holding the rare word: far outside the recent window. */
const PLANTED = 100;

const server = useTestServer();
let apiKey: string;
let tenantId: string;
/**
 * Ids below any real ULID ('evt_00...'), in capture order, and unique to this run's tenant (a kept
 * database, a developer's, holds the runs before).
 */
let idTag: string;
const eventId = (turn: number) => `evt_00${idTag}${String(turn).padStart(18, '0')}`;

const database = () => server.ctx.database;

beforeAll(async () => {
  const tenant = await newTenant(server, 'large-scope');
  apiKey = tenant.apiKey;
  tenantId = tenant.user.tenantId;
  idTag = tenantId.slice(-6).toLowerCase();
  // Loaded by SQL: 12,000 captures through HTTP would make this file slow (ids: eventId); every fifth
  // turn is about a deploy (2,400: a common word), one about a quokka.
  await database().rows(sql`
    insert into events (id, tenant_id, environment, namespace, session_id, type, payload, metadata, text,
      content_hash, occurred_at)
    select 'evt_00' || ${idTag} || lpad(g::text, 18, '0'), ${tenantId}, 'live', 'history', 'history-' || (g / 20), 'message',
      jsonb_build_object('role', 'user', 'content', t.c), '{}'::jsonb, 'user: ' || t.c, md5(g::text),
      now() - interval '100 days' + g * interval '10 minutes'
    from generate_series(0, ${EVENTS - 1}::int) g
    cross join lateral (
      select 'turn ' || g || ' about the ' ||
        (array['deploy', 'meeting', 'budget', 'garden', 'lunch'])[1 + g % 5] || ' and the ' ||
        (array['printer', 'window', 'ticket', 'kettle', 'laptop', 'parcel', 'plant'])[1 + (g / 5) % 7] ||
        case when g = ${PLANTED} then ' with a quokka' else '' end as c
    ) t`);
}, 300_000);

async function synthesize(query: string) {
  const res = await server.api(apiKey).synthesize.synthesize({
    body: { query, namespace: 'history', options: { maxTokens: 2000 } },
  });
  return expectStatus(res, 200).body.data.entries;
}

const turnOf = (content: string) => Number(/turn (\d+)/.exec(content)?.[1] ?? Number.NaN);

describe('POST /v1/synthesize on a scope of more than LARGE_SCOPE events', () => {
  it('finds a rare word wherever it is in the history', async () => {
    const entries = await synthesize('What did we say about the quokka?');
    expect(entries.map((e) => turnOf(e.content))).toContain(PLANTED);
  });

  it('answers a common word with the newest of its many matches', async () => {
    const entries = await synthesize('when is the deploy');
    const turns = entries.map((e) => turnOf(e.content));
    expect(turns.length).toBeGreaterThan(0);
    // The recent window is the newest RECENT_WINDOW events; a neighbour of its oldest match may be lent in.
    for (const turn of turns) expect(turn).toBeGreaterThanOrEqual(EVENTS - RECENT_WINDOW - 1);
    expect(entries.some((e) => e.content.includes('deploy'))).toBe(true);
  });

  it('answers a common word of older history only with some of its matches', async () => {
    // The newest turns mention nothing new: add 2,000 turns without 'printer' and ask for it.
    const from = EVENTS;
    await database().rows(sql`
      insert into events (id, tenant_id, environment, namespace, session_id, type, payload, metadata, text,
        content_hash, occurred_at)
      select 'evt_00' || ${idTag} || lpad(g::text, 18, '0'), ${tenantId}, 'live', 'history', 'recent-' || (g / 20), 'message',
        jsonb_build_object('role', 'user', 'content', 'turn ' || g || ' about the lunch'), '{}'::jsonb,
        'user: turn ' || g || ' about the lunch', md5(g::text), now()
      from generate_series(${from}::int, ${from + RECENT_WINDOW - 1}::int) g`);
    const entries = await synthesize('where is the printer');
    expect(entries.some((e) => e.content.includes('printer'))).toBe(true);
  });

  it('remembers which events sample a word of older history, never their content: an event erased since is not returned', async () => {
    const first = await synthesize('where is the printer');
    const shown = first.map((e) => turnOf(e.content)).filter((t) => t < EVENTS);
    expect(shown.length).toBeGreaterThan(0);
    // Erased behind this process's back (another server's erasure, a retention sweep).
    await database().rows(
      sql`delete from events where tenant_id = ${tenantId} and id = any(${sql.param(shown.map(eventId))}::text[])`,
    );
    const again = await synthesize('where is the printer');
    const turns = again.map((e) => turnOf(e.content));
    for (const turn of shown) expect(turns).not.toContain(turn);
    // The rest of the remembered sample still answers.
    expect(again.some((e) => e.content.includes('printer'))).toBe(true);
  });

  it('answers a query whose words are in no event with nothing', async () => {
    const entries = await synthesize('zebra quantum flux');
    expect(entries).toEqual([]);
  });
});

describe('statements reading a large scope examine a bounded number of events', () => {
  const scopes = (): Array<[string, RetrievalScope]> => [
    ['one namespace', { tenantId, environment: 'live', namespace: 'history', minConfidence: 0 }],
    ['every namespace', { tenantId, environment: 'live', minConfidence: 0 }],
    ['one session', { tenantId, environment: 'live', sessionId: 'history-300', minConfidence: 0 }],
  ];

  it('the recent window reads at most its size, for common words and for words in no event', async () => {
    for (const [name, scope] of scopes()) {
      for (const lexemes of [['deploy'], ['zebra', 'quantum']]) {
        const { rows, scans } = await eventReads(database(), recentSampleQuery(scope, lexemes, RECENT_WINDOW, 300));
        // The window's index range (plus a probe per namespace), and the matches returned by primary key.
        expect(rows, `${name}, ${lexemes}`).toBeLessThanOrEqual(RECENT_WINDOW + 300 + 10);
        expect(scans.has('Seq Scan'), `${name}, ${lexemes}`).toBe(false);
      }
    }
  });

  it('the events of a time a query names are read from the recent window only', async () => {
    const day = 86_400_000;
    // A day of the oldest history (none of it in the window) and the last days (all of it).
    const ranges = [
      { from: new Date(Date.now() - 100 * day), to: new Date(Date.now() - 99 * day) },
      { from: new Date(Date.now() - 30 * day), to: new Date(Date.now()) },
    ];
    for (const [name, scope] of scopes())
      for (const range of ranges) {
        const query = eventsBetweenQuery(scope, range, 20, { window: RECENT_WINDOW });
        const { rows, scans } = await eventReads(database(), query);
        // The window's index range, then its rows by primary key.
        expect(rows, name).toBeLessThanOrEqual(2 * RECENT_WINDOW + 10);
        expect(scans.has('Seq Scan'), name).toBe(false);
      }
  });

  it("the events of a time a small scope's query names are read through its index, not the table", async () => {
    // A tenant of no event beside the large one: a plan that scans the table reads the large one's rows.
    const empty: RetrievalScope = { tenantId: `${tenantId}-none`, environment: 'live', minConfidence: 0 };
    const range = { from: new Date(Date.now() - 100 * 86_400_000), to: new Date() };
    const { rows, scans } = await eventReads(database(), eventsBetweenQuery(empty, range, 20, null));
    expect(rows).toBeLessThanOrEqual(10);
    expect(scans.has('Seq Scan')).toBe(false);
  });

  it('the document count stops at its cap', async () => {
    const { rows } = await eventReads(database(), countQuery('event', scopes()[0]?.[1] as RetrievalScope, COUNT_CAP));
    expect(rows).toBeLessThanOrEqual(COUNT_CAP);
    expect(EVENTS).toBeGreaterThan(COUNT_CAP);
  });
});
