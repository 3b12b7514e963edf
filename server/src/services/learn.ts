/** Learn: memory compilation jobs: domain logic. */
import type { ServiceDeps, Services } from './index.js';

export function createLearnService(_deps: ServiceDeps, _services: Services) {
  return {};
}
