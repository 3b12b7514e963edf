/** Teams of an organization: HTTP handlers (thin: call the service, map its result). */
import type { AppContext } from '../context.js';
import type { AreaHandlers } from './handlers.js';

export function createTeamsHandlers(_ctx: AppContext): AreaHandlers<'teams'> {
  return {};
}
