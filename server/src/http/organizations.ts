/** Organizations: HTTP handlers (thin: call the service, map its result). */
import type { AppContext } from '../context.js';
import type { AreaHandlers } from './handlers.js';

export function createOrganizationsHandlers(_ctx: AppContext): AreaHandlers<'organizations'> {
  return {};
}
