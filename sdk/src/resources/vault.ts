/** Encrypted secrets (JWT only): vaults, items, reveal and the vault audit log. */
import type { Contract } from '@hx-memory/contract';
import { type AreaMethods, type ClientCore, bindArea } from '../core/resource.js';

/** Methods derived from the contract area, defined at construction by bindArea. */
export interface Vault extends AreaMethods<Contract['vault']> {}
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the interface types the methods bindArea defines
export class Vault {
  constructor(core: ClientCore) {
    bindArea(this, core, 'vault');
  }
}
