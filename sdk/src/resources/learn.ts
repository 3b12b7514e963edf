/** Compile captured events into memories and artifacts, and follow the learn jobs. */
import type { Contract } from '@hx-memory/contract';
import { type AreaMethods, type ClientCore, bindArea } from '../core/resource.js';

/** Methods derived from the contract area, defined at construction by bindArea. */
export interface Learn extends AreaMethods<Contract['learn']> {}
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the interface types the methods bindArea defines
export class Learn {
  constructor(core: ClientCore) {
    bindArea(this, core, 'learn');
  }
}
