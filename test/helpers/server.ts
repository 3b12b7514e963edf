/**
 * Boots a real Hx server on an ephemeral port for a test file, on the embedded PGlite (in memory) or
 * on the real PostgreSQL/Redis when DATABASE_URL/REDIS_URL are set (CI's second run).
 *
 * A test file writes `const server = useTestServer();` at its top: one server for the file, started
 * before its first test and closed after its last. `server.api(key)` is the typed client (client.ts),
 * `server.http()` raw supertest for the suites where the wire is the point.
 */
import { randomUUID } from 'node:crypto';
import { type RunningServer, startServer } from '@hx-memory/server';
import supertest from 'supertest';
import { afterAll, beforeAll } from 'vitest';
import { auth, type Credential, type HxTestClient, typedClient } from './client.js';

export {
  type TestMember,
  type TestOrg,
  type TestUser,
  createApiKey,
  newTenant,
  registerUser,
  uniqueEmail,
} from './fixtures.js';

export type TestServer = RunningServer & {
  /** Raw HTTP through supertest: bodies are `any`; for the wire-level suites. */
  http: () => ReturnType<typeof supertest>;
  /** The typed ts-rest client over the contract, signed in with `credential` when given. */
  api: (credential?: Credential, headers?: Record<string, string>) => HxTestClient;
};

export type ServerOverrides = Record<string, string | undefined>;

export async function startTestServer(overrides: ServerOverrides = {}): Promise<TestServer> {
  const running = await startServer({
    DATA_DIR: 'memory://',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DEFAULT_PLAN: 'enterprise',
    // Rate-limit counters of one test server never mix with another's on the shared CI Redis.
    RATE_LIMIT_PREFIX: `hx-test:${randomUUID()}`,
    // Likewise each test server gets its own job queue, as a separate deployment would.
    QUEUE_PREFIX: `hx-test-bull:${randomUUID()}`,
    ...overrides,
  });
  return Object.assign(running, {
    http: () => supertest(running.url),
    api: (credential?: Credential, headers?: Record<string, string>) => typedClient(running.url, credential, headers),
  });
}

/**
 * One server for the calling test file (or describe block): started in beforeAll, closed in afterAll.
 * Answers a stand-in that forwards to the running server, so it can be used as a TestServer from the
 * first test on (using it at module load, before beforeAll, throws). `start` is the environment
 * overrides of startTestServer, or a function that boots the server some other way
 * (e.g. `() => startLimitedServer('free')`). `timeout` is the start hook's limit in ms, for files that
 * boot under a heavy load (the CLI and package suites spawn processes beside it).
 */
export function useTestServer(
  start: ServerOverrides | (() => Promise<TestServer>) = {},
  { timeout }: { timeout?: number } = {},
): TestServer {
  let running: TestServer | undefined;
  beforeAll(async () => {
    running = typeof start === 'function' ? await start() : await startTestServer(start);
  }, timeout);
  afterAll(async () => {
    await running?.close();
    running = undefined;
  });
  return new Proxy({} as TestServer, {
    get(_, prop) {
      if (!running) {
        // Inspection (util.inspect, a thenable check) must not throw; a real use before beforeAll must.
        if (typeof prop === 'symbol' || prop === 'then') return undefined;
        throw new Error(`the test server is not running (server.${prop} used outside a test)`);
      }
      const value = Reflect.get(running, prop, running);
      return typeof value === 'function' ? value.bind(running) : value;
    },
    has: (_, prop) => running !== undefined && prop in running,
  });
}

/**
 * `count` servers for the calling test file or describe block, each started like useTestServer's
 * (in order, before the first test) and closed after the last: instances sharing a database or Redis.
 */
export function useTestServers<N extends number>(
  count: N,
  start: ServerOverrides | (() => Promise<TestServer>) = {},
): Servers<N> {
  return Array.from({ length: count }, () => useTestServer(start)) as Servers<N>;
}

type Servers<N extends number, R extends TestServer[] = []> = R['length'] extends N
  ? R
  : Servers<N, [...R, TestServer]>;

/**
 * POSTs `body` raw, as `credential`: for a body the contract cannot express (wrong types, unknown
 * fields or values), whose refusal is the point of the test. Answers supertest's response.
 */
export function postRaw(server: TestServer, path: string, credential: Credential, body: object) {
  return server.http().post(path).set(auth(credential)).send(body);
}

/** A server of its own for `fn` (started with `overrides`, closed after `fn`, whatever it answers). */
export async function withTestServer<T>(
  overrides: ServerOverrides,
  fn: (server: TestServer) => Promise<T>,
): Promise<T> {
  const server = await startTestServer(overrides);
  try {
    return await fn(server);
  } finally {
    await server.close();
  }
}
