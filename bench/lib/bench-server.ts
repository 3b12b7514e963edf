/**
 * Boots a real Hx server in-process for a benchmark (embedded PGlite in memory, or PostgreSQL/Redis
 * when DATABASE_URL/REDIS_URL are set) and gives a small JSON-over-HTTP client with a fresh tenant's
 * API key, so benchmarks measure the API as clients see it.
 */
import { type RunningServer, startServer } from '@hx-memory/server';

export interface BenchClient {
  url: string;
  driver: 'pglite' | 'postgres';
  apiKey: string;
  tenantId: string;
  running: RunningServer;
  post<T = unknown>(path: string, body: unknown, key?: string): Promise<{ status: number; data: T }>;
  get<T = unknown>(path: string, key?: string): Promise<{ status: number; data: T }>;
  close(): Promise<void>;
}

async function call(url: string, method: string, token: string | undefined, body?: unknown) {
  const res = await fetch(url, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { ok: boolean; data?: unknown; error?: unknown };
  if (!json.ok && res.status >= 500) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json.error)}`);
  return { status: res.status, data: (json.ok ? json.data : json.error) as never };
}

export async function startBenchServer(env: Record<string, string | undefined> = {}): Promise<BenchClient> {
  const running = await startServer({
    DATA_DIR: 'memory://',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    DEFAULT_PLAN: 'enterprise',
    REQUEST_TIMEOUT_MS: '600000',
    ...env,
  });
  const base = running.url;
  const email = `bench-${Date.now().toString(36)}-${process.pid}@example.com`;
  const reg = await call(`${base}/v1/auth/register`, 'POST', undefined, {
    email,
    password: 'bench-password-123',
    name: 'bench',
  });
  if (reg.status !== 201) throw new Error(`register failed: ${reg.status} ${JSON.stringify(reg.data)}`);
  const registered = reg.data as { tokens: { accessToken: string }; user: { tenantId: string } };
  const jwt = registered.tokens.accessToken;
  const key = await call(`${base}/v1/api-keys`, 'POST', jwt, { name: 'bench', environment: 'live' });
  if (key.status !== 201) throw new Error(`api key failed: ${key.status} ${JSON.stringify(key.data)}`);
  const apiKey = (key.data as { key: string }).key;
  return {
    url: base,
    driver: env.DATABASE_URL ? 'postgres' : 'pglite',
    apiKey,
    tenantId: registered.user.tenantId,
    running,
    post: (path, body, k = apiKey) => call(`${base}${path}`, 'POST', k, body),
    get: (path, k = apiKey) => call(`${base}${path}`, 'GET', k),
    close: () => running.close(),
  };
}
