/**
 * The type every per-area handler module implements: one handler for each route of its slice of the
 * contract. A route without a handler (or a handler answering a status or body the route does not
 * declare) is a compile error in that area's module, and router.ts hands the areas to ts-rest's
 * `initServer().router`, which checks the whole contract the same way.
 */
import type { Contract } from '@hx-memory/contract';
import type { AppRoute } from '@ts-rest/core';
import type { AppRouteImplementation } from '@ts-rest/express';

export type Area = keyof Contract;
export type AreaHandlers<A extends Area> = {
  [K in keyof Contract[A]]: Contract[A][K] extends AppRoute ? AppRouteImplementation<Contract[A][K]> : never;
};
