/** Compiled artifacts: list (cursor-paginated, async-iterable) and get. */
import type { Contract } from '@hx-memory/contract';
import { type AreaMethods, type ClientCore, bindArea } from '../core/resource.js';

/** Methods derived from the contract area, defined at construction by bindArea. */
export interface Artifacts extends AreaMethods<Contract['artifacts']> {}
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the interface types the methods bindArea defines
export class Artifacts {
  constructor(core: ClientCore) {
    bindArea(this, core, 'artifacts');
  }
}
