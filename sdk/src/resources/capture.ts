/** Capture events, one at a time or in batches; secrets in payloads are moved to the vault. */
import type { Contract } from '@hx-memory/contract';
import { type AreaMethods, type ClientCore, bindArea } from '../core/resource.js';

/** Methods derived from the contract area, defined at construction by bindArea. */
export interface Capture extends AreaMethods<Contract['capture']> {}
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the interface types the methods bindArea defines
export class Capture {
  constructor(core: ClientCore) {
    bindArea(this, core, 'capture');
  }
}
