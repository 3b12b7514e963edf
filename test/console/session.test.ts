/**
 * The console's cookie session (server/src/auth/cookie-session.ts) and the MCP Origin check, through
 * the HTTP stack: HttpOnly SameSite=Strict cookies instead of tokens in the body, the cookie accepted
 * only from same-origin console requests, bearer clients unchanged, and /mcp refusing foreign origins.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTenant, registerUser, startTestServer, type TestServer, uniqueEmail } from '../helpers/server.js';
import { useTempDir } from '../helpers/temp-dir.js';

const PASSWORD = 'correct-horse-battery';
/** What a browser adds to a fetch from a page of this server. */
const SAME_ORIGIN = { 'X-Hx-Console': '1', 'Sec-Fetch-Site': 'same-origin' };

/** name -> the whole Set-Cookie line */
function setCookies(res: { headers: Record<string, unknown> }): Map<string, string> {
  const raw = res.headers['set-cookie'];
  const lines = Array.isArray(raw) ? (raw as string[]) : typeof raw === 'string' ? [raw] : [];
  return new Map(lines.map((line) => [line.slice(0, line.indexOf('=')), line]));
}

/** The Cookie header a browser would send back. */
function cookieHeader(cookies: Map<string, string>): string {
  return [...cookies.values()].map((line) => line.split(';')[0]).join('; ');
}

// One server for the file (starting one is the slow part): behind a trusted proxy (loopback) so a
// request can say it came over HTTPS, with one extra MCP origin allowed, and no console built.
let server: TestServer;
const emptyConsoleDir = useTempDir('hx-console-empty-');
beforeAll(async () => {
  server = await startTestServer({
    TRUST_PROXY: 'loopback',
    MCP_ALLOWED_ORIGINS: 'https://app.example.com/, http://localhost:5173',
    CONSOLE_DIR: emptyConsoleDir(),
  });
  // Starting a server is the slow part, more so on a busy machine.
}, 180_000);
afterAll(async () => {
  await server?.close();
});

