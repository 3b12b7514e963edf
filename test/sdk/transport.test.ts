/**
 * The SDK's transport against a tiny local HTTP server that misbehaves on purpose: retries and their
 * backoff, Retry-After, one Idempotency-Key per call, timeouts, connection errors, error classes
 * and cursor pagination.
 */
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  APIConnectionError,
  APITimeoutError,
  AuthenticationError,
  ConflictError,
  Hx,
  HxError,
  InternalServerError,
  NotFoundError,
  PayloadTooLargeError,
  NotImplementedError,
  PermissionDeniedError,
  QuotaExceededError,
  RateLimitError,
  ServiceUnavailableError,
  VERSION,
  ValidationError,
} from '@hx-memory/sdk';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
  at: number;
}
type Handler = (req: Seen, res: ServerResponse, index: number) => void;

let server: Server;
let baseUrl: string;
let seen: Seen[] = [];
let handler: Handler = (_req, res) => res.end();

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', 'x-request-id': `req_${seen.length}`, ...headers });
  res.end(JSON.stringify(body));
};
const ok = (data: unknown) => ({ ok: true, data, meta: { requestId: 'req_meta', tenantId: 'ten_1', durationMs: 1 } });
const fail = (code: string, message = code, details?: unknown) => ({ ok: false, error: { code, message, details } });
const session = {
  user: { id: 'usr_1', email: 'a@example.com', name: 'a', tenantId: 'ten_1', createdAt: new Date().toISOString() },
  tokens: { accessToken: 'jwt', tokenType: 'Bearer', expiresIn: 3600, refreshToken: 'r', refreshExpiresIn: 1 },
};

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const entry = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body, at: Date.now() };
      seen.push(entry);
      handler(entry, res, seen.length - 1);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
afterEach(() => {
  seen = [];
});

const client = (options: ConstructorParameters<typeof Hx>[0] = {}) =>
  new Hx({ baseUrl, apiKey: 'hx_test_key', accessToken: 'jwt_token', ...options });

