/**
 * Idempotency-Key for the routes whose contract metadata says `idempotent` (those that create or
 * start something). The first request with a key claims it; its successful answer is stored and the
 * same caller sending the same key and request within 24 h gets that answer again, marked
 * `Idempotent-Replayed: true`. The same key with another request is 409. A duplicate that arrives
 * while the first is still running waits for its answer (up to the request timeout), then gets 409
 * with Retry-After and X-Should-Retry, which the SDK retries. Error answers are not kept: the key is
 * released and a retry runs the request again (docs/decisions/idempotency.md).
 */
import { IDEMPOTENCY_TTL_HOURS } from '@hx-memory/contract';
import type { NextFunction, Request, Response } from 'express';
import { routeMeta } from '../auth/authenticate.js';
import type { AppContext } from '../context.js';
import { AppError } from '../errors.js';
import { type SealedAnswer, openAnswer, sealAnswer, storedScope } from '../idempotency/seal.js';
import { type IdempotencyScope, type IdempotencyStore, createIdempotencyStore } from '../idempotency/store.js';
import { canonicalJson, sha256 } from '../services/core/capture/normalize.js';
import { meta } from './respond.js';

const HEADER = 'idempotency-key';
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
/** How often a waiting duplicate looks again, at first and at most. */
const POLL_FIRST_MS = 20;
const POLL_MAX_MS = 250;
/** One purge of expired records per this many claims keeps the table bounded without a job. */
const PURGE_EVERY = 200;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function scopeOf(req: Request, key: string): IdempotencyScope | undefined {
  const actor = req.hx.actor;
  if (!actor) return undefined;
  const principal = actor.apiKeyId ? `key:${actor.apiKeyId}` : actor.userId ? `usr:${actor.userId}` : actor.kind;
  const route = (req as Request & { tsRestRoute?: { method: string; path: string } }).tsRestRoute;
  return { tenantId: actor.tenantId, principal, route: `${req.method} ${route?.path ?? req.path}`, key };
}

/** What makes two requests "the same": path (with its ids), query, organization header and body. */
function requestHash(req: Request): string {
  return sha256(
    canonicalJson({
      path: req.path,
      query: req.query ?? {},
      organization: req.headers['x-organization-id'] ?? null,
      body: req.body ?? null,
    }),
  );
}

export function createIdempotency(ctx: AppContext) {
  const waitMs = ctx.config.REQUEST_TIMEOUT_MS;
  const store: IdempotencyStore = createIdempotencyStore(ctx.db, {
    ttlMs: IDEMPOTENCY_TTL_HOURS * 3600_000,
    // Twice the longest a request may legitimately run: a claim older than that lost its request.
    abandonAfterMs: 2 * ctx.config.REQUEST_TIMEOUT_MS,
  });
  let claims = 0;

  /** Stores the answer of a claimed key (2xx) or releases it (anything else) before it is sent. */
  function keepAnswer(res: Response, scope: IdempotencyScope): void {
    const send = res.json.bind(res);
    res.json = (body: unknown) => {
      const status = res.statusCode;
      const ok = status >= 200 && status < 300 && !!body && typeof body === 'object';
      const stored = storedScope(scope);
      const write = ok
        ? store.complete(stored, status, sealAnswer(scope, body) as unknown as Record<string, unknown>)
        : store.release(stored);
      write.then(
        () => send(body),
        (err: unknown) => {
          ctx.logger.error({ err, route: scope.route }, 'idempotency record not written');
          send(body);
        },
      );
      return res;
    };
  }

  async function handle(req: Request, res: Response): Promise<boolean> {
    if (!routeMeta(req)?.idempotent) return false;
    const key = req.headers[HEADER];
    // A malformed key is left to request validation, which names headers.idempotency-key.
    if (typeof key !== 'string' || !KEY_PATTERN.test(key)) return false;
    const scope = scopeOf(req, key);
    if (!scope) return false;
    const hash = requestHash(req);
    const stored = storedScope(scope);
    const deadline = Date.now() + waitMs;
    for (let pause = POLL_FIRST_MS; ; pause = Math.min(pause * 2, POLL_MAX_MS)) {
      const found = await store.claim(stored, hash);
      if (found.kind === 'claimed') {
        if (++claims % PURGE_EVERY === 0) {
          store.purgeExpired().catch((err) => ctx.logger.warn({ err }, 'idempotency purge failed'));
        }
        keepAnswer(res, scope);
        return false;
      }
      if (found.kind === 'mismatch') {
        throw new AppError('conflict', 'Idempotency-Key was already used with a different request', [
          { field: 'headers.idempotency-key', message: 'already used with a different request body or path' },
        ]);
      }
      if (found.kind === 'done') {
        res.setHeader('Idempotent-Replayed', 'true');
        const answer = openAnswer(scope, found.response as unknown as SealedAnswer);
        res.status(found.statusCode).json({ ...answer, meta: meta(req) });
        return true;
      }
      if (Date.now() + pause > deadline) {
        throw new AppError(
          'conflict',
          'A request with this Idempotency-Key is still in progress; retry it later',
          [{ field: 'headers.idempotency-key', message: 'in use by a request still in progress' }],
          { 'Retry-After': '1', 'X-Should-Retry': 'true' },
        );
      }
      await sleep(pause);
    }
  }

  return function idempotencyMiddleware(req: Request, res: Response, next: NextFunction) {
    handle(req, res).then((handled) => {
      if (!handled) next();
    }, next);
  };
}
