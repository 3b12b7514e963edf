// Generated from the contract by sdk/scripts/write.ts; do not edit by hand.
/** Registration, login, token refresh, logout and the current user. */
import type { APIPromise } from '../core/api-promise.js';
import type { RequestOptions } from '../core/fetcher.js';
import { APIResource } from '../core/resource.js';
import type {
  AuthLoginData,
  AuthLoginInput,
  AuthLogoutData,
  AuthLogoutInput,
  AuthMeData,
  AuthMeInput,
  AuthRefreshData,
  AuthRefreshInput,
  AuthRegisterData,
  AuthRegisterInput,
} from '../types.js';

/** Registration, login, token refresh, logout and the current user. */
export class Auth extends APIResource {
  /**
   * Register an account.
   *
   * Creates a user and its tenant (the user owns it), or, with an inviteToken, joins the inviting tenant.
   * Answers the user and a token pair.
   *
   * `POST /v1/auth/register` (no credential)
   */
  register(input: AuthRegisterInput, options?: RequestOptions): APIPromise<AuthRegisterData> {
    return this._request('auth', 'register', [input, options]);
  }

  /**
   * Log in.
   *
   * Exchanges e-mail and password for an access JWT and a refresh token. Consecutive failures are throttled
   * per e-mail and per IP (429 with Retry-After).
   *
   * `POST /v1/auth/login` (no credential)
   */
  login(input: AuthLoginInput, options?: RequestOptions): APIPromise<AuthLoginData> {
    return this._request('auth', 'login', [input, options]);
  }

  /**
   * Rotate a refresh token.
   *
   * Answers a new token pair; the old refresh token stops working. Presenting an already used refresh token
   * revokes its whole family.
   *
   * `POST /v1/auth/refresh` (no credential)
   */
  refresh(input: AuthRefreshInput, options?: RequestOptions): APIPromise<AuthRefreshData> {
    return this._request('auth', 'refresh', [input, options]);
  }

  /**
   * Log out.
   *
   * Revokes the refresh token family of the given refresh token.
   *
   * `POST /v1/auth/logout` (no credential)
   */
  logout(input: AuthLogoutInput, options?: RequestOptions): APIPromise<AuthLogoutData> {
    return this._request('auth', 'logout', [input, options]);
  }

  /**
   * The authenticated user.
   *
   * `GET /v1/auth/me` (access token (JWT))
   */
  me(input?: AuthMeInput, options?: RequestOptions): APIPromise<AuthMeData> {
    return this._request('auth', 'me', [input, options]);
  }
}
