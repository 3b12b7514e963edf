/** Compiled artifacts: list and get: HTTP handlers (thin: call the service, map its result). */
import type { AppContext } from '../context.js';
import type { AreaHandlers } from './handlers.js';

export function createArtifactsHandlers(_ctx: AppContext): AreaHandlers<'artifacts'> {
  return {};
}
