/** Event capture: single and batch: domain logic. */
import type { ServiceDeps, Services } from './index.js';

export function createCaptureService(_deps: ServiceDeps, _services: Services) {
  return {};
}
