/** Members of an organization and invitations: HTTP handlers (thin: call the service, map its result). */
import type { AppContext } from '../context.js';
import type { AreaHandlers } from './handlers.js';

export function createMembersHandlers(_ctx: AppContext): AreaHandlers<'members'> {
  return {};
}
