/** Agent identities: domain logic. */
import type { ServiceDeps, Services } from './index.js';

export function createAgentsService(_deps: ServiceDeps, _services: Services) {
  return {};
}
