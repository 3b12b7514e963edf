/**
 * The floor of Hx's HTTP and database stack, for the authenticated read: Express 4 + express.json, the
 * whole contract mounted through ts-rest with response validation (as Hx mounts it), and one drizzle
 * prepared SELECT over node-postgres, on the baseline's artifacts table. No authentication, rate
 * limit, admission, metrics, security headers, access log or namespace policy: none of Hx's own code.
 * What this costs beyond the bare baseline (speed/baseline/server.ts) is what the chosen stack costs;
 * what Hx costs beyond this is Hx's own work. Run by speed/stack-floor.ts after the baseline seeded
 * the table: DATABASE_URL, PORT (0 for any); sends `{"url": ...}` on its IPC channel once listening.
 */
import { type Artifact, contract } from '@hx-memory/contract';
import { isAppRoute } from '@ts-rest/core';
import { createExpressEndpoints } from '@ts-rest/express';
import { desc, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { pgTable, real, text, timestamp } from 'drizzle-orm/pg-core';
import { createServer } from 'node:http';
import express from 'express';
import { createExpressServer } from '../../../server/src/http/express-server.js';
import pg from 'pg';

const artifacts = pgTable('artifacts', {
  id: text('id').primaryKey(),
  tenantId: text('tenant_id').notNull(),
  environment: text('environment').notNull(),
  namespace: text('namespace').notNull(),
  title: text('title').notNull(),
  markdown: text('markdown').notNull(),
  confidence: real('confidence').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const db = drizzle(pool);
const page = db
  .select()
  .from(artifacts)
  .where(sql`${artifacts.tenantId} = 'ten_baseline' and ${artifacts.environment} = 'live'`)
  .orderBy(desc(artifacts.createdAt))
  .limit(sql.placeholder('limit'))
  .prepare('stack_floor_page');

function toArtifact(r: typeof artifacts.$inferSelect): Artifact {
  const at = r.createdAt.toISOString();
  return {
    id: r.id,
    type: 'session_summary',
    status: 'active',
    title: r.title,
    content: {},
    markdown: r.markdown,
    confidence: r.confidence,
    evidenceCount: 1,
    version: 1,
    sourceEvents: [],
    sourceMemories: [],
    namespace: r.namespace,
    subjectId: null,
    sessionId: null,
    createdAt: at,
    updatedAt: at,
  };
}

/** Every other route of the contract answers 501: mounted only so that routing walks what Hx's does. */
function stubs(node: object): object {
  return Object.fromEntries(
    Object.entries(node).map(([k, v]) => [
      k,
      isAppRoute(v) ? async () => ({ status: 501, body: { ok: false } }) : stubs(v as object),
    ]),
  );
}

const router = stubs(contract) as Record<string, Record<string, unknown>>;
router.artifacts!.list = async ({ query }: { query: { limit: number } }) => {
  const rows = await page.execute({ limit: query.limit });
  return {
    status: 200,
    body: {
      ok: true,
      data: { artifacts: rows.map(toArtifact), pagination: { hasMore: true } },
      meta: { requestId: '', tenantId: '', durationMs: 0 },
    },
  };
};

const app = express();
app.disable('x-powered-by');
app.set('etag', false);
app.use(express.json());
createExpressEndpoints(contract, router as never, app, {
  logInitialization: false,
  jsonQuery: false,
  responseValidation: true,
});

// BORN_PROTOTYPES (bench:compare --born-prototypes): the HTTP server as Hx builds it.
const http = process.env.BORN_PROTOTYPES ? createExpressServer(app) : createServer(app);
const server = http.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.send?.({ url: `http://127.0.0.1:${port}` });
});
const stop = () => server.close(() => pool.end().then(() => process.exit(0)));
process.on('SIGTERM', stop);
process.on('disconnect', stop);
