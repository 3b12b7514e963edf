// Generated from the contract by sdk/scripts/write.ts; do not edit by hand.
/** Registration, login, token refresh, logout and the current user. */
import type { Contract } from '@hx-memory/contract';
import { APIResource, type RouteArgs, type RouteResult } from '../core/resource.js';

type Routes = Contract['auth'];

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
  register(...args: RouteArgs<Routes['register']>): RouteResult<Routes['register']> {
    return this._request('auth', 'register', args);
  }

  /**
   * Log in.
   *
   * Exchanges e-mail and password for an access JWT and a refresh token. Consecutive failures are throttled
   * per e-mail and per IP (429 with Retry-After).
   *
   * `POST /v1/auth/login` (no credential)
   */
  login(...args: RouteArgs<Routes['login']>): RouteResult<Routes['login']> {
    return this._request('auth', 'login', args);
  }

  /**
   * Rotate a refresh token.
   *
   * Answers a new token pair; the old refresh token stops working. Presenting an already used refresh token
   * revokes its whole family.
   *
   * `POST /v1/auth/refresh` (no credential)
   */
  refresh(...args: RouteArgs<Routes['refresh']>): RouteResult<Routes['refresh']> {
    return this._request('auth', 'refresh', args);
  }

  /**
   * Log out.
   *
   * Revokes the refresh token family of the given refresh token.
   *
   * `POST /v1/auth/logout` (no credential)
   */
  logout(...args: RouteArgs<Routes['logout']>): RouteResult<Routes['logout']> {
    return this._request('auth', 'logout', args);
  }

  /**
   * The authenticated user.
   *
   * `GET /v1/auth/me` (access token (JWT))
   */
  me(...args: RouteArgs<Routes['me']>): RouteResult<Routes['me']> {
    return this._request('auth', 'me', args);
  }
}
