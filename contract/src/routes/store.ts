/**
 * Store (docs/api.md, Store): JSON documents put and read by key, under a path of labels, e.g.
 * `["users", "u1", "preferences"]` / `theme`. The key-value side of an agent's memory, next to the
 * compiled memories that synthesize ranks: what LangGraph calls a store (namespace, key, value).
 * Items live in an Hx namespace (the key's, or `namespace`) like every other row of the tenant.
 */
import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { AUTHED_ERRORS, IsoDateTime, type RouteMeta, envelope, errors } from '../common.js';

const c = initContract();

export const STORE_PATH_MAX_DEPTH = 16;
export const STORE_SEARCH_LIMIT_MAX = 100;
/** A query ranks at most this many of the matching items, the most recently updated. */
export const STORE_QUERY_CANDIDATES = 1000;

const Label = z
  .string()
  .min(1)
  .max(128)
  .refine((label) => !label.includes('.'), 'a label cannot contain a period');
const StorePath = z.array(Label).min(1).max(STORE_PATH_MAX_DEPTH);
/** A path in a URL or query string: its labels joined with periods (`users.u1.preferences`). */
const DottedPath = z
  .string()
  .min(1)
  .max(STORE_PATH_MAX_DEPTH * 129)
  .refine((p) => p.split('.').every((l) => l.length > 0 && l.length <= 128), 'labels joined with periods, none empty');
const StoreKey = z.string().min(1).max(256);
const HxNamespace = z
  .string()
  .trim()
  .min(1)
  .max(128)
  .optional()
  .describe("Hx namespace id or name; the key's namespace, else default, when absent");

const Scalar = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export const StoreFilterSchema = z
  .record(
    z.union([
      Scalar,
      z
        .object({
          $eq: Scalar,
          $ne: Scalar,
          $gt: z.union([z.number(), z.string()]),
          $gte: z.union([z.number(), z.string()]),
          $lt: z.union([z.number(), z.string()]),
          $lte: z.union([z.number(), z.string()]),
          $in: z.array(Scalar),
          $nin: z.array(Scalar),
        })
        .partial()
        .strict(),
    ]),
  )
  .describe(
    'Top-level fields of the value: a scalar for equality, or operators $eq $ne $gt $gte $lt $lte $in $nin; every condition must hold',
  );
export type StoreFilter = z.infer<typeof StoreFilterSchema>;

export const StoreItemSchema = z.object({
  path: z.array(z.string()).describe('The labels the item is filed under'),
  key: z.string(),
  value: z.record(z.unknown()),
  namespace: z.string().describe('The Hx namespace it is stored in'),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
});
export type StoreItem = z.infer<typeof StoreItemSchema>;

export const StoreSearchItemSchema = StoreItemSchema.extend({
  score: z
    .number()
    .nullable()
    .describe('With a query: the share of its words found in the value (0 to 1); null without one'),
});
export type StoreSearchItem = z.infer<typeof StoreSearchItemSchema>;

/** One item: its path (labels joined with periods) and key, in the query string (a key may hold any character). */
const ItemQuery = z.object({ path: DottedPath, key: StoreKey, namespace: HxNamespace });

export const storeContract = c.router({
  put: {
    method: 'PUT',
    path: '/store/item',
    body: z.object({
      namespace: HxNamespace,
      path: StorePath,
      key: StoreKey,
      value: z.record(z.unknown()).describe('A JSON object; replaces the value stored under the key, if any'),
    }),
    summary: 'Put a store item',
    description:
      'Stores the value under the path and key, replacing the one there (createdAt is kept). Labels cannot contain periods.',
    responses: { 200: envelope(StoreItemSchema), ...errors(...AUTHED_ERRORS, 'forbidden') },
    metadata: { auth: 'apiKey', scope: 'write' } satisfies RouteMeta,
  },
  get: {
    method: 'GET',
    path: '/store/item',
    query: ItemQuery,
    summary: 'Get a store item',
    description: 'The item under the path (labels joined with periods) and key; 404 when there is none.',
    responses: { 200: envelope(StoreItemSchema), ...errors(...AUTHED_ERRORS, 'forbidden', 'not_found') },
    metadata: { auth: 'apiKey', scope: 'read' } satisfies RouteMeta,
  },
  delete: {
    method: 'DELETE',
    path: '/store/item',
    query: ItemQuery,
    body: c.noBody(),
    summary: 'Delete a store item',
    description: 'Deletes the item; deleted: false when there was none (deleting twice is not an error).',
    responses: {
      200: envelope(z.object({ path: z.array(z.string()), key: z.string(), deleted: z.boolean() })),
      ...errors(...AUTHED_ERRORS, 'forbidden'),
    },
    metadata: { auth: 'apiKey', scope: 'delete' } satisfies RouteMeta,
  },
  search: {
    method: 'POST',
    path: '/store/search',
    body: z.object({
      namespace: HxNamespace,
      pathPrefix: z
        .array(Label)
        .max(STORE_PATH_MAX_DEPTH)
        .default([])
        .describe('Items whose path starts with these labels; empty: every item'),
      filter: StoreFilterSchema.optional(),
      query: z.string().trim().min(1).max(2000).optional(),
      limit: z.number().int().min(1).max(STORE_SEARCH_LIMIT_MAX).default(10),
      offset: z.number().int().min(0).max(10_000).default(0),
    }),
    summary: 'Search store items',
    description: `Items under the path prefix that match the filter. Without a query, the most recently updated first; with one, ranked by the share of its words found in the value's text (the ${STORE_QUERY_CANDIDATES} most recently updated matching items are ranked), then by recency.`,
    responses: {
      200: envelope(z.object({ items: z.array(StoreSearchItemSchema) })),
      ...errors(...AUTHED_ERRORS, 'forbidden'),
    },
    metadata: { auth: 'apiKey', scope: 'read' } satisfies RouteMeta,
  },
  listPaths: {
    method: 'GET',
    path: '/store/paths',
    query: z.object({
      namespace: HxNamespace,
      prefix: DottedPath.optional().describe('Paths starting with these labels (`*` matches any one label)'),
      suffix: DottedPath.optional().describe('Paths ending with these labels (`*` matches any one label)'),
      maxDepth: z.coerce.number().int().min(1).max(STORE_PATH_MAX_DEPTH).optional().describe('Paths cut to this depth'),
      limit: z.coerce.number().int().min(1).max(1000).default(100),
      offset: z.coerce.number().int().min(0).default(0),
    }),
    summary: 'List store paths',
    description: 'The distinct paths that hold items, sorted, as lists of labels.',
    responses: {
      200: envelope(z.object({ paths: z.array(z.array(z.string())) })),
      ...errors(...AUTHED_ERRORS, 'forbidden'),
    },
    metadata: { auth: 'apiKey', scope: 'read' } satisfies RouteMeta,
  },
});
