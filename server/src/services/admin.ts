/** Operator administration (operator token): tenant plans: domain logic. */
import type { ServiceDeps, Services } from './index.js';

export function createAdminService(_deps: ServiceDeps, _services: Services) {
  return {};
}
