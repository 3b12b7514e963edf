/**
 * Cookie sessions for the web console (docs/decisions/console.md). The console is a page of this
 * server; it must not keep a credential where a script could read it (no localStorage, no token in
 * JavaScript memory after login). So, for requests that say they come from the console
 * (`X-Hx-Console: 1`, a custom header a cross-site form or image cannot send, and that a cross-origin
 * script cannot send without a CORS preflight this server never answers):
 *
 * - login, register and refresh set the token pair as HttpOnly, SameSite=Strict cookies (Secure over
 *   HTTPS) and blank the tokens in the JSON body; refresh and logout take the placeholder refresh token
 *   `cookie` and use the cookie's; logout, and a refused refresh, clear the cookies;
 * - a request with the API key as its bearer and `X-Hx-Console-Key: remember` keeps that key in an
 *   HttpOnly cookie too (the console's memory pages need a key: those routes take no user token);
 * - a later console request without an Authorization header authenticates from the cookies, and only
 *   when the browser says it is same-origin (Sec-Fetch-Site, else Origin against the Host).
 *
 * Requests with an Authorization header, and requests without the console header, are untouched: the
 * cookies are never read for them, so bearer clients behave exactly as before.
 */
import type { RouteMeta } from '@hx-memory/contract';
import type { NextFunction, Request, Response } from 'express';
import { AppError } from '../errors.js';

export const CONSOLE_HEADER = 'x-hx-console';
export const CONSOLE_KEY_HEADER = 'x-hx-console-key';
/** What the console sends as `refreshToken` to mean "the one in my cookie". */
export const COOKIE_PLACEHOLDER = 'cookie';

export const COOKIE_ACCESS = 'hx_access';
export const COOKIE_REFRESH = 'hx_refresh';
export const COOKIE_KEY = 'hx_key';

/** How long a remembered API key cookie lives (the key itself may expire or be revoked sooner). */
const KEY_COOKIE_SECONDS = 7 * 24 * 3600;

export function isConsoleRequest(req: Request): boolean {
  return req.headers[CONSOLE_HEADER] === '1';
}

export function parseCookies(header: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  if (!header) return out;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (!name || out.has(name)) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      out.set(name, decodeURIComponent(raw));
    } catch {
      out.set(name, raw);
    }
  }
  return out;
}

/** This server's own origin as the browser addressed it (Express applies TRUST_PROXY to both parts). */
export function ownOrigin(req: Request): string {
  return `${req.protocol}://${req.get('host') ?? ''}`.toLowerCase();
}

/**
 * Did a page of this very origin send the request? Browsers send Sec-Fetch-Site on every fetch and no
 * page can forge it; without it (older browsers) the Origin header must name this server. With
 * neither, the answer is no: the cookie is a browser credential, and a browser says where it is.
 */
export function isSameOrigin(req: Request): boolean {
  const site = req.headers['sec-fetch-site'];
  if (typeof site === 'string') return site === 'same-origin';
  const origin = req.headers.origin;
  return typeof origin === 'string' && origin.toLowerCase() === ownOrigin(req);
}

function crossSite(): AppError {
  return new AppError(
    'forbidden',
    'Cross-site request refused: the console session is only accepted from pages of this server (same origin, with the X-Hx-Console header)',
  );
}

/**
 * The credential of a console request that has no Authorization header: the cookie that fits the
 * route (the access token for user routes, the remembered key for API-key routes). Undefined when
 * the request is not the console's or carries a bearer: authentication then goes on as before.
 * Throws 403 when the cookie is there but the request is not same-origin.
 */
export function sessionToken(req: Request, auth: RouteMeta['auth']): string | undefined {
  if (req.headers.authorization !== undefined || !isConsoleRequest(req) || auth === 'operator' || auth === 'none') {
    return undefined;
  }
  const cookies = parseCookies(req.headers.cookie);
  const token =
    auth === 'jwt'
      ? cookies.get(COOKIE_ACCESS)
      : auth === 'apiKey'
        ? cookies.get(COOKIE_KEY)
        : (cookies.get(COOKIE_KEY) ?? cookies.get(COOKIE_ACCESS));
  if (!token) return undefined;
  if (!isSameOrigin(req)) throw crossSite();
  return token;
}

