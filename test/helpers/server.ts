/**
 * Boots a real Hx server on an ephemeral port for a test file, on the embedded PGlite (in memory) or
 * on the real PostgreSQL/Redis when DATABASE_URL/REDIS_URL are set (CI's second run).
 */
import { randomUUID } from 'node:crypto';
import { type RunningServer, startServer } from '@hx-memory/server';
import supertest from 'supertest';

export type TestServer = RunningServer & { http: () => ReturnType<typeof supertest> };

export async function startTestServer(overrides: Record<string, string | undefined> = {}): Promise<TestServer> {
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
  return Object.assign(running, { http: () => supertest(running.url) });
}

let counter = 0;
/** A unique e-mail per call, so every test acts in a fresh tenant (isolation without cleanup). */
export function uniqueEmail(tag = 'user'): string {
  counter += 1;
  return `${tag}-${Date.now().toString(36)}-${process.pid}-${counter}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

export interface TestUser {
  email: string;
  password: string;
  userId: string;
  tenantId: string;
  accessToken: string;
  refreshToken: string;
}

export async function registerUser(server: TestServer, tag = 'user'): Promise<TestUser> {
  const email = uniqueEmail(tag);
  const password = 'correct-horse-battery';
  const res = await server.http().post('/v1/auth/register').send({ email, password, name: tag });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  const { user, tokens } = res.body.data;
  return {
    email,
    password,
    userId: user.id,
    tenantId: user.tenantId,
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
  };
}

export async function createApiKey(
  server: TestServer,
  user: TestUser,
  body: Record<string, unknown> = {},
): Promise<string> {
  const res = await server
    .http()
    .post('/v1/api-keys')
    .set('Authorization', `Bearer ${user.accessToken}`)
    .send({ name: 'test key', environment: 'live', ...body });
  if (res.status !== 201) throw new Error(`api key failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.key;
}

/** A fresh tenant with a user and a live API key: the usual starting point of a core-route test. */
export async function newTenant(server: TestServer, tag = 'tenant') {
  const user = await registerUser(server, tag);
  const apiKey = await createApiKey(server, user);
  return { user, apiKey, jwt: user.accessToken };
}

/**
 * Every id a cursor-paginated list route answers to `user`, walked one item per page so that no page
 * may leak what the whole list must not show. `field` names the list in `data` (e.g. `vaults`).
 */
export async function listAllIds(
  server: TestServer,
  path: string,
  field: string,
  user: { accessToken: string },
): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | undefined;
  do {
    const res = await server
      .http()
      .get(path)
      .query({ limit: 1, ...(cursor ? { cursor } : {}) })
      .set('Authorization', `Bearer ${user.accessToken}`);
    if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    ids.push(...res.body.data[field].map((item: { id: string }) => item.id));
    cursor = res.body.data.pagination.cursor;
  } while (cursor);
  return ids;
}
