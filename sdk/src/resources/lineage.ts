/** Where a memory came from and what it was compiled into. */
import type { Contract } from '@hx-memory/contract';
import { type AreaMethods, type ClientCore, bindArea } from '../core/resource.js';

/** Methods derived from the contract area, defined at construction by bindArea. */
export interface Lineage extends AreaMethods<Contract['lineage']> {}
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the interface types the methods bindArea defines
export class Lineage {
  constructor(core: ClientCore) {
    bindArea(this, core, 'lineage');
  }
}
