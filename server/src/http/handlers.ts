/**
 * Types and helpers shared by the per-area handler modules. An area module exports a function of the
 * app context answering a (possibly partial) implementation of its slice of the contract; routes it
 * leaves out answer 501 not_implemented until their issue lands.
 */
import type { Contract } from '@hx-memory/contract';
import type { AppRoute } from '@ts-rest/core';
import type { AppRouteImplementation } from '@ts-rest/express';

export type Area = keyof Contract;
export type AreaImplementation<A extends Area> = {
  [K in keyof Contract[A]]: Contract[A][K] extends AppRoute ? AppRouteImplementation<Contract[A][K]> : never;
};
export type AreaHandlers<A extends Area> = Partial<AreaImplementation<A>>;
export type ContractImplementation = { [A in Area]: AreaImplementation<A> };
