/** Memory namespaces: domain logic. */
import type { ServiceDeps, Services } from './index.js';

export function createNamespacesService(_deps: ServiceDeps, _services: Services) {
  return {};
}
