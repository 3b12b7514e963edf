/** Synthesize a prompt-ready context for a query, within a token budget. */
import type { Contract } from '@hx-memory/contract';
import { type AreaMethods, type ClientCore, bindArea } from '../core/resource.js';

/** Methods derived from the contract area, defined at construction by bindArea. */
export interface Synthesize extends AreaMethods<Contract['synthesize']> {}
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the interface types the methods bindArea defines
export class Synthesize {
  constructor(core: ClientCore) {
    bindArea(this, core, 'synthesize');
  }
}
