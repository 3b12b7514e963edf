/** Memory lineage: domain logic. */
import type { ServiceDeps, Services } from './index.js';

export function createLineageService(_deps: ServiceDeps, _services: Services) {
  return {};
}
