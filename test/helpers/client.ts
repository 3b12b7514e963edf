/**
 * The typed test client: ts-rest's client over the contract, so a test calls `api.memories.list(...)`
 * and gets `{ status, body, headers }` with `body` typed by the route's response for that status
 * (strictStatusCodes: a status the contract does not declare is a type error in `expectStatus`).
 * Supertest (`server.http()`) stays for the suites where the wire itself is the point.
 */
import { contract } from '@hx-memory/contract';
import { initClient } from '@ts-rest/core';
import { expect } from 'vitest';

/** An API key or JWT as a string, or anything that carries an access token (a TestUser, a member). */
export type Credential = string | { accessToken: string };

const token = (credential: Credential) => (typeof credential === 'string' ? credential : credential.accessToken);

/** The Authorization header of `credential`: `.set(auth(key))` with supertest, `extraHeaders` with the client. */
export const auth = (credential: Credential) => ({ Authorization: `Bearer ${token(credential)}` });

/** The Authorization header's value alone: `.set('Authorization', bearer(user))`. */
export const bearer = (credential: Credential) => `Bearer ${token(credential)}`;

/**
 * A ts-rest client against `baseUrl`, signed in with `credential` when given. Responses are not
 * validated against the contract: zod would strip unknown fields, and tests must see what the server
 * really sent (a leaked field must fail a test, not vanish in parsing). Each request has a connection
 * of its own (`Connection: close`), as supertest's: a kept-alive socket reused just as the server's
 * keep-alive timer closes it fails with ECONNRESET, which a loaded machine (the embedded database
 * shares the test's event loop) makes likely after a long step between two requests.
 */
export function typedClient(baseUrl: string, credential?: Credential, headers: Record<string, string> = {}) {
  return initClient(contract, {
    baseUrl,
    baseHeaders: { connection: 'close', ...(credential ? auth(credential) : {}), ...headers },
    validateResponse: false,
    throwOnUnknownStatus: false,
  });
}

export type HxTestClient = ReturnType<typeof typedClient>;

type RouteArgs<R> = R extends (args: infer A) => unknown ? NonNullable<A> : never;
/** The body a route of the typed client takes: `RouteBody<HxTestClient['learn']['learn']>`. */
export type RouteBody<R> = RouteArgs<R> extends { body?: infer B } ? B : never;
/** The query a route of the typed client takes: `RouteQuery<HxTestClient['artifacts']['list']>`. */
export type RouteQuery<R> = RouteArgs<R> extends { query?: infer Q } ? Q : never;

/**
 * Asserts the response's status (the body is in the failure message) and narrows the response to it,
 * so `expectStatus(res, 201).body.data` is typed with the route's 201 body.
 */
export function expectStatus<R extends { status: number; body: unknown }, S extends R['status']>(
  res: R,
  status: S,
): Extract<R, { status: S }> {
  expect(res.status, `expected HTTP ${status}, got ${res.status}: ${JSON.stringify(res.body)}`).toBe(status);
  return res as Extract<R, { status: S }>;
}

/** The fields an error envelope's details name, in order: `errorFields(expectStatus(res, 400).body)`. */
export const errorFields = (body: { error: { details?: { field: string }[] } }) =>
  body.error.details?.map((d) => d.field) ?? [];

/** Like expectStatus, for fixtures: throws instead of asserting, so a fixture's failure names its step. */
export function must<R extends { status: number; body: unknown }, S extends R['status']>(
  step: string,
  res: R,
  status: S,
): Extract<R, { status: S }> {
  if (res.status !== status) throw new Error(`${step} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res as Extract<R, { status: S }>;
}

/**
 * Every id of a cursor-paginated list, walked one item per page so that no page may leak what the
 * whole list must not show. `page` asks for one page of the route as the user under test, `field`
 * names the list in `data`: `listAllIds((query) => server.api(user).vault.listVaults({ query }), 'vaults')`.
 */
export async function listAllIds(
  page: (query: { limit: number; cursor?: string }) => Promise<{ status: number; body: unknown }>,
  field: string,
): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | undefined;
  do {
    const res = await page({ limit: 1, ...(cursor ? { cursor } : {}) });
    if (res.status !== 200) throw new Error(`listing ${field}: ${res.status} ${JSON.stringify(res.body)}`);
    const { data } = res.body as { data: Record<string, { id: string }[]> & { pagination: { cursor?: string } } };
    ids.push(...data[field]!.map((item) => item.id));
    cursor = data.pagination.cursor;
  } while (cursor);
  return ids;
}
