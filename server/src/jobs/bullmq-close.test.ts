/**
 * Closing BullMQ while Redis has not answered yet leaves no unhandled rejection (patches/README.md,
 * "bullmq@5.81.5"). The Redis here resets each client's first connection (so ioredis has an error in
 * hand) and holds its second one open without a reply (so the client is still connecting when it is
 * closed): unpatched, BullMQ's init then rejects after close() removed its listeners and emits 'error'
 * to nobody, which throws. Seen in CI as "connect ECONNREFUSED" unhandled rejections from ops.test.ts.
 */
import { once } from 'node:events';
import { type Server, type Socket, createServer } from 'node:net';
import pino from 'pino';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createBullmqRunner } from './bullmq-runner.js';
import { createBullmqRepeating } from './repeating.js';

/** Queue, worker and its blocking connection, for the runner and for the repeating job. */
const CLIENTS = 6;

let server: Server;
let sockets: Socket[] = [];
let connections = 0;
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

beforeEach(async () => {
  connections = 0;
  sockets = [];
  unhandled.length = 0;
  server = createServer((socket) => {
    connections++;
    if (connections <= CLIENTS) socket.resetAndDestroy();
    else sockets.push(socket);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  process.on('unhandledRejection', onUnhandled);
});

afterEach(async () => {
  process.off('unhandledRejection', onUnhandled);
  for (const s of sockets) s.destroy();
  server.close();
});

it('closes a runner and a repeating job that are still connecting without an unhandled rejection', async () => {
  const { port } = server.address() as { port: number };
  const redisUrl = `redis://127.0.0.1:${port}`;
  const logger = pino({ level: 'silent' });
  const runner = createBullmqRunner(logger, { redisUrl, queueName: 'close-test', jobName: 'job' });
  runner.start(async () => 'done');
  const repeating = createBullmqRepeating({ name: 'close-test', everyMs: 60_000, run: async () => {} }, logger, {
    redisUrl,
    prefix: 'close-test',
  });
  // Every client has had its first connection reset and opened its second (ioredis retries after 1 s).
  const deadline = Date.now() + 10_000;
  while (connections < 2 * CLIENTS && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
  expect(connections).toBeGreaterThanOrEqual(2 * CLIENTS);

  await Promise.all([runner.close(), repeating.close()]);
  // The connections BullMQ dropped end now; unpatched, their clients' inits reject to nobody here.
  for (const s of sockets) s.destroy();
  await new Promise((r) => setTimeout(r, 300));
  expect(unhandled).toEqual([]);
}, 20_000);
