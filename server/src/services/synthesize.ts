/** Synthesize: prompt-ready context for a query: domain logic. */
import type { ServiceDeps, Services } from './index.js';

export function createSynthesizeService(_deps: ServiceDeps, _services: Services) {
  return {};
}
