/** Usage metrics: domain logic. */
import type { ServiceDeps, Services } from './index.js';

export function createUsageService(_deps: ServiceDeps, _services: Services) {
  return {};
}
