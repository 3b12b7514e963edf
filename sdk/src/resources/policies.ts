/** Access policies (allow/deny) of an organization. */
import type { Contract } from '@hx-memory/contract';
import { type AreaMethods, type ClientCore, bindArea } from '../core/resource.js';

/** Methods derived from the contract area, defined at construction by bindArea. */
export interface Policies extends AreaMethods<Contract['policies']> {}
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the interface types the methods bindArea defines
export class Policies {
  constructor(core: ClientCore) {
    bindArea(this, core, 'policies');
  }
}
