/** Builds success envelopes: `{ ok: true, data, meta: { requestId, tenantId, durationMs } }`. */
import type { RequestState } from './request-state.js';

/** Any request the pipeline has stamped (Express's or ts-rest's typed view of it). */
type Stamped = { hx: RequestState };

export function meta(req: Stamped) {
  return {
    requestId: req.hx.requestId,
    tenantId: req.hx.actor?.tenantId ?? '',
    durationMs: Math.round((performance.now() - req.hx.startedAt) * 100) / 100,
  };
}

export function ok<T>(
  req: Stamped,
  data: T,
): { status: 200; body: { ok: true; data: T; meta: ReturnType<typeof meta> } };
export function ok<T, const S extends number>(
  req: Stamped,
  data: T,
  status: S,
): { status: S; body: { ok: true; data: T; meta: ReturnType<typeof meta> } };
export function ok<T>(req: Stamped, data: T, status = 200) {
  return { status, body: { ok: true as const, data, meta: meta(req) } };
}
