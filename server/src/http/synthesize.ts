/** Synthesize: prompt-ready context for a query: HTTP handlers (thin: call the service, map its result). */
import type { AppContext } from '../context.js';
import type { AreaHandlers } from './handlers.js';

export function createSynthesizeHandlers(_ctx: AppContext): AreaHandlers<'synthesize'> {
  return {};
}
