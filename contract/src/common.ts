/**
 * The shapes every route shares: the response envelope, error codes and their HTTP statuses,
 * pagination, and small reusable field schemas. Defined once so server, SDK and OpenAPI agree.
 */
import { z } from 'zod';
import type { Permission } from './permissions.js';

/** Every error code the API can answer with, and the HTTP status that goes with it. */
export const ERROR_STATUS = {
  validation_error: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  rate_limited: 429,
  quota_exceeded: 429,
  internal_error: 500,
  not_implemented: 501,
  service_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]];
export const ErrorCodeSchema = z.enum(ERROR_CODES);

export const ErrorDetailSchema = z.object({
  field: z.string(),
  message: z.string(),
});
export type ErrorDetail = z.infer<typeof ErrorDetailSchema>;

export const ErrorEnvelopeSchema = z
  .object({
    ok: z.literal(false),
    error: z.object({
      code: ErrorCodeSchema,
      message: z.string(),
      details: z.array(ErrorDetailSchema).optional(),
    }),
    meta: z
      .object({ requestId: z.string() })
      .partial()
      .passthrough()
      .optional()
      .describe('Present when the request got far enough to be identified'),
  })
  .describe('Error envelope');
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

export const MetaSchema = z.object({
  requestId: z.string(),
  tenantId: z.string().describe('Empty for unauthenticated routes'),
  durationMs: z.number(),
});
export type Meta = z.infer<typeof MetaSchema>;

/** The success envelope around a route's data. */
export function envelope<T extends z.ZodTypeAny>(data: T) {
  return z.object({ ok: z.literal(true), data, meta: MetaSchema });
}

export const PaginationSchema = z.object({
  hasMore: z.boolean(),
  cursor: z.string().optional().describe('Opaque; pass back as the cursor query parameter'),
  total: z.number().int().optional(),
});
export type Pagination = z.infer<typeof PaginationSchema>;

/** `{ <key>: items[], pagination }`, the list shape of every list route (docs/api.md, Pagination). */
export function page<K extends string, T extends z.ZodTypeAny>(key: K, item: T) {
  return envelope(
    z.object({ [key]: z.array(item), pagination: PaginationSchema } as {
      [P in K]: z.ZodArray<T>;
    } & { pagination: typeof PaginationSchema }),
  );
}

export const PAGE_LIMIT_DEFAULT = 20;
export const PAGE_LIMIT_MAX = 100;

export const PageQuerySchema = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(PAGE_LIMIT_MAX)
    .default(PAGE_LIMIT_DEFAULT)
    .describe('Items per page, 1..100 (default 20)'),
  cursor: z.string().max(512).optional().describe('Cursor from the previous page'),
});

/** Query booleans: "true"/"false"/"1"/"0" (z.coerce.boolean would make "false" true). */
export const QueryBoolean = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** The instants PostgreSQL's timestamptz takes from an ISO string: years 0001 to 9999 (UTC). */
export const MIN_INSTANT_MS = Date.parse('0001-01-01T00:00:00.000Z');
export const MAX_INSTANT_MS = Date.parse('9999-12-31T23:59:59.999Z');
export const INSTANT_RANGE_MESSAGE = 'must be between the years 0001 and 9999 (UTC)';
export const inInstantRange = (ms: number) => ms >= MIN_INSTANT_MS && ms <= MAX_INSTANT_MS;

export const IsoDateTime = z
  .string()
  .datetime({ offset: true })
  // NaN: not a date-time at all, which .datetime() already reports once.
  .refine((v) => {
    const ms = Date.parse(v);
    return Number.isNaN(ms) || inInstantRange(ms);
  }, INSTANT_RANGE_MESSAGE);
export const Id = z.string().min(1).max(128);
export const Name = z.string().trim().min(1).max(200);
export const Description = z.string().max(2000);
export const Metadata = z.record(z.unknown()).describe('Free-form JSON object');

export const DeletedSchema = envelope(z.object({ id: z.string(), deleted: z.literal(true) }));

