/** Builds success envelopes: `{ ok: true, data, meta: { requestId, tenantId, durationMs } }`. */
import type { Request } from 'express';

export function meta(req: Request) {
  return {
    requestId: req.hx.requestId,
    tenantId: req.hx.actor?.tenantId ?? '',
    durationMs: Math.round((performance.now() - req.hx.startedAt) * 100) / 100,
  };
}

export function ok<T>(
  req: Request,
  data: T,
): { status: 200; body: { ok: true; data: T; meta: ReturnType<typeof meta> } };
export function ok<T, const S extends number>(
  req: Request,
  data: T,
  status: S,
): { status: S; body: { ok: true; data: T; meta: ReturnType<typeof meta> } };
export function ok<T>(req: Request, data: T, status = 200) {
  return { status, body: { ok: true as const, data, meta: meta(req) } };
}
