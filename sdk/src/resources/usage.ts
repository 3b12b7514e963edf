/** Usage metrics and the monthly event quota. */
import type { Contract } from '@hx-memory/contract';
import { type AreaMethods, type ClientCore, bindArea } from '../core/resource.js';

/** Methods derived from the contract area, defined at construction by bindArea. */
export interface Usage extends AreaMethods<Contract['usage']> {}
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the interface types the methods bindArea defines
export class Usage {
  constructor(core: ClientCore) {
    bindArea(this, core, 'usage');
  }
}