/** Error responses keyed by status, for the codes a route can return. */
export function errors<const C extends readonly ErrorCode[]>(
  ...codes: C
): { [S in (typeof ERROR_STATUS)[C[number]]]: typeof ErrorEnvelopeSchema } {
  const out: Record<number, typeof ErrorEnvelopeSchema> = {};
  for (const code of codes) out[ERROR_STATUS[code]] = ErrorEnvelopeSchema;
  return out as never;
}

/** Errors every authenticated route can return. */
export const AUTHED_ERRORS = [
  'validation_error',
  'unauthorized',
  // Any request may carry a JSON body, and the parser refuses one over the limit (413 payload_too_large, docs/api.md).
  'payload_too_large',
  'rate_limited',
  'internal_error',
  'not_implemented',
  // The database is unreachable, the server is overloaded or shutting down: retry after Retry-After.
  'service_unavailable',
] as const satisfies readonly ErrorCode[];

export type AuthKind = 'none' | 'apiKey' | 'jwt' | 'any' | 'operator';

/** Route metadata the server enforces: which token the route takes and the permission it needs. */
/**
 * What an API key may do on a core route: `read` (synthesize, lists, gets, usage), `write` (capture,
 * learn), `delete` (forget a subject, delete a memory). A key holds a subset, never more than its
 * creator's role allows (docs/decisions/access-control.md).
 */
export const KEY_SCOPES = ['read', 'write', 'delete'] as const;
export type KeyScope = (typeof KEY_SCOPES)[number];

export interface RouteMeta {
  auth: AuthKind;
  /** Organization routes: what the caller's role must hold (a name outside PERMISSIONS does not compile). */
  permission?: Permission;
  /** Core routes: the scope an API key needs. */
  scope?: KeyScope;
  /** Body size limit in bytes when it differs from the 1 MiB default. */
  bodyLimit?: number;
  /**
   * The server keeps the first answer of an Idempotency-Key for this route (http/idempotency.ts),
   * capture included.
   */
  idempotent?: boolean;
}

/** Idempotency-Key request header of the routes that create or start something. */
export const IdempotencyHeadersSchema = z.object({
  'idempotency-key': z
    .string()
    .min(1)
    .max(255)
    .optional()
    .describe(
      'Same key and body within 24 h: the first answer again, with Idempotent-Replayed: true; same key, other body: 409 conflict',
    ),
});

/** How long the first answer of an Idempotency-Key is kept. */
export const IDEMPOTENCY_TTL_HOURS = 24;

const IDEMPOTENCY_NOTE = `Send an Idempotency-Key header to make retries safe: the first successful answer is kept ${IDEMPOTENCY_TTL_HOURS} h per tenant, caller, route and key, and the same key with the same request answers it again with the header Idempotent-Replayed: true; the same key with another request is 409 conflict, and while the first request is still running a duplicate waits for it (409 with Retry-After if it runs past the wait).`;

/**
 * Marks a route that creates or starts something as idempotent: declares the Idempotency-Key header
 * and the 409 answer, notes the behaviour in its description and sets `idempotent` in its metadata.
 */
type IdempotencyShape = (typeof IdempotencyHeadersSchema)['shape'];
type WithIdempotencyHeader<R> = R extends { headers: z.ZodObject<infer S extends z.ZodRawShape> }
  ? z.ZodObject<S & IdempotencyShape>
  : typeof IdempotencyHeadersSchema;

export function idempotent<
  const R extends {
    description?: string;
    headers?: z.AnyZodObject;
    metadata: RouteMeta;
    responses: Record<number, unknown>;
  },
>(
  route: R,
): Omit<R, 'headers' | 'metadata'> & {
  headers: WithIdempotencyHeader<R>;
  responses: { 409: typeof ErrorEnvelopeSchema };
  metadata: R['metadata'] & { idempotent: true };
} {
  return {
    ...route,
    description: route.description ? `${route.description} ${IDEMPOTENCY_NOTE}` : IDEMPOTENCY_NOTE,
    headers: route.headers ? route.headers.merge(IdempotencyHeadersSchema) : IdempotencyHeadersSchema,
    responses: { ...route.responses, 409: ErrorEnvelopeSchema },
    metadata: { ...route.metadata, idempotent: true },
  } as never;
}
