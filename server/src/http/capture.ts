/** Event capture: single and batch: HTTP handlers (thin: call the service, map its result). */
import type { AppContext } from '../context.js';
import type { AreaHandlers } from './handlers.js';

export function createCaptureHandlers(_ctx: AppContext): AreaHandlers<'capture'> {
  return {};
}
