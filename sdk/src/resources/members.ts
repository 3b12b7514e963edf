/** Members of an organization: invite, list, change role, remove. */
import type { Contract } from '@hx-memory/contract';
import { type AreaMethods, type ClientCore, bindArea } from '../core/resource.js';

/** Methods derived from the contract area, defined at construction by bindArea. */
export interface Members extends AreaMethods<Contract['members']> {}
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the interface types the methods bindArea defines
export class Members {
  constructor(core: ClientCore) {
    bindArea(this, core, 'members');
  }
}