function cookie(req: Request, name: string, value: string, maxAgeSeconds: number): string {
  const parts = [
    `${name}=${encodeURIComponent(value)}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Strict',
    `Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}`,
  ];
  // Secure when the browser reached us over HTTPS (req.secure follows X-Forwarded-Proto under TRUST_PROXY):
  // a Secure cookie would not be stored at all over plain http://localhost.
  if (req.secure) parts.push('Secure');
  return parts.join('; ');
}

function appendCookies(res: Response, cookies: string[]) {
  const existing = res.getHeader('Set-Cookie');
  const list = Array.isArray(existing) ? existing : typeof existing === 'string' ? [existing] : [];
  res.setHeader('Set-Cookie', [...list, ...cookies]);
}

function clearAll(req: Request, res: Response) {
  appendCookies(
    res,
    [COOKIE_ACCESS, COOKIE_REFRESH, COOKIE_KEY].map((name) => cookie(req, name, '', 0)),
  );
}

interface TokenPair {
  accessToken: string;
  expiresIn: number;
  refreshToken: string;
  refreshExpiresIn: number;
}

const SESSION_PATHS = new Set(['/v1/auth/login', '/v1/auth/register', '/v1/auth/refresh', '/v1/auth/logout']);

/**
 * Express middleware, after the JSON body parser and before the contract routes: turns the console's
 * session calls into cookies as described above. Everything else passes through untouched.
 */
export function consoleSession(req: Request, res: Response, next: NextFunction) {
  if (!isConsoleRequest(req)) return next();
  const path = req.path;
  if (req.method === 'POST' && SESSION_PATHS.has(path)) {
    // Login CSRF too: a foreign page must not log the browser into someone else's account.
    if (!isSameOrigin(req)) return next(crossSite());
    const body = req.body as { refreshToken?: unknown } | undefined;
    const isRefresh = path === '/v1/auth/refresh';
    const isLogout = path === '/v1/auth/logout';
    if ((isRefresh || isLogout) && body && body.refreshToken === COOKIE_PLACEHOLDER) {
      const stored = parseCookies(req.headers.cookie).get(COOKIE_REFRESH);
      // No cookie: an invalid token that fails as any wrong refresh token does (401), never a 500.
      body.refreshToken = stored ?? 'missing-session-cookie';
    }
    const json = res.json.bind(res);
    res.json = (payload: unknown) => {
      const ok = res.statusCode >= 200 && res.statusCode < 300;
      // A refresh token the server refused is spent or revoked: keeping the cookies would only repeat it.
      if (isLogout || (isRefresh && res.statusCode === 401)) {
        clearAll(req, res);
      }
      const data = (payload as { data?: { tokens?: TokenPair } } | undefined)?.data;
      if (ok && data?.tokens) {
        const t = data.tokens;
        appendCookies(res, [
          cookie(req, COOKIE_ACCESS, t.accessToken, t.expiresIn),
          cookie(req, COOKIE_REFRESH, t.refreshToken, t.refreshExpiresIn),
        ]);
        // The page gets what it needs to schedule a refresh, not the tokens themselves.
        data.tokens = { ...t, accessToken: '', refreshToken: '' };
      }
      return json(payload);
    };
    return next();
  }
  const keyAction = req.headers[CONSOLE_KEY_HEADER];
  if (keyAction === 'remember' || keyAction === 'forget') {
    if (!isSameOrigin(req)) return next(crossSite());
    const [scheme, token] = (req.headers.authorization ?? '').trim().split(/\s+/);
    const json = res.json.bind(res);
    res.json = (payload: unknown) => {
      if (keyAction === 'forget') {
        appendCookies(res, [cookie(req, COOKIE_KEY, '', 0)]);
      } else if (res.statusCode >= 200 && res.statusCode < 300 && scheme?.toLowerCase() === 'bearer' && token) {
        // Only a key the server has just accepted for this request is remembered.
        appendCookies(res, [cookie(req, COOKIE_KEY, token, KEY_COOKIE_SECONDS)]);
      }
      return json(payload);
    };
  }
  return next();
}
