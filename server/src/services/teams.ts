/** Teams of an organization: domain logic. */
import type { ServiceDeps, Services } from './index.js';

export function createTeamsService(_deps: ServiceDeps, _services: Services) {
  return {};
}
