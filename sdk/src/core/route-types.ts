/**
 * The SDK's types as the contract infers them, route by route (ts-rest and zod). Not part of the
 * published declarations: scripts/lean-types.ts prints them once into src/types.ts as plain types,
 * and test/sdk/lean-types.check.ts asserts the printed types identical to these.
 */
import type { Pagination } from '@hx-memory/contract';
import type { AppRoute, ClientInferRequest, ClientInferResponses } from '@ts-rest/core';

type Prettify<T> = { [K in keyof T]: T[K] } & {};
type SuccessStatus = 200 | 201 | 202 | 204;
type SuccessBody<R extends AppRoute> = Extract<ClientInferResponses<R>, { status: SuccessStatus }>['body'];

/** The `data` of a route's success envelope (the whole body for routes without one, e.g. /health). */
export type RouteData<R extends AppRoute> =
  SuccessBody<R> extends infer B ? (B extends { ok: true; data: infer D } ? D : B) : never;

type Request<R extends AppRoute> = ClientInferRequest<R>;
type PartOf<R extends AppRoute, K extends string> = K extends keyof Request<R>
  ? NonNullable<Request<R>[K]> extends object
    ? NonNullable<Request<R>[K]>
    : object
  : object;
/** orgId may be left out when the client was given an organizationId. */
type OrgOptional<P> = 'orgId' extends keyof P ? Omit<P, 'orgId'> & { orgId?: string } : P;

/** The flat input of a route: path params, query and body fields in one object. */
export type RouteInput<R extends AppRoute> = Prettify<
  OrgOptional<PartOf<R, 'params'>> & PartOf<R, 'body'> & PartOf<R, 'query'>
>;

/** The item type of a list's data: the array beside `pagination`. */
export type ItemOf<D> = {
  [K in Exclude<keyof D, 'pagination'>]: D[K] extends Array<infer I> ? I : never;
}[Exclude<keyof D, 'pagination'>];

/** Whether a route's data is a page (`pagination` beside an item array). */
export type IsPage<R extends AppRoute> = RouteData<R> extends { pagination: Pagination } ? true : false;
