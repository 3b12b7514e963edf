/**
 * Turns a call of a generated resource method into a request: the flat input is split into path
 * params, query and body, and the answer is the envelope's data (or a PagePromise for
 * cursor-paginated lists). The methods' types are the plain ones of ../types.ts, printed from the
 * contract (scripts/lean-types.ts); the routes themselves are read from the contract at run time.
 */
import { contract } from '@hx-memory/contract';
import type { AppRoute } from '@ts-rest/core';
import { APIPromise } from './api-promise.js';
import type { CallContext, ClientConfig, RawResponse, RequestOptions } from './fetcher.js';
import { PagePromise } from './pagination.js';

/**
 * What resources share: the transport and the current configuration. `client` is the ts-rest client
 * over the contract, typed loosely here so that the published declarations do not carry its type.
 */
export interface ClientCore {
  readonly client: object;
  config(): ClientConfig;
}

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
 * Base of the generated resource classes (src/resources/*.ts, written by scripts/write.ts):
 * each route is a declared method with its doc comment, which calls `_request` with its area and name.
 */
export abstract class APIResource {
  /** The client's transport; shared by every resource of one client. */
  protected readonly _core: ClientCore;

  constructor(core: ClientCore) {
    this._core = core;
  }

  /** Sends one route: splits the flat input, adds the call options, unwraps or paginates the answer. */
  protected _request<T>(area: string, name: string, args: readonly unknown[]): T {
    const core = this._core;
    const route = (contract as unknown as Record<string, Record<string, AppRoute>>)[area]?.[name];
    const send = (core.client as Record<string, Record<string, (args: unknown) => Promise<RawResponse>>>)[area]?.[name];
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
