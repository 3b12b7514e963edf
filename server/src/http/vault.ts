/** Vault: encrypted secrets: HTTP handlers (thin: call the service, map its result). */
import type { AppContext } from '../context.js';
import type { AreaHandlers } from './handlers.js';

export function createVaultHandlers(_ctx: AppContext): AreaHandlers<'vault'> {
  return {};
}
