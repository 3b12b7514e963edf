/** Members of an organization and invitations: domain logic. */
import type { ServiceDeps, Services } from './index.js';

export function createMembersService(_deps: ServiceDeps, _services: Services) {
  return {};
}
