/**
 * The console's one way to the API: the project's typed SDK (@hx-memory/sdk), same origin, with the
 * console header. No token is held here: the server keeps the session in HttpOnly cookies
 * (server/src/auth/cookie-session.ts) and reads them only for requests with `X-Hx-Console: 1` from a
 * page of its own origin. An expired access token is refreshed once, transparently.
 */
import { Hx, HxError } from '@hx-memory/sdk';

function meta(name: string): string | undefined {
  return document.querySelector(`meta[name="${name}"]`)?.getAttribute('content') ?? undefined;
}

/**
 * Read once at start-up: the server's <base href> is relative to the URL the page was loaded at, so
 * document.baseURI is the console root only until the first client-side navigation.
 */
const root = new URL(document.baseURI);
/** The console root's path as the browser sees it (with any proxy prefix), e.g. /console/. */
export const consoleBasePath = root.pathname;
/** The API's root URL (the server's CONSOLE_PATH, one step up per segment), e.g. http://host/. */
export const apiBase = new URL(meta('hx-api-root') ?? '../', root).href.replace(/\/$/, '');
export const serverVersion = meta('hx-version') ?? 'unknown';

const CONSOLE_HEADERS = { 'x-hx-console': '1' };

/** Used for the refresh itself: a refused refresh must not try to refresh again. */
const plain = new Hx({ baseUrl: apiBase, defaultHeaders: CONSOLE_HEADERS, maxRetries: 0 });

let refreshing: Promise<boolean> | undefined;
/** One refresh at a time, shared by every request that found its token expired. */
export function refreshSession(): Promise<boolean> {
  refreshing ??= plain.auth
    .refresh({ refreshToken: 'cookie' })
    .then(
      () => true,
      () => false,
    )
    .finally(() => {
      refreshing = undefined;
    });
  return refreshing;
}

const consoleFetch: typeof fetch = async (input, init) => {
  const response = await fetch(input, { ...init, credentials: 'same-origin' });
  const url = String(input instanceof Request ? input.url : input);
  if (
    response.status === 401 &&
    !url.includes('/v1/auth/') &&
    !(init?.headers as Record<string, string>)?.authorization
  ) {
    if (await refreshSession()) return fetch(input, { ...init, credentials: 'same-origin' });
  }
  return response;
};

export const hx = new Hx({ baseUrl: apiBase, defaultHeaders: CONSOLE_HEADERS, maxRetries: 1, fetch: consoleFetch });

/** The message of an SDK error (the API's own), or the error's text. */
export function errorMessage(err: unknown): string {
  if (err instanceof HxError) return `${err.message}${err.requestId ? ` (request ${err.requestId})` : ''}`;
  return err instanceof Error ? err.message : String(err);
}

export function isStatus(err: unknown, status: number): boolean {
  return err instanceof HxError && err.status === status;
}
