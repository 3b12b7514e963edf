/** Lifecycle (retention) policies: domain logic. */
import type { ServiceDeps, Services } from './index.js';

export function createLifecycleService(_deps: ServiceDeps, _services: Services) {
  return {};
}
