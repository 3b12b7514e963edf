/**
 * After a learn has written, the embedded database gets planner statistics (PGlite has no
 * autovacuum) and the events' GIN pending list is merged, in the background, without failing the
 * job. Through real HTTP; statistics are read from the server's own database.
 */
import type { CaptureEvent } from '@hx-memory/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer, newTenant } from '../helpers/index.js';

const server = useTestServer();
let apiKey: string;

beforeAll(async () => {
  ({ apiKey } = await newTenant(server, 'maint'));
});

async function statsRows(table: string): Promise<number> {
  const [row] = await server.ctx.database.rows<{ n: number | string }>(
    sql`select count(*) as n from pg_stats where schemaname = current_schema() and tablename = ${table}`,
  );
  return Number(row?.n ?? 0);
}

describe('search maintenance after learn', () => {
  it.skipIf(Boolean(process.env.DATABASE_URL))(
    'gives the embedded planner statistics once learn has written',
    async () => {
      const events = Array.from(
        { length: 50 },
        (_, i): CaptureEvent => ({
          type: 'message',
          sessionId: `maint-${i % 5}`,
          payload: { role: 'user', content: `I like hiking in the Alps number ${i} and my sister lives in Lyon.` },
        }),
      );
      const api = server.api(apiKey);
      expect((await api.capture.captureBatch({ body: { events } })).status).toBe(201);
      const learned = await api.learn.learn({ body: { wait: true } });
      expect(learned.body).toMatchObject({ data: { status: 'completed' } });
      const deadline = Date.now() + 10_000;
      while ((await statsRows('memories')) === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(await statsRows('memories')).toBeGreaterThan(0);
      expect(await statsRows('events')).toBeGreaterThan(0);
    },
  );
});
