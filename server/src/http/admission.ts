/**
 * Admission control: what this process takes on at once, and graceful draining.
 *
 * - Global bounds (before authentication): requests in flight and request bytes in flight (the
 *   declared Content-Length, or the route's body limit for a chunked body). Beyond them: 503
 *   service_unavailable with Retry-After, before any body is read or database touched.
 * - Per-credential bounds (after the gatekeeper has identified the caller, still before the body is
 *   read): the same two per API key, user, operator or client IP. Beyond them: 429 rate_limited with
 *   Retry-After, so one client's large batches cannot take the whole process from the others.
 * - /health and /metrics are never counted nor refused: probes must answer under overload.
 * - Draining (after SIGTERM): every answer carries `Connection: close`, including those of requests
 *   already in flight, and a request arriving on a kept-alive connection is answered 503 with
 *   `Connection: close` instead of being started.
 */
import type { RouteMeta } from '@hx-memory/contract';
import type { NextFunction, Request, Response } from 'express';
import { matchRoute } from '../auth/route-match.js';
import { AppError, serviceUnavailable } from '../errors.js';

export interface AdmissionBounds {
  maxInFlight: number;
  maxBytesInFlight: number;
  maxInFlightPerCredential: number;
  maxBytesInFlightPerCredential: number;
  /** Body limit of routes without their own (bytes). */
  defaultBodyLimit: number;
}

/** Seconds a refused client is told to wait: in-flight work clears within about that. */
const OVERLOAD_RETRY_AFTER_SECONDS = 1;
const PROBE_PATHS = new Set(['/health', '/metrics']);

interface Usage {
  requests: number;
  bytes: number;
}

/**
 * Answers a refusal once the client has finished sending: the body is discarded unread (no parsing,
 * no buffering), but a client still uploading would otherwise see its connection closed under it
 * (EPIPE) instead of the 429/503 with Retry-After.
 */
function refuse(req: Request, next: NextFunction, err: AppError) {
  if (req.complete || req.readableEnded) return next(err);
  let sent = false;
  const send = () => {
    if (sent) return;
    sent = true;
    next(err);
  };
  req.once('end', send);
  req.once('close', send);
  req.resume();
}

export function createAdmission(bounds: AdmissionBounds) {
  const total: Usage = { requests: 0, bytes: 0 };
  const perCredential = new Map<string, Usage>();
  const inFlight = new Set<Response>();
  let draining = false;

  /** Bytes a request may bring: its declared length, else (chunked) the most its route accepts. */
  function bytesOf(req: Request): number {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared >= 0) return declared;
    if (req.headers['transfer-encoding'] === undefined) return 0;
    const limit = (matchRoute(req.method, req.path)?.metadata as RouteMeta | undefined)?.bodyLimit;
    return limit ?? bounds.defaultBodyLimit;
  }

  /** Runs `release` once, when the exchange ends (answered, or the client went away). */
  function onEnd(res: Response, release: () => void) {
    let done = false;
    res.once('close', () => {
      if (done) return;
      done = true;
      release();
    });
  }

  /**
   * Whether one more request of `bytes` would pass a bound: the request count, or the bytes once
   * another request is in flight (a single request may bring up to its route's own limit).
   */
  const exceeds = (usage: Usage, bytes: number, maxRequests: number, maxBytes: number) =>
    usage.requests + 1 > maxRequests || (usage.requests > 0 && usage.bytes + bytes > maxBytes);

  function credentialOf(req: Request): string {
    const actor = req.hx.actor;
    if (actor?.kind === 'operator') return 'operator';
    if (actor?.apiKeyId) return `key:${actor.apiKeyId}`;
    if (actor?.userId) return `usr:${actor.userId}`;
    return `ip:${req.ip ?? 'unknown'}`;
  }

  return {
    /** First middleware after the request id: draining, then the global bounds. */
    global(req: Request, res: Response, next: NextFunction) {
      if (draining) {
        res.setHeader('Connection', 'close');
        return refuse(
          req,
          next,
          serviceUnavailable('The server is shutting down; retry on another connection', OVERLOAD_RETRY_AFTER_SECONDS),
        );
      }
      inFlight.add(res);
      onEnd(res, () => inFlight.delete(res));
      if (PROBE_PATHS.has(req.path)) return next();
      const bytes = bytesOf(req);
      if (exceeds(total, bytes, bounds.maxInFlight, bounds.maxBytesInFlight)) {
        return refuse(
          req,
          next,
          serviceUnavailable(
            `The server is at its load bound (${total.requests} requests, ${total.bytes} request bytes in flight); retry after Retry-After seconds`,
            OVERLOAD_RETRY_AFTER_SECONDS,
          ),
        );
      }
      total.requests += 1;
      total.bytes += bytes;
      onEnd(res, () => {
        total.requests -= 1;
        total.bytes -= bytes;
      });
      next();
    },

    /** After the gatekeeper (the caller is known), before the body is read. */
    perCredential(req: Request, res: Response, next: NextFunction) {
      if (PROBE_PATHS.has(req.path)) return next();
      const key = credentialOf(req);
      const bytes = bytesOf(req);
      const usage = perCredential.get(key) ?? { requests: 0, bytes: 0 };
      if (exceeds(usage, bytes, bounds.maxInFlightPerCredential, bounds.maxBytesInFlightPerCredential)) {
        return refuse(
          req,
          next,
          new AppError(
            'rate_limited',
            `Too much in flight for this credential (${usage.requests} requests, ${usage.bytes} request bytes); retry after Retry-After seconds`,
            undefined,
            { 'Retry-After': String(OVERLOAD_RETRY_AFTER_SECONDS) },
          ),
        );
      }
      usage.requests += 1;
      usage.bytes += bytes;
      perCredential.set(key, usage);
      onEnd(res, () => {
        usage.requests -= 1;
        usage.bytes -= bytes;
        if (usage.requests === 0) perCredential.delete(key);
      });
      next();
    },

    /** From now on nothing new is started and every answer closes its connection. */
    drain() {
      draining = true;
      for (const res of inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
    },

    stats: () => ({ requests: total.requests, bytes: total.bytes, draining }),
  };
}

export type Admission = ReturnType<typeof createAdmission>;
