/** Per-request state carried on the Express request: id, start time and the authenticated actor. */
import type { Actor } from '../actor.js';
import { unauthorized } from '../errors.js';

export interface RequestState {
  requestId: string;
  startedAt: number;
  actor?: Actor;
  /** The credential came from the web console's session cookie (auth/cookie-session.ts), not a header. */
  viaConsoleCookie?: boolean;
}

declare global {
  namespace Express {
    interface Request {
      hx: RequestState;
    }
  }
}

/** The actor of an authenticated route; the auth middleware has set it before any handler runs. */
export function actorOf(req: { hx: RequestState }): Actor {
  const actor = req.hx.actor;
  if (!actor) throw unauthorized('Authentication required');
  return actor;
}

/** Where an unauthenticated request came from, for the audit of account events. */
export function originOf(req: { hx: RequestState; ip?: string; headers: { 'user-agent'?: string } }) {
  return { requestId: req.hx.requestId, ip: req.ip, userAgent: req.headers['user-agent'] };
}
