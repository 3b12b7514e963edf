/** Vault: encrypted secrets: domain logic. */
import type { ServiceDeps, Services } from './index.js';

export function createVaultService(_deps: ServiceDeps, _services: Services) {
  return {};
}
