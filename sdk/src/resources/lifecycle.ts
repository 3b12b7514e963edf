/** Retention, archive and delete policies of an organization. */
import type { Contract } from '@hx-memory/contract';
import { type AreaMethods, type ClientCore, bindArea } from '../core/resource.js';

/** Methods derived from the contract area, defined at construction by bindArea. */
export interface Lifecycle extends AreaMethods<Contract['lifecycle']> {}
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the interface types the methods bindArea defines
export class Lifecycle {
  constructor(core: ClientCore) {
    bindArea(this, core, 'lifecycle');
  }
}
