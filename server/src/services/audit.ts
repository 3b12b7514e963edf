/** Audit log and memory access log: domain logic. */
import type { ServiceDeps, Services } from './index.js';

export function createAuditService(_deps: ServiceDeps, _services: Services) {
  return {};
}
