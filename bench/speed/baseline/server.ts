/**
 * The bare baseline of `bench:compare`: Express 4 + express.json + postgres.js and nothing else (no
 * authentication, validation, idempotency, duplicate check, quota, rate limit, logging or metrics).
 * It stores the same rows Hx stores, in a table with the same columns as Hx's `events` (the stored
 * english tsvector included) and the same search index, one INSERT per event or one multi-row INSERT
 * per batch, and answers an authenticated-read's shape with one indexed SELECT. What Hx costs beyond
 * this is what its guarantees cost.
 *
 * Run as a child process by bench/speed/compare.ts: DATABASE_URL (a database it may create tables in),
 * PORT (0 for any); prints `{"url": ...}` on its IPC channel (or stdout) once listening.
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import express from 'express';
import { createExpressServer } from '../../../server/src/http/express-server.js';
import postgres from 'postgres';

const sql = postgres(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres', {
  max: Number(process.env.BASELINE_POOL ?? 10),
  onnotice: () => {},
});

const TENANT = 'ten_baseline';

async function migrate() {
  await sql.unsafe(`
    create table if not exists events (
      id text primary key,
      tenant_id text not null,
      environment text not null,
      namespace text not null default 'default',
      session_id text not null,
      agent_id text,
      subject_id text,
      type text not null,
      payload jsonb not null,
      metadata jsonb not null default '{}'::jsonb,
      text text not null default '',
      search tsvector generated always as (to_tsvector('english', text)) stored,
      content_hash text not null,
      salience real not null default 0.5,
      occurred_at timestamptz not null,
      created_at timestamptz not null default now()
    );
    create index if not exists events_scope_idx on events (tenant_id, environment, namespace, id);
    create index if not exists events_fts_idx on events using gin (search);
    create table if not exists artifacts (
      id text primary key,
      tenant_id text not null,
      environment text not null,
      namespace text not null,
      type text not null,
      title text not null,
      markdown text not null,
      confidence real not null,
      created_at timestamptz not null default now()
    );
    create index if not exists artifacts_list_idx on artifacts (tenant_id, environment, created_at);
  `);
  await sql`
    insert into artifacts (id, tenant_id, environment, namespace, type, title, markdown, confidence)
    select 'art_' || g, ${TENANT}, 'live', 'default', 'summary', 'Artifact ' || g, 'Body of artifact ' || g, 0.8
    from generate_series(1, 100) g on conflict do nothing`;
}

const newId = (prefix: string) => `${prefix}_${Date.now().toString(36)}${randomBytes(8).toString('hex')}`;

interface EventIn {
  sessionId: string;
  type: string;
  namespace?: string;
  payload: Record<string, unknown>;
  metadata?: Record<string, unknown>;
}

/** The row Hx stores for an event (the text and hash columns filled the cheapest way). */
function row(e: EventIn) {
  const content = typeof e.payload.content === 'string' ? e.payload.content : '';
  return {
    id: newId('evt'),
    tenant_id: TENANT,
    environment: 'live',
    namespace: e.namespace ?? 'default',
    session_id: e.sessionId,
    type: e.type,
    payload: e.payload as never,
    metadata: (e.metadata ?? {}) as never,
    text: content,
    content_hash: '-',
    occurred_at: new Date(),
  };
}

const COLUMNS = [
  'id',
  'tenant_id',
  'environment',
  'namespace',
  'session_id',
  'type',
  'payload',
  'metadata',
  'text',
  'content_hash',
  'occurred_at',
] as const;

const app = express();
app.disable('x-powered-by');
app.set('etag', false);
app.use(express.json({ limit: '10mb' }));

app.post('/v1/capture', async (req, res) => {
  try {
    const r = row(req.body as EventIn);
    await sql`insert into events ${sql(r, ...COLUMNS)}`;
    res.status(201).json({ ok: true, data: { eventId: r.id, status: 'ingested', salienceScore: 0.5 } });
  } catch (err) {
    res.status(500).json({ ok: false, error: { code: 'internal', message: String(err) } });
  }
});

app.post('/v1/capture/batch', async (req, res) => {
  try {
    const rows = (req.body as { events: EventIn[] }).events.map(row);
    await sql`insert into events ${sql(rows, ...COLUMNS)}`;
    res.status(201).json({
      ok: true,
      data: {
        results: rows.map((r) => ({ eventId: r.id, status: 'ingested', salienceScore: 0.5 })),
        summary: { total: rows.length, ingested: rows.length, duplicates: 0, errors: 0 },
      },
    });
  } catch (err) {
    res.status(500).json({ ok: false, error: { code: 'internal', message: String(err) } });
  }
});

app.get('/v1/artifacts', async (req, res) => {
  try {
    const limit = Math.min(100, Number(req.query.limit ?? 20) || 20);
    const items = await sql`
      select id, namespace, type, title, markdown, confidence, created_at from artifacts
      where tenant_id = ${TENANT} and environment = 'live' order by created_at desc limit ${limit}`;
    res.json({ ok: true, data: { artifacts: items, pagination: { hasMore: true, nextCursor: null } } });
  } catch (err) {
    res.status(500).json({ ok: false, error: { code: 'internal', message: String(err) } });
  }
});

await migrate();
// BORN_PROTOTYPES (bench:compare --born-prototypes): the HTTP server as Hx builds it.
const http = process.env.BORN_PROTOTYPES ? createExpressServer(app) : createServer(app);
const server = http.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const ready = { url: `http://127.0.0.1:${port}` };
  if (process.send) process.send(ready);
  else console.log(JSON.stringify(ready));
});

const stop = () => server.close(() => sql.end().then(() => process.exit(0)));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
process.on('disconnect', stop);
