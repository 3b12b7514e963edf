/** Organizations: domain logic. */
import type { ServiceDeps, Services } from './index.js';

export function createOrganizationsService(_deps: ServiceDeps, _services: Services) {
  return {};
}
