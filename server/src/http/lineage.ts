/** Memory lineage: HTTP handlers (thin: call the service, map its result). */
import type { AppContext } from '../context.js';
import type { AreaHandlers } from './handlers.js';

export function createLineageHandlers(_ctx: AppContext): AreaHandlers<'lineage'> {
  return {};
}
