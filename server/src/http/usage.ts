/** Usage metrics: HTTP handlers (thin: call the service, map its result). */
import type { AppContext } from '../context.js';
import type { AreaHandlers } from './handlers.js';

export function createUsageHandlers(_ctx: AppContext): AreaHandlers<'usage'> {
  return {};
}