describe('console cookie session', () => {
  async function consoleLogin(email: string) {
    const res = await server.http().post('/v1/auth/login').set(SAME_ORIGIN).send({ email, password: PASSWORD });
    expect(res.status).toBe(200);
    return { res, cookies: setCookies(res) };
  }

  it('register and login set HttpOnly SameSite=Strict cookies and keep the tokens out of the body', async () => {
    const email = uniqueEmail('console');
    const reg = await server.http().post('/v1/auth/register').set(SAME_ORIGIN).send({ email, password: PASSWORD });
    expect(reg.status).toBe(201);
    expect(reg.body.data.tokens.accessToken).toBe('');
    expect(reg.body.data.tokens.refreshToken).toBe('');
    expect(reg.body.data.tokens.expiresIn).toBeGreaterThan(0);
    const { res, cookies } = await consoleLogin(email);
    expect(res.body.data.tokens.accessToken).toBe('');
    for (const name of ['hx_access', 'hx_refresh']) {
      const line = cookies.get(name) ?? '';
      expect(line).toMatch(/; HttpOnly/);
      expect(line).toMatch(/; SameSite=Strict/);
      expect(line).toMatch(/; Path=\//);
      // Plain HTTP here: a Secure cookie would not be stored by the browser at all.
      expect(line).not.toMatch(/; Secure/);
    }
    const me = await server.http().get('/v1/auth/me').set(SAME_ORIGIN).set('Cookie', cookieHeader(cookies));
    expect(me.status).toBe(200);
    expect(me.body.data.user.email).toBe(email);
  });

  it('marks the cookies Secure when the browser came over HTTPS (through a trusted proxy here)', async () => {
    const email = uniqueEmail('console-tls');
    const res = await server
      .http()
      .post('/v1/auth/register')
      .set(SAME_ORIGIN)
      .set('X-Forwarded-Proto', 'https')
      .send({ email, password: PASSWORD });
    expect(res.status).toBe(201);
    expect(setCookies(res).get('hx_access')).toMatch(/; Secure/);
  });

  it('leaves bearer clients as they were: tokens in the body, no cookie, cookies never read', async () => {
    const user = await registerUser(server, 'bearer');
    expect(user.accessToken.length).toBeGreaterThan(20);
    const login = await server.http().post('/v1/auth/login').send({ email: user.email, password: PASSWORD });
    expect(login.status).toBe(200);
    expect(login.headers['set-cookie']).toBeUndefined();
    expect(login.body.data.tokens.accessToken.length).toBeGreaterThan(20);
    const { cookies } = await consoleLogin(user.email);
    // A cookie without the console header authenticates nothing (a plain navigation, an <img>).
    const noHeader = await server.http().get('/v1/auth/me').set('Cookie', cookieHeader(cookies));
    expect(noHeader.status).toBe(401);
    // A bearer wins over the cookie: an invalid bearer is refused even with a valid cookie.
    const badBearer = await server
      .http()
      .get('/v1/auth/me')
      .set(SAME_ORIGIN)
      .set('Cookie', cookieHeader(cookies))
      .set('Authorization', 'Bearer not-a-token');
    expect(badBearer.status).toBe(401);
  });

  it('refuses cookie requests that are not same-origin, reads and writes alike', async () => {
    const user = await registerUser(server, 'csrf');
    const { cookies } = await consoleLogin(user.email);
    const cookie = cookieHeader(cookies);
    const crossSite = await server
      .http()
      .post('/v1/api-keys')
      .set({ 'X-Hx-Console': '1', 'Sec-Fetch-Site': 'cross-site', Origin: 'http://evil.example' })
      .set('Cookie', cookie)
      .send({ name: 'stolen', environment: 'live' });
    expect(crossSite.status).toBe(403);
    expect(crossSite.body.error.code).toBe('forbidden');
    expect(crossSite.body.error.message).toMatch(/Cross-site/);
    const sameSite = await server
      .http()
      .get('/v1/api-keys')
      .set({ 'X-Hx-Console': '1', 'Sec-Fetch-Site': 'same-site' })
      .set('Cookie', cookie);
    expect(sameSite.status).toBe(403);
    // No Sec-Fetch-Site (an older browser): the Origin must be this server's.
    const foreignOrigin = await server
      .http()
      .post('/v1/api-keys')
      .set({ 'X-Hx-Console': '1', Origin: 'http://evil.example' })
      .set('Cookie', cookie)
      .send({ name: 'stolen', environment: 'live' });
    expect(foreignOrigin.status).toBe(403);
    const noOrigin = await server.http().get('/v1/api-keys').set('X-Hx-Console', '1').set('Cookie', cookie);
    expect(noOrigin.status).toBe(403);
    const ownOrigin = await server
      .http()
      .post('/v1/api-keys')
      .set({ 'X-Hx-Console': '1', Origin: server.url })
      .set('Cookie', cookie)
      .send({ name: 'console key', environment: 'live' });
    expect(ownOrigin.status).toBe(201);
    expect(ownOrigin.body.data.key).toMatch(/^hx_live_/);
    // And a login from a foreign page (login CSRF) is refused before the password is looked at.
    const foreignLogin = await server
      .http()
      .post('/v1/auth/login')
      .set({ 'X-Hx-Console': '1', 'Sec-Fetch-Site': 'cross-site' })
      .send({ email: user.email, password: PASSWORD });
    expect(foreignLogin.status).toBe(403);
    expect(foreignLogin.headers['set-cookie']).toBeUndefined();
  });

  it('refreshes from the cookie, and the spent refresh token is refused afterwards', async () => {
    const user = await registerUser(server, 'refresh');
    const { cookies } = await consoleLogin(user.email);
    const refreshed = await server
      .http()
      .post('/v1/auth/refresh')
      .set(SAME_ORIGIN)
      .set('Cookie', cookieHeader(cookies))
      .send({ refreshToken: 'cookie' });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.data.tokens.refreshToken).toBe('');
    const next = setCookies(refreshed);
    expect(next.get('hx_refresh')).not.toBe(cookies.get('hx_refresh'));
    const me = await server.http().get('/v1/auth/me').set(SAME_ORIGIN).set('Cookie', cookieHeader(next));
    expect(me.status).toBe(200);
    // The old cookie's refresh token was rotated: using it again is refused and clears the cookies.
    const replay = await server
      .http()
      .post('/v1/auth/refresh')
      .set(SAME_ORIGIN)
      .set('Cookie', cookieHeader(cookies))
      .send({ refreshToken: 'cookie' });
    expect(replay.status).toBe(401);
    expect(setCookies(replay).get('hx_access')).toMatch(/Max-Age=0/);
    // No cookie at all: 401 like any unknown refresh token, not a 500.
    const none = await server.http().post('/v1/auth/refresh').set(SAME_ORIGIN).send({ refreshToken: 'cookie' });
    expect(none.status).toBe(401);
  });

  it('remembers an accepted API key in a cookie for the memory routes, and logout forgets everything', async () => {
    const { user, apiKey } = await newTenant(server, 'remember');
    const { cookies } = await consoleLogin(user.email);
    const wrong = await server
      .http()
      .get('/v1/memories?limit=1')
      .set(SAME_ORIGIN)
      .set('X-Hx-Console-Key', 'remember')
      .set('Authorization', 'Bearer hx_live_notarealkey000000000000000000');
    expect(wrong.status).toBe(401);
    expect(setCookies(wrong).has('hx_key')).toBe(false);
    const remembered = await server
      .http()
      .get('/v1/memories?limit=1')
      .set(SAME_ORIGIN)
      .set('X-Hx-Console-Key', 'remember')
      .set('Authorization', `Bearer ${apiKey}`);
    expect(remembered.status).toBe(200);
    const keyCookie = setCookies(remembered).get('hx_key') ?? '';
    expect(keyCookie).toMatch(/; HttpOnly; SameSite=Strict/);
    const all = new Map([...cookies, ['hx_key', keyCookie]]);
    const list = await server.http().get('/v1/memories?limit=5').set(SAME_ORIGIN).set('Cookie', cookieHeader(all));
    expect(list.status).toBe(200);
    const capture = await server
      .http()
      .post('/v1/capture')
      .set({ 'X-Hx-Console': '1', 'Sec-Fetch-Site': 'cross-site' })
      .set('Cookie', cookieHeader(all))
      .send({ type: 'message', sessionId: 's', payload: { role: 'user', content: 'x' } });
    expect(capture.status).toBe(403);
    // The user routes still use the access token, not the key.
    const me = await server.http().get('/v1/auth/me').set(SAME_ORIGIN).set('Cookie', cookieHeader(all));
    expect(me.status).toBe(200);

    const logout = await server
      .http()
      .post('/v1/auth/logout')
      .set(SAME_ORIGIN)
      .set('Cookie', cookieHeader(all))
      .send({ refreshToken: 'cookie' });
    expect(logout.status).toBe(200);
    const cleared = setCookies(logout);
    for (const name of ['hx_access', 'hx_refresh', 'hx_key'])
      expect(cleared.get(name)).toMatch(/^[a-z_]+=; .*Max-Age=0/);
    const again = await server
      .http()
      .post('/v1/auth/refresh')
      .set(SAME_ORIGIN)
      .set('Cookie', cookieHeader(all))
      .send({ refreshToken: 'cookie' });
    expect(again.status).toBe(401);
  });
});

