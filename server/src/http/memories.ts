/** Memories: list, get, delete; forget a subject: HTTP handlers (thin: call the service, map its result). */
import type { AppContext } from '../context.js';
import type { AreaHandlers } from './handlers.js';

export function createMemoriesHandlers(_ctx: AppContext): AreaHandlers<'memories'> {
  return {};
}
