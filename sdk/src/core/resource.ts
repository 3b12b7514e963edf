/**
 * Turns one contract area into typed SDK methods: each route becomes `method(input?, options?)`
 * whose input merges path params, query and body, and whose answer is the envelope's data (or a
 * PagePromise for cursor-paginated lists). Shapes come from the contract, never re-declared.
 */
import { type Contract, type Pagination, contract } from '@hx-memory/contract';
import type { AppRoute, AppRouter, ClientInferRequest, ClientInferResponses } from '@ts-rest/core';
import { APIPromise } from './api-promise.js';
import type { CallContext, ClientConfig, ContractClient, RawResponse, RequestOptions } from './fetcher.js';
import { PagePromise } from './pagination.js';

/** What resources share: the ts-rest client and the current configuration. */
export interface ClientCore {
  readonly client: ContractClient;
  config(): ClientConfig;
}

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

export type RouteResult<R extends AppRoute> =
  RouteData<R> extends infer D
    ? D extends { pagination: Pagination }
      ? PagePromise<ItemOf<D>, D>
      : APIPromise<D>
    : never;

type RouteArgs<R extends AppRoute> =
  object extends RouteInput<R>
    ? [input?: RouteInput<R>, options?: RequestOptions]
    : [input: RouteInput<R>, options?: RequestOptions];

export type RouteMethod<R extends AppRoute> = (...args: RouteArgs<R>) => RouteResult<R>;

export type AreaMethods<A extends AppRouter> = {
  [K in keyof A]: A[K] extends AppRoute ? RouteMethod<A[K]> : never;
};

const HAS_BODY = new Set(['POST', 'PUT', 'PATCH']);

function queryKeys(route: AppRoute): Set<string> {
  const shape = (route as { query?: { shape?: Record<string, unknown> } | null }).query?.shape;
  return new Set(Object.keys(shape ?? {}));
}

/** Splits the flat input into ts-rest's params, query and body. */
export function splitInput(route: AppRoute, input: Record<string, unknown>, organizationId?: string) {
  const paramNames = [...route.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1] as string);
  const params: Record<string, string> = {};
  const query: Record<string, unknown> = {};
  const body: Record<string, unknown> = {};
  const inQuery = queryKeys(route);
  for (const name of paramNames) {
    const value = input[name] ?? (name === 'orgId' ? organizationId : undefined);
    if (value === undefined || value === null || value === '') {
      throw new TypeError(`${route.method} ${route.path}: missing path parameter "${name}"`);
    }
    params[name] = String(value);
  }
  for (const [key, value] of Object.entries(input)) {
    if (paramNames.includes(key) || value === undefined) continue;
    if (!HAS_BODY.has(route.method) || inQuery.has(key)) query[key] = value;
    else body[key] = value;
  }
  return { params, query, body };
}

function isPaginated(route: AppRoute): boolean {
  return route.method === 'GET' && queryKeys(route).has('cursor');
}

/** Defines one method per route of `area` on `target`. */
export function bindArea<A extends keyof Contract>(target: object, core: ClientCore, area: A): void {
  const routes = contract[area] as unknown as Record<string, AppRoute>;
  const calls = core.client[area] as unknown as Record<string, (args: unknown) => Promise<RawResponse>>;
  for (const [name, route] of Object.entries(routes)) {
    const method = (input: Record<string, unknown> = {}, options: RequestOptions = {}) => {
      const { params, query, body } = splitInput(route, input, core.config().organizationId);
      const hx: CallContext = { ...options, orgId: params.orgId };
      const call = (cursor?: string) => {
        const args: Record<string, unknown> = { hx };
        if (Object.keys(params).length) args.params = params;
        if (route.method !== 'GET' || Object.keys(query).length || cursor) {
          args.query = cursor === undefined ? query : { ...query, cursor };
        }
        if (HAS_BODY.has(route.method)) args.body = body;
        return calls[name]?.(args) as Promise<RawResponse>;
      };
      return isPaginated(route) ? new PagePromise(call, query.cursor as string | undefined) : new APIPromise(call());
    };
    Object.defineProperty(target, name, { value: method, enumerable: false, configurable: true, writable: true });
  }
}
