/** Access policies (allow/deny): domain logic. */
import type { ServiceDeps, Services } from './index.js';

export function createPoliciesService(_deps: ServiceDeps, _services: Services) {
  return {};
}
