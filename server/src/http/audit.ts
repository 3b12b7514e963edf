/** Audit log and memory access log: HTTP handlers (thin: call the service, map its result). */
import type { AppContext } from '../context.js';
import type { AreaHandlers } from './handlers.js';

export function createAuditHandlers(_ctx: AppContext): AreaHandlers<'audit'> {
  return {};
}
