/** API key management (JWT only): list, create (the full key is shown once), revoke. */
import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import {
  AUTHED_ERRORS,
  DeletedSchema,
  Id,
  IsoDateTime,
  KEY_SCOPES,
  PageQuerySchema,
  type RouteMeta,
  envelope,
  errors,
  page,
  idempotent,
} from '../common.js';

const c = initContract();

export const EnvironmentSchema = z.enum(['live', 'test']);
export type Environment = z.infer<typeof EnvironmentSchema>;

export const KeyScopeSchema = z.enum(KEY_SCOPES);

export const ApiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string().describe('Display start of the key, e.g. hx_live_AbCd'),
  environment: EnvironmentSchema,
  organizationId: z.string().nullable(),
  namespaceId: z.string().nullable(),
  agentId: z.string().nullable(),
  scopes: z.array(KeyScopeSchema).describe('What the key may do on the core routes: read, write, delete'),
  createdAt: IsoDateTime,
  lastUsedAt: IsoDateTime.nullable(),
  expiresAt: IsoDateTime.nullable(),
  revokedAt: IsoDateTime.nullable(),
  revoked: z.boolean(),
});
export type ApiKey = z.infer<typeof ApiKeySchema>;

export const apiKeysContract = c.router({
  list: {
    method: 'GET',
    path: '/api-keys',
    summary: 'List API keys',
    description:
      'Keys the authenticated user created; for the tenant owner (the user who registered the tenant) every key of the tenant. Newest first, cursor-paginated. Never includes the secret.',
    query: PageQuerySchema,
    responses: {
      200: page('apiKeys', ApiKeySchema),
      ...errors(...AUTHED_ERRORS),
    },
    metadata: { auth: 'jwt' } satisfies RouteMeta,
  },
  create: idempotent({
    method: 'POST',
    path: '/api-keys',
    summary: 'Create an API key',
    description:
      'The full key (hx_live_ or hx_test_ + 40 base62 characters) is in the answer once; only its SHA-256 hash is stored. A key never grants more than its creator holds: a tenant-wide key (no organizationId, namespaceId or agentId) only for the tenant owner; any other user binds the key to an organization they are an active member of (directly or through a namespace or agent of it), and `scopes` may not exceed their role there (owner, admin: read, write, delete; manager, developer: read, write; analyst, viewer: read). Omitted scopes default to everything the creator may grant. Beyond that: 403 forbidden naming the field. The key is revoked when its creator leaves the organization or is demoted below its scopes.',
    body: z.object({
      name: z.string().trim().min(1).max(200),
      environment: EnvironmentSchema.default('live'),
      expiresAt: IsoDateTime.optional(),
      organizationId: Id.optional(),
      namespaceId: Id.optional().describe('The namespace the key acts in: its id or its name (the key stores the id)'),
      agentId: Id.optional(),
      scopes: z
        .array(KeyScopeSchema)
        .min(1)
        .max(3)
        .refine((v) => new Set(v).size === v.length, 'must not repeat a scope')
        .optional()
        .describe('Default: every scope the creator may grant'),
    }),
    responses: {
      201: envelope(ApiKeySchema.extend({ key: z.string().describe('Shown once') })),
      ...errors(...AUTHED_ERRORS, 'forbidden', 'not_found'),
    },
    metadata: { auth: 'jwt' } satisfies RouteMeta,
  }),
  revoke: {
    method: 'DELETE',
    path: '/api-keys/:id',
    pathParams: z.object({ id: Id }),
    summary: 'Revoke an API key',
    description:
      'Takes effect at once, on every server instance. Only the key creator or the tenant owner may revoke; other keys answer 404.',
    body: c.noBody(),
    responses: { 200: DeletedSchema, ...errors(...AUTHED_ERRORS, 'not_found') },
    metadata: { auth: 'jwt' } satisfies RouteMeta,
  },
});
