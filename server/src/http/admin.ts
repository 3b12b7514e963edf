/** Operator administration (operator token): tenant plans: HTTP handlers (thin: call the service, map its result). */
import type { AppContext } from '../context.js';
import type { AreaHandlers } from './handlers.js';

export function createAdminHandlers(_ctx: AppContext): AreaHandlers<'admin'> {
  return {};
}
