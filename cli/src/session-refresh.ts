/**
 * Keeps a saved session alive: a fetch wrapper handed to the SDK that, for requests carrying the
 * profile's saved access token, exchanges the saved refresh token (POST /v1/auth/refresh) when the
 * token has expired or the server answers 401, saves the rotated pair, and sends the request again.
 * Concurrent `hx` processes on one profile refresh one at a time (a lock per profile): the later one
 * finds the pair already rotated or rotates the new one, never spending a refresh token twice (the
 * server takes that for a stolen token and ends the session).
 */
import { Hx } from '@hx-memory/sdk';
import { readProfile, refreshLockPath, writeProfile } from './config-store.js';
import { withFileLock } from './file-lock.js';

/** Refresh this long before `exp`, so a token does not expire between the check and the server. */
const EXPIRY_MARGIN_MS = 5_000;

/** The `exp` of a JWT in ms, or undefined when the token is not a readable JWT. */
export function jwtExpiresAt(token: string): number | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const exp = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')).exp;
    return typeof exp === 'number' ? exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

export interface RefreshingSession {
  profile: string;
  baseUrl: string;
  accessToken: string;
  baseFetch?: typeof fetch;
}

export function refreshingFetch(session: RefreshingSession): typeof fetch {
  const baseFetch = session.baseFetch ?? globalThis.fetch;
  let current = session.accessToken;
  // The SDK keeps sending the token it was built with: every token of this session counts as ours.
  const ours = new Set([current]);
  let inFlight: Promise<boolean> | undefined;

  const expiresSoon = (token: string) => {
    const at = jwtExpiresAt(token);
    return at !== undefined && at - EXPIRY_MARGIN_MS <= Date.now();
  };

  async function exchange(): Promise<boolean> {
    try {
      return await withFileLock(refreshLockPath(session.profile), exchangeStored);
    } catch {
      return false; // the lock was not to be had: the request goes out with the token it has
    }
  }

  async function exchangeStored(): Promise<boolean> {
    const stored = readProfile(session.profile).credentials;
    // Another hx process may have rotated the pair already: use its token rather than the spent one.
    if (stored.accessToken && stored.accessToken !== current && !expiresSoon(stored.accessToken)) {
      current = stored.accessToken;
      ours.add(current);
      return true;
    }
    if (!stored.refreshToken) return false;
    try {
      const data = await new Hx({ baseUrl: session.baseUrl, maxRetries: 0, fetch: baseFetch }).auth.refresh({
        refreshToken: stored.refreshToken,
      });
      current = data.tokens.accessToken;
      ours.add(current);
      writeProfile(session.profile, {
        credentials: { accessToken: data.tokens.accessToken, refreshToken: data.tokens.refreshToken },
      });
      return true;
    } catch {
      return false;
    }
  }

  /** One exchange at a time, however many requests find the token expired. */
  const refresh = () => {
    inFlight ??= exchange().finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  };

  const withToken = (init: RequestInit | undefined, headers: Headers): RequestInit => {
    headers.set('authorization', `Bearer ${current}`);
    return { ...init, headers };
  };

  return async (input, init) => {
    const headers = new Headers(init?.headers);
    const bearer = headers.get('authorization')?.replace(/^Bearer /, '');
    if (!bearer || !ours.has(bearer)) return baseFetch(input, init);
    const tried = expiresSoon(current);
    if (tried) await refresh();
    const response = await baseFetch(input, withToken(init, headers));
    if (response.status !== 401 || tried) return response;
    if (!(await refresh())) return response;
    await response.body?.cancel();
    return baseFetch(input, withToken(init, headers));
  };
}
