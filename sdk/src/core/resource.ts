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

/** The parameters of a route's method: its flat input (optional when every field is) and the call options. */
export type RouteArgs<R extends AppRoute> =
  object extends RouteInput<R>
    ? [input?: RouteInput<R>, options?: RequestOptions]
    : [input: RouteInput<R>, options?: RequestOptions];

export type RouteMethod<R extends AppRoute> = (...args: RouteArgs<R>) => RouteResult<R>;

/** Every route of an area as a method (the shape of a generated resource class). */
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

/**
 * Base of the generated resource classes (src/resources/*.ts, written by scripts/write-resources.ts):
 * each route is a declared method with its doc comment, which calls `_request` with its area and name.
 */
export abstract class APIResource {
  /** The client's transport; shared by every resource of one client. */
  protected readonly _core: ClientCore;

  constructor(core: ClientCore) {
    this._core = core;
  }

  /** Sends one route: splits the flat input, adds the call options, unwraps or paginates the answer. */
  protected _request<T>(area: keyof Contract, name: string, args: readonly unknown[]): T {
    const core = this._core;
    const route = (contract[area] as unknown as Record<string, AppRoute>)[name];
    const send = (core.client[area] as unknown as Record<string, (args: unknown) => Promise<RawResponse>>)[name];
    if (!route || !send) throw new TypeError(`Unknown route ${String(area)}.${name}`);
    const [input = {}, options = {}] = args as [Record<string, unknown>?, RequestOptions?];
    const { params, query, body } = splitInput(route, input, core.config().organizationId);
    const hx: CallContext = { ...options, orgId: params.orgId };
    const call = (cursor?: string) => {
      const callArgs: Record<string, unknown> = { hx };
      if (Object.keys(params).length) callArgs.params = params;
      if (route.method !== 'GET' || Object.keys(query).length || cursor) {
        callArgs.query = cursor === undefined ? query : { ...query, cursor };
      }
      if (HAS_BODY.has(route.method)) callArgs.body = body;
      return send(callArgs);
    };
    return (
      isPaginated(route) ? new PagePromise(call, query.cursor as string | undefined) : new APIPromise(call())
    ) as T;
  }
}