describe('retries', () => {
  it('retries 503 with backoff and reuses one Idempotency-Key for the whole POST call', async () => {
    handler = (_req, res, i) => (i < 2 ? json(res, 503, fail('internal_error')) : json(res, 201, ok(session)));
    const started = Date.now();
    const data = await client().auth.register({ email: 'a@example.com', password: 'long-enough-1' });
    expect(data.user.id).toBe('usr_1');
    expect(seen).toHaveLength(3);
    const keys = seen.map((s) => s.headers['idempotency-key']);
    expect(keys[0]).toMatch(/^hx_sdk_/);
    expect(new Set(keys).size).toBe(1);
    // 0.5 s then 1 s, each jittered down by at most 25 %.
    expect(seen[1]!.at - seen[0]!.at).toBeGreaterThanOrEqual(370);
    expect(seen[2]!.at - seen[1]!.at).toBeGreaterThanOrEqual(740);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('a second logical call gets a new Idempotency-Key; a given one is used as is', async () => {
    handler = (_req, res) => json(res, 201, ok(session));
    const hx = client();
    await hx.auth.register({ email: 'a@example.com', password: 'long-enough-1' });
    await hx.auth.register({ email: 'a@example.com', password: 'long-enough-1' }, { idempotencyKey: 'mine-1' });
    expect(seen[0]!.headers['idempotency-key']).not.toBe(seen[1]!.headers['idempotency-key']);
    expect(seen[1]!.headers['idempotency-key']).toBe('mine-1');
  });

  it('honours Retry-After on 429 and gives up after maxRetries with a RateLimitError', async () => {
    handler = (_req, res) => json(res, 429, fail('rate_limited', 'wait 1 s'), { 'retry-after': '1' });
    const started = Date.now();
    const err = await client({ maxRetries: 1 })
      .apiKeys.list()
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RateLimitError);
    expect((err as RateLimitError).retryAfter).toBe(1);
    expect(seen).toHaveLength(2);
    expect(seen[1]!.at - seen[0]!.at).toBeGreaterThanOrEqual(950);
    expect(Date.now() - started).toBeLessThan(4000);
  });

  it('does not retry quota_exceeded, 400 or 404', async () => {
    handler = (_req, res) => json(res, 429, fail('quota_exceeded'), { 'retry-after': '86400' });
    const quota = await client()
      .apiKeys.list()
      .catch((e: unknown) => e);
    expect(quota).toBeInstanceOf(QuotaExceededError);
    expect(quota).not.toBeInstanceOf(RateLimitError);
    expect((quota as QuotaExceededError).retryAfter).toBe(86400);
    expect(seen).toHaveLength(1);
    seen = [];
    handler = (_req, res) => json(res, 400, fail('validation_error', 'bad', [{ field: 'body.name', message: 'x' }]));
    await expect(client().apiKeys.create({ name: 'x' })).rejects.toBeInstanceOf(ValidationError);
    expect(seen).toHaveLength(1);
    seen = [];
    handler = (_req, res) => json(res, 409, fail('conflict', 'duplicate'));
    await expect(client().apiKeys.create({ name: 'x' })).rejects.toBeInstanceOf(ConflictError);
    expect(seen).toHaveLength(1);
  });

  it('retries a 409 marked X-Should-Retry (an Idempotency-Key still in progress) with the same key', async () => {
    handler = (_req, res, i) =>
      i === 0
        ? json(res, 409, fail('conflict', 'in progress'), { 'retry-after': '0', 'x-should-retry': 'true' })
        : json(res, 201, ok(session));
    await client().auth.register({ email: 'a@example.com', password: 'long-enough-1' });
    expect(seen).toHaveLength(2);
    expect(seen[1]!.headers['idempotency-key']).toBe(seen[0]!.headers['idempotency-key']);
  });

  it('X-Should-Retry: false stops retries of a 503', async () => {
    handler = (_req, res) => json(res, 503, fail('internal_error'), { 'x-should-retry': 'false' });
    await expect(client().apiKeys.list()).rejects.toBeInstanceOf(ServiceUnavailableError);
    expect(seen).toHaveLength(1);
  });

  it('retries connection errors, then throws APIConnectionError', async () => {
    const dead = createServer();
    await new Promise<void>((resolve) => dead.listen(0, '127.0.0.1', resolve));
    const port = (dead.address() as AddressInfo).port;
    await new Promise<void>((resolve) => dead.close(() => resolve()));
    let calls = 0;
    const counting: typeof fetch = (input, init) => {
      calls += 1;
      return fetch(input, init);
    };
    const err = await new Hx({ baseUrl: `http://127.0.0.1:${port}`, maxRetries: 1, fetch: counting })
      .health()
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(APIConnectionError);
    expect(err).not.toBeInstanceOf(APITimeoutError);
    expect(calls).toBe(2);
  });

  it('times out each attempt after `timeout` ms and throws APITimeoutError', async () => {
    handler = () => {
      /* never answers */
    };
    const started = Date.now();
    const err = await client({ timeout: 200, maxRetries: 1 })
      .health()
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(APITimeoutError);
    expect((err as APITimeoutError).code).toBe('timeout');
    expect(seen).toHaveLength(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
  });
});

describe('options', () => {
  it('sends a User-Agent naming the SDK, its version and Node', async () => {
    handler = (_req, res) => json(res, 200, { status: 'ok' });
    await client().health();
    expect(seen[0]!.headers['user-agent']).toBe(`hx-sdk/${VERSION} node/${process.versions.node}`);
    expect(VERSION).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('defaultHeaders and per-call headers are sent; a per-call header wins whatever its case', async () => {
    handler = (_req, res) => json(res, 200, { status: 'ok' });
    await client({ defaultHeaders: { 'X-Team': 'a', 'User-Agent': 'mine/1' } }).health({ headers: { 'x-team': 'b' } });
    expect(seen[0]!.headers['x-team']).toBe('b');
    expect(seen[0]!.headers['user-agent']).toBe('mine/1');
  });

  it('refuses unknown options, at compile time and at run time', () => {
    // @ts-expect-error timeoutSeconds is not an option
    expect(() => new Hx({ timeoutSeconds: 5 })).toThrow(/Unknown Hx option "timeoutSeconds"/);
  });

  it('falls back to HX_BASE_URL and HX_API_KEY', async () => {
    handler = (_req, res) => json(res, 200, ok({ artifacts: [], pagination: { hasMore: false } }));
    const saved = { url: process.env.HX_BASE_URL, key: process.env.HX_API_KEY };
    process.env.HX_BASE_URL = baseUrl;
    process.env.HX_API_KEY = 'hx_test_from_env';
    try {
      await new Hx().artifacts.list();
    } finally {
      for (const [name, value] of [
        ['HX_BASE_URL', saved.url],
        ['HX_API_KEY', saved.key],
      ] as const)
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
    }
    expect(seen[0]!.headers.authorization).toBe('Bearer hx_test_from_env');
  });
});

describe('errors and auth', () => {
  it.each([
    [400, 'validation_error', ValidationError],
    [401, 'unauthorized', AuthenticationError],
    [403, 'forbidden', PermissionDeniedError],
    [404, 'not_found', NotFoundError],
    [409, 'conflict', ConflictError],
    [413, 'payload_too_large', PayloadTooLargeError],
    [429, 'rate_limited', RateLimitError],
    [429, 'quota_exceeded', QuotaExceededError],
    [500, 'internal_error', InternalServerError],
    [501, 'not_implemented', NotImplementedError],
    [503, 'internal_error', ServiceUnavailableError],
  ] as const)('%i %s -> %o with status, code, message, details and requestId', async (status, code, ErrorClass) => {
    handler = (_req, res) => json(res, status, fail(code, `because ${code}`, [{ field: 'f', message: 'm' }]));
    const err = (await client({ maxRetries: 0 })
      .apiKeys.list()
      .catch((e: unknown) => e)) as HxError;
    expect(err).toBeInstanceOf(ErrorClass);
    expect(err).toBeInstanceOf(HxError);
    expect(err.status).toBe(status);
    expect(err.code).toBe(code);
    expect(err.message).toBe(`because ${code}`);
    expect(err.details).toEqual([{ field: 'f', message: 'm' }]);
    expect(err.requestId).toBe('req_1');
  });

  it('sends the API key to core routes, the JWT to account routes, X-Organization-ID to org routes', async () => {
    handler = (req, res) =>
      req.url.startsWith('/v1/organizations/')
        ? json(res, 200, ok({ entries: [], pagination: { hasMore: false } }))
        : req.url.startsWith('/v1/artifacts')
          ? json(res, 200, ok({ artifacts: [], pagination: { hasMore: false } }))
          : json(res, 200, ok({ apiKeys: [] }));
    const hx = client({ organizationId: 'org_default' });
    await hx.artifacts.list({ limit: 5 });
    await hx.apiKeys.list();
    await hx.audit.list({ limit: 10 });
    await hx.audit.list({ orgId: 'org_other' });
    await hx.health().catch(() => undefined);
    expect(seen[0]!.headers.authorization).toBe('Bearer hx_test_key');
    expect(seen[0]!.url).toBe('/v1/artifacts?limit=5');
    expect(seen[1]!.headers.authorization).toBe('Bearer jwt_token');
    expect(seen[1]!.headers['x-organization-id']).toBeUndefined();
    expect(seen[2]!.url).toBe('/v1/organizations/org_default/audit?limit=10');
    expect(seen[2]!.headers['x-organization-id']).toBe('org_default');
    expect(seen[3]!.headers['x-organization-id']).toBe('org_other');
    expect(seen[4]!.headers.authorization).toBeUndefined();
  });

  it('withResponse() exposes status, headers, request id and meta', async () => {
    handler = (_req, res) => json(res, 200, ok({ loggedOut: true }), { 'x-ratelimit-remaining': '41' });
    const { data, response } = await client().auth.logout({ refreshToken: 'hxr_x' }).withResponse();
    expect(data).toEqual({ loggedOut: true });
    expect(response.status).toBe(200);
    expect(response.requestId).toBe('req_1');
    expect(response.headers.get('x-ratelimit-remaining')).toBe('41');
    expect(response.meta?.tenantId).toBe('ten_1');
  });
});

describe('pagination', () => {
  it('iterates every item across cursor pages with for await', async () => {
    const pages: Record<string, { artifacts: { id: string }[]; pagination: { hasMore: boolean; cursor?: string } }> = {
      '': { artifacts: [{ id: 'a1' }, { id: 'a2' }], pagination: { hasMore: true, cursor: 'c2' } },
      c2: { artifacts: [{ id: 'a3' }], pagination: { hasMore: true, cursor: 'c3' } },
      c3: { artifacts: [{ id: 'a4' }], pagination: { hasMore: false } },
    };
    handler = (req, res) => {
      const cursor = new URL(req.url, 'http://x').searchParams.get('cursor') ?? '';
      json(res, 200, ok(pages[cursor]));
    };
    const ids: string[] = [];
    for await (const artifact of client().artifacts.list({ limit: 2 })) ids.push(artifact.id);
    expect(ids).toEqual(['a1', 'a2', 'a3', 'a4']);
    expect(seen.map((s) => s.url)).toEqual([
      '/v1/artifacts?limit=2',
      '/v1/artifacts?limit=2&cursor=c2',
      '/v1/artifacts?limit=2&cursor=c3',
    ]);

    const first = await client().artifacts.list({ limit: 2 });
    expect(first.items.map((a) => a.id)).toEqual(['a1', 'a2']);
    expect(first.hasNextPage()).toBe(true);
    const second = await first.getNextPage();
    expect(second.items.map((a) => a.id)).toEqual(['a3']);
  });
});
