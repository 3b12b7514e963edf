/** Learn: memory compilation jobs: HTTP handlers (thin: call the service, map its result). */
import type { AppContext } from '../context.js';
import type { AreaHandlers } from './handlers.js';

export function createLearnHandlers(_ctx: AppContext): AreaHandlers<'learn'> {
  return {};
}
