/** Lifecycle (retention) policies: HTTP handlers (thin: call the service, map its result). */
import type { AppContext } from '../context.js';
import type { AreaHandlers } from './handlers.js';

export function createLifecycleHandlers(_ctx: AppContext): AreaHandlers<'lifecycle'> {
  return {};
}
