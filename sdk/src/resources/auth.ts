/** Registration, login, token refresh, logout and the current user. */
import type { Contract } from '@hx-memory/contract';
import { type AreaMethods, type ClientCore, bindArea } from '../core/resource.js';

/** Methods derived from the contract area, defined at construction by bindArea. */
export interface Auth extends AreaMethods<Contract['auth']> {}
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the interface types the methods bindArea defines
export class Auth {
  constructor(core: ClientCore) {
    bindArea(this, core, 'auth');
  }
}
