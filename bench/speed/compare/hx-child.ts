/**
 * Hx for `bench:compare`, in a process of its own (so the load generator does not share its event
 * loop): boots the server from the workspace sources with a fresh tenant and API key, seeds a few
 * artifacts for the authenticated read, then answers the parent over IPC: `seedMemories`,
 * `explain` (EXPLAIN ANALYZE of a statement on its database), `stop`.
 * Environment: whatever the server reads (DATABASE_URL, REDIS_URL, ...); LOG_LEVEL defaults to info,
 * as in production (the parent discards the output).
 */
import { startBenchServer } from '../../lib/bench-server.js';
import { createCorpus } from '../corpus.js';
import { seedMemories } from '../seed.js';

type Command =
  | { cmd: 'seedMemories'; count: number; namespace: string; first: number }
  | { cmd: 'sql'; text: string }
  | { cmd: 'stop' };

const client = await startBenchServer({
  DATABASE_URL: process.env.DATABASE_URL,
  REDIS_URL: process.env.REDIS_URL,
  RATE_LIMIT_PREFIX: process.env.RATE_LIMIT_PREFIX,
  QUEUE_PREFIX: process.env.QUEUE_PREFIX,
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
  // The limiter runs as in production, but the enterprise ceiling must not cut the load short.
  UNLIMITED_PLAN_RPM: '1000000000',
});
const { database } = client.running.ctx;

// Artifacts are compiled by learn; the read measures listing, so a few rows seeded by SQL suffice.
await database.db.execute(
  `insert into artifacts (id, tenant_id, environment, namespace, type, key, title, content, markdown, confidence)
   select 'art_bench' || g, '${client.tenantId}', 'live', 'default', 'session_summary', 'k' || g, 'Artifact ' || g,
     '{}'::jsonb, 'Body of artifact ' || g, 0.8 from generate_series(1, 100) g`,
);

const corpus = createCorpus(11);
const send = (msg: unknown) => process.send?.(msg);

process.on('message', async (msg: Command) => {
  try {
    if (msg.cmd === 'seedMemories') {
      const ms = await seedMemories(client, corpus, msg.count, msg.namespace, msg.first);
      send({ cmd: 'seeded', ms });
    } else if (msg.cmd === 'sql') {
      const out = (await database.db.execute(msg.text)) as unknown as unknown[] | { rows: unknown[] };
      send({ cmd: 'rows', rows: Array.isArray(out) ? [...out] : out.rows });
    } else if (msg.cmd === 'stop') {
      await client.close();
      process.exit(0);
    }
  } catch (err) {
    send({ cmd: 'error', message: String((err as Error).stack ?? err) });
  }
});
process.on('disconnect', () => {
  client.close().finally(() => process.exit(0));
});

send({ cmd: 'ready', url: client.url, apiKey: client.apiKey, tenantId: client.tenantId, driver: client.driver });
