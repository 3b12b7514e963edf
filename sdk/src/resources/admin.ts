/** Operator routes of the deployment (OPERATOR_TOKEN). */
import type { Contract } from '@hx-memory/contract';
import { type AreaMethods, type ClientCore, bindArea } from '../core/resource.js';

/** Methods derived from the contract area, defined at construction by bindArea. */
export interface Admin extends AreaMethods<Contract['admin']> {}
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the interface types the methods bindArea defines
export class Admin {
  constructor(core: ClientCore) {
    bindArea(this, core, 'admin');
  }
}
