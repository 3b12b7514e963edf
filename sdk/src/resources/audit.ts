/** Audit log and memory access log of an organization (cursor-paginated). */
import type { Contract } from '@hx-memory/contract';
import { type AreaMethods, type ClientCore, bindArea } from '../core/resource.js';

/** Methods derived from the contract area, defined at construction by bindArea. */
export interface Audit extends AreaMethods<Contract['audit']> {}
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the interface types the methods bindArea defines
export class Audit {
  constructor(core: ClientCore) {
    bindArea(this, core, 'audit');
  }
}
