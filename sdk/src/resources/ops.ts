/** Health and metrics of the deployment. */
import type { Contract } from '@hx-memory/contract';
import { type AreaMethods, type ClientCore, bindArea } from '../core/resource.js';

/** Methods derived from the contract area, defined at construction by bindArea. */
export interface Ops extends AreaMethods<Contract['ops']> {}
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the interface types the methods bindArea defines
export class Ops {
  constructor(core: ClientCore) {
    bindArea(this, core, 'ops');
  }
}
