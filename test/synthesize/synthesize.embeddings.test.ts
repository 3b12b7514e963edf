/**
 * Optional embeddings, end to end through HTTP, against a local OpenAI-compatible embeddings server
 * started here (test/helpers/embedding-server.ts: hashed character trigrams, a fixed random
 * projection, and a small synonym table so that a paraphrase sharing no word with a stored text gets a
 * near vector). Runs on the embedded PGlite (real[] vectors) and, with DATABASE_URL, on PostgreSQL
 * with pgvector; skipped there, with the reason printed, only when the extension is not installed.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeEmbeddingServer, startFakeEmbeddingServer } from '../helpers/embedding-server.js';
import { expectStatus, newTenant, startTestServer, type TestServer } from '../helpers/index.js';
import { pgvectorMissing } from '../helpers/pgvector.js';

const skipReason = await pgvectorMissing();
if (skipReason) console.log(`synthesize.embeddings: skipped, ${skipReason}`);

const STORED = [
  'My daughter adores horse riding at the stables.',
  'The quarterly report is due on Friday and needs the sales figures.',
  'I prefer oat milk in my coffee, always.',
];
/** Shares no word (nor stem) with the first stored text; the fake model's synonyms bring them together. */
const PARAPHRASE = 'Which equestrian hobby does the kid love?';
/** Captured while the embeddings server is down. */
const DURING_OUTAGE = 'The physician prescribed antibiotics for my son.';
const OUTAGE_PARAPHRASE = 'Which doctor gave medicine to the kid?';

interface Entry {
  content: string;
}

async function seed(server: TestServer, apiKey: string, namespace: string): Promise<string[]> {
  const events = STORED.map((content, i) => ({
    type: 'message' as const,
    sessionId: `${namespace}-s1`,
    namespace,
    occurredAt: `2024-03-0${i + 1}T10:00:00Z`,
    payload: { role: 'user', content },
  }));
  const api = server.api(apiKey);
  const captured = expectStatus(await api.capture.captureBatch({ body: { events } }), 201);
  const learned = await api.learn.learn({ body: { namespace, wait: true } });
  expect(expectStatus(learned, 200).body.data.status).toBe('completed');
  return captured.body.data.results.map((r) => r.eventId);
}

