/** Compiled artifacts: list and get: domain logic. */
import type { ServiceDeps, Services } from './index.js';

export function createArtifactsService(_deps: ServiceDeps, _services: Services) {
  return {};
}
