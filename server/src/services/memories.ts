/** Memories: list, get, delete; forget a subject: domain logic. */
import type { ServiceDeps, Services } from './index.js';

export function createMemoriesService(_deps: ServiceDeps, _services: Services) {
  return {};
}
