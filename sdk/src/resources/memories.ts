/** Individual memories, and forgetting everything about a subject. */
import type { Contract } from '@hx-memory/contract';
import { type AreaMethods, type ClientCore, bindArea } from '../core/resource.js';

/** Methods derived from the contract area, defined at construction by bindArea. */
export interface Memories extends AreaMethods<Contract['memories']> {}
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the interface types the methods bindArea defines
export class Memories {
  constructor(core: ClientCore) {
    bindArea(this, core, 'memories');
  }
}
