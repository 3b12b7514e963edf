/**
 * Test support shared by the adapters' suites (never bundled): a real Hx server on loopback, a
 * tenant with seeded memories of two subjects, a client whose fetch records every request (to count
 * synthesizes and read the captured events as they crossed HTTP) and can hold captures back, and a
 * closed port for the fail-open tests.
 */
import { createServer } from 'node:net';
import { Hx } from '@hx-memory/sdk';
import { newTenant, startTestServer, type TestServer } from '../../test/helpers/server.js';

export { startTestServer, newTenant, type TestServer };
export { namespaceBoundKey } from '../../test/helpers/fixtures.js';
export { useTestServer } from '../../test/helpers/server.js';

export interface Recorded {
  path: string;
  body: unknown;
}

/** An Hx client on `url` recording every request; `holdCaptures` delays capture answers by that many ms. */
export function recordingClient(url: string, apiKey: string, options: { holdCaptures?: number } = {}) {
  const requests: Recorded[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    const path = new URL(typeof input === 'string' || input instanceof URL ? input : input.url).pathname;
    let body: unknown;
    try {
      body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    } catch {
      body = init?.body;
    }
    requests.push({ path, body });
    if (options.holdCaptures && path.startsWith('/v1/capture')) {
      await new Promise((resolve) => setTimeout(resolve, options.holdCaptures));
    }
    return fetch(input, init);
  };
  const client = new Hx({ baseUrl: url, apiKey, maxRetries: 0, fetch: fetchImpl });
  return {
    client,
    requests,
    count: (path: string) => requests.filter((r) => r.path === path).length,
    /** Every event sent through /v1/capture/batch, in order. */
    captured: () =>
      requests
        .filter((r) => r.path === '/v1/capture/batch')
        .flatMap((r) => (r.body as { events: Array<Record<string, unknown>> }).events),
  };
}

/** Two subjects with a memory each, learned: u-lisbon lives in Lisbon, u-oslo in Oslo. */
export async function seedTwoSubjects(hx: Hx, namespace?: string) {
  await hx.captureBatch([
    {
      type: 'message',
      sessionId: 'seed-1',
      subjectId: 'u-lisbon',
      namespace,
      payload: { role: 'user', content: 'I live in Lisbon and I am allergic to peanuts.' },
    },
    {
      type: 'message',
      sessionId: 'seed-2',
      subjectId: 'u-oslo',
      namespace,
      payload: { role: 'user', content: 'I live in Oslo and I love skiing.' },
    },
  ]);
  await hx.learn({ wait: true });
}

/** A port on 127.0.0.1 nothing listens on (taken, then released). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A server that accepts connections and never answers (a hung backend), and its close. */
export async function silentServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const sockets = new Set<import('node:net').Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A fresh tenant on `server` and its recording client; `seed` adds the two subjects' memories (seedTwoSubjects). */
export async function tenantClient(
  server: TestServer,
  tag: string,
  options: { seed?: boolean; holdCaptures?: number } = {},
) {
  const { apiKey } = await newTenant(server, tag);
  const rec = recordingClient(server.url, apiKey, { holdCaptures: options.holdCaptures });
  if (options.seed) await seedTwoSubjects(rec.client);
  return rec;
}