describe('MCP Origin validation', () => {
  const initialize = {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'test', version: '0' } },
  };
  let apiKey: string;
  beforeAll(async () => {
    apiKey = (await newTenant(server, 'mcp-origin')).apiKey;
  }, 60_000);

  const post = (s: TestServer, key: string, origin?: string) => {
    const req = s
      .http()
      .post('/mcp')
      .set('Authorization', `Bearer ${key}`)
      .set('Accept', 'application/json, text/event-stream');
    if (origin) req.set('Origin', origin);
    return req.send(initialize);
  };

  it('refuses a foreign Origin even with a valid key', async () => {
    const res = await post(server, apiKey, 'http://evil.example');
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('forbidden');
    expect(res.body.error.message).toMatch(/MCP_ALLOWED_ORIGINS/);
  });

  it('accepts no Origin (non-browser clients) and the server’s own origin', async () => {
    expect((await post(server, apiKey)).status).toBe(200);
    expect((await post(server, apiKey, server.url)).status).toBe(200);
  });

  it('accepts the origins listed in MCP_ALLOWED_ORIGINS, and only those', async () => {
    expect((await post(server, apiKey, 'https://app.example.com')).status).toBe(200);
    expect((await post(server, apiKey, 'http://localhost:5173')).status).toBe(200);
    expect((await post(server, apiKey, 'https://other.example.com')).status).toBe(403);
    expect((await post(server, apiKey, 'null')).status).toBe(403);
  });
});

describe('a server whose console was not built', () => {
  it('starts the API all the same, and /console says how to build it', async () => {
    expect((await server.http().get('/health')).status).toBe(200);
    const res = await server.http().get('/console/');
    expect(res.status).toBe(404);
    expect(res.body.error.message).toMatch(/not built/);
    expect(res.body.error.message).toMatch(/npm start/);
  });
});
