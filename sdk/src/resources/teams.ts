/** Teams of an organization; orgId defaults to the client's organizationId. */
import type { Contract } from '@hx-memory/contract';
import { type AreaMethods, type ClientCore, bindArea } from '../core/resource.js';

/** Methods derived from the contract area, defined at construction by bindArea. */
export interface Teams extends AreaMethods<Contract['teams']> {}
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the interface types the methods bindArea defines
export class Teams {
  constructor(core: ClientCore) {
    bindArea(this, core, 'teams');
  }
}
