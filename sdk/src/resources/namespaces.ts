/** Memory namespaces of an organization. */
import type { Contract } from '@hx-memory/contract';
import { type AreaMethods, type ClientCore, bindArea } from '../core/resource.js';

/** Methods derived from the contract area, defined at construction by bindArea. */
export interface Namespaces extends AreaMethods<Contract['namespaces']> {}
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the interface types the methods bindArea defines
export class Namespaces {
  constructor(core: ClientCore) {
    bindArea(this, core, 'namespaces');
  }
}