async function synthesize(server: TestServer, apiKey: string, namespace: string, query: string): Promise<Entry[]> {
  const res = await server.api(apiKey).synthesize.synthesize({ body: { query, namespace } });
  return expectStatus(res, 200).body.data.entries as Entry[];
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function countEmbedded(server: TestServer, table: string, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await server.ctx.database.rows<{ n: number }>(
    sql`select count(*)::int as n from ${sql.identifier(table)} where id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return Number(rows[0]?.n ?? 0);
}

describe.skipIf(skipReason !== undefined)('synthesize with embeddings configured', () => {
  let embedder: FakeEmbeddingServer;
  let server: TestServer;
  let lexicalOnly: TestServer;
  let apiKey: string;
  let tenantId: string;
  let lexicalKey: string;
  let eventIds: string[] = [];
  const namespace = `emb-${Date.now().toString(36)}`;

  beforeAll(async () => {
    embedder = await startFakeEmbeddingServer();
    server = await startTestServer({
      EMBEDDINGS_URL: embedder.url,
      EMBEDDINGS_MODEL: 'fake-trigram-128',
      EMBEDDINGS_API_KEY: 'sk-test-embeddings',
      EMBEDDINGS_POLL_MS: '100',
      EMBEDDINGS_BATCH_SIZE: '16',
    });
    lexicalOnly = await startTestServer({ EMBEDDINGS_URL: undefined, EMBEDDINGS_MODEL: undefined });
    ({
      apiKey,
      user: { tenantId },
    } = await newTenant(server, 'emb'));
    ({ apiKey: lexicalKey } = await newTenant(lexicalOnly, 'emb-off'));
    eventIds = await seed(server, apiKey, namespace);
    await seed(lexicalOnly, lexicalKey, namespace);
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    await lexicalOnly?.close();
    await embedder?.stop().catch(() => undefined);
  });

  it('embeds captured events and learned memories in the background, in batches, with the key', async () => {
    await waitFor(
      'events embedded',
      async () => (await countEmbedded(server, 'event_embeddings', eventIds)) === eventIds.length,
    );
    const memories = await server.ctx.database.rows<{ id: string }>(
      sql`select id from memories where tenant_id = ${tenantId}`,
    );
    expect(memories.length, 'learn made memories').toBeGreaterThan(0);
    const memoryIds = memories.map((m) => m.id);
    await waitFor(
      'memories embedded',
      async () => (await countEmbedded(server, 'memory_embeddings', memoryIds)) === memoryIds.length,
    );
    const artifactIds = (
      await server.ctx.database.rows<{ id: string }>(sql`select id from artifacts where tenant_id = ${tenantId}`)
    ).map((a) => a.id);
    await waitFor(
      'artifacts embedded',
      async () => (await countEmbedded(server, 'artifact_embeddings', artifactIds)) === artifactIds.length,
    );
    console.log(`embedded ${eventIds.length} events, ${memoryIds.length} memories, ${artifactIds.length} artifacts`);
    expect(embedder.requests.every((r) => r.model === 'fake-trigram-128')).toBe(true);
    expect(embedder.requests.every((r) => r.authorization === 'Bearer sk-test-embeddings')).toBe(true);
    expect(embedder.requests.every((r) => r.inputs <= 16)).toBe(true); // EMBEDDINGS_BATCH_SIZE
    expect(embedder.embedded.some((t) => t.includes(STORED[0] as string))).toBe(true);
  });

  it('finds a paraphrase sharing no word with the stored text only with embeddings on', async () => {
    const off = await synthesize(lexicalOnly, lexicalKey, namespace, PARAPHRASE);
    expect(off.some((e) => e.content.includes('horse riding'))).toBe(false);
    const on = await synthesize(server, apiKey, namespace, PARAPHRASE);
    expect(on[0]?.content).toContain('horse riding');
  });

  it('keeps lexical retrieval as it is for words that match', async () => {
    const on = await synthesize(server, apiKey, namespace, 'When is the quarterly report due?');
    expect(on[0]?.content).toContain('quarterly report');
  });

  it('finds by meaning, within a second, what was embedded after its scope was first searched', async () => {
    // PGlite keeps a scope's vectors in memory; they must not stay as they were at the first search.
    const late = `${namespace}-late`;
    const api = server.api(apiKey);
    const capture = async (content: string) => {
      const res = await api.capture.capture({
        body: { type: 'message', namespace: late, sessionId: `${late}-s1`, payload: { role: 'user', content } },
      });
      const id = expectStatus(res, 201).body.data.eventId;
      await waitFor('embedded', async () => (await countEmbedded(server, 'event_embeddings', [id])) === 1);
    };
    await capture('The quarterly report is due on Friday.');
    expect(await synthesize(server, apiKey, late, OUTAGE_PARAPHRASE)).not.toContainEqual(
      expect.objectContaining({ content: expect.stringContaining('antibiotics') }),
    );
    await capture('The physician gave my daughter antibiotics.');
    await new Promise((r) => setTimeout(r, 1_100));
    const found = await synthesize(server, apiKey, late, OUTAGE_PARAPHRASE);
    expect(found.map((e) => e.content).join('\n')).toContain('antibiotics');
  });

  it('keeps capture and synthesize working while the embeddings server is down, and catches up after', async () => {
    await embedder.stop();
    const captured = await server.api(apiKey).capture.capture({
      body: {
        type: 'message',
        namespace,
        sessionId: `${namespace}-s2`,
        payload: { role: 'user', content: DURING_OUTAGE },
      },
    });
    const outageId = expectStatus(captured, 201).body.data.eventId;
    const lexical = await synthesize(server, apiKey, namespace, 'Who prescribed antibiotics?');
    expect(lexical[0]?.content).toContain('antibiotics');
    // Down: the paraphrase is beyond lexical means, and the new event has no vector.
    const down = await synthesize(server, apiKey, namespace, OUTAGE_PARAPHRASE);
    expect(down.some((e) => e.content.includes('antibiotics'))).toBe(false);
    expect(await countEmbedded(server, 'event_embeddings', [outageId])).toBe(0);

    await embedder.start();
    await waitFor(
      'the outage event embedded',
      async () => (await countEmbedded(server, 'event_embeddings', [outageId])) === 1,
    );
    await waitFor('the paraphrase found again', async () => {
      const up = await synthesize(server, apiKey, namespace, OUTAGE_PARAPHRASE);
      return up[0]?.content.includes('antibiotics') ?? false;
    });
  }, 60_000);
});

describe('embeddings not configured', () => {
  it('creates no embeddings table (embedded database)', async () => {
    if (process.env.DATABASE_URL) return; // a shared PostgreSQL keeps the tables of the run above
    const server = await startTestServer({ EMBEDDINGS_URL: undefined, EMBEDDINGS_MODEL: undefined });
    try {
      const rows = await server.ctx.database.rows<{ t: string | null }>(
        sql`select to_regclass('event_embeddings')::text as t`,
      );
      expect(rows[0]?.t).toBeNull();
    } finally {
      await server.close();
    }
  });

  it('refuses to start with a URL and no model', async () => {
    await expect(
      startTestServer({ EMBEDDINGS_URL: 'http://127.0.0.1:1/v1', EMBEDDINGS_MODEL: undefined }),
    ).rejects.toThrow(/EMBEDDINGS_URL and EMBEDDINGS_MODEL/);
  });
});
