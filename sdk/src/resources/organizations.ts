/** Organizations of the tenant. */
import type { Contract } from '@hx-memory/contract';
import { type AreaMethods, type ClientCore, bindArea } from '../core/resource.js';

/** Methods derived from the contract area, defined at construction by bindArea. */
export interface Organizations extends AreaMethods<Contract['organizations']> {}
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the interface types the methods bindArea defines
export class Organizations {
  constructor(core: ClientCore) {
    bindArea(this, core, 'organizations');
  }
}
