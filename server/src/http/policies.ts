/** Access policies (allow/deny): HTTP handlers (thin: call the service, map its result). */
import type { AppContext } from '../context.js';
import type { AreaHandlers } from './handlers.js';

export function createPoliciesHandlers(_ctx: AppContext): AreaHandlers<'policies'> {
  return {};
}
