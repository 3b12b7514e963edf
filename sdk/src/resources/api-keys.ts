/** API keys of the tenant (JWT): list, create (the key is shown once), revoke. */
import type { Contract } from '@hx-memory/contract';
import { type AreaMethods, type ClientCore, bindArea } from '../core/resource.js';

/** Methods derived from the contract area, defined at construction by bindArea. */
export interface ApiKeys extends AreaMethods<Contract['apiKeys']> {}
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the interface types the methods bindArea defines
export class ApiKeys {
  constructor(core: ClientCore) {
    bindArea(this, core, 'apiKeys');
  }
}
