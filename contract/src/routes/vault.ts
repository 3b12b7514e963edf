/**
 * Vault (JWT only): vaults of the tenant and their encrypted items. Values appear only in the
 * retrieve and reveal answers, both audited; lists never carry them. Deletion is an Hx addition.
 */
import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import {
  AUTHED_ERRORS,
  DeletedSchema,
  Description,
  Id,
  IsoDateTime,
  Metadata,
  Name,
  PageQuerySchema,
  type RouteMeta,
  envelope,
  errors,
  page,
  idempotent,
} from '../common.js';

const c = initContract();

export const VaultSensitivitySchema = z.enum(['low', 'medium', 'high', 'critical']);
export type VaultSensitivity = z.infer<typeof VaultSensitivitySchema>;

export const VaultSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  sensitivity: VaultSensitivitySchema,
  system: z.boolean().describe('The tenant system vault, where capture stores the secrets it redacts'),
  organizationId: z
    .string()
    .nullable()
    .describe(
      'The organization sharing the vault by role (vault:read, vault:write); null: creator and tenant owner only',
    ),
  createdBy: z.string(),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
});
export type Vault = z.infer<typeof VaultSchema>;

export const VaultItemSchema = z.object({
  id: z.string(),
  vaultId: z.string(),
  name: z.string(),
  type: z.string().nullable(),
  metadata: z.record(z.unknown()),
  version: z.number().int().describe('Current version; each value change adds one'),
  reference: z.string().describe('vault://<vaultId>/<itemId>, the form redacted payloads carry'),
  createdBy: z.string(),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
});
export type VaultItem = z.infer<typeof VaultItemSchema>;

export const VaultItemWithValueSchema = VaultItemSchema.extend({ value: z.string().describe('The decrypted secret') });

export const VaultRevealBodySchema = z
  .object({
    password: z
      .string()
      .min(1)
      .max(1024)
      .optional()
      .describe(
        "The signed-in user's password again. Required when the request is authenticated by the web console's session cookie; checked whenever given (throttled as login is, a wrong one audited and answered 403).",
      ),
  })
  .strict();

export const VaultRevealSchema = z.object({
  id: z.string(),
  vaultId: z.string(),
  name: z.string(),
  version: z.number().int(),
  value: z.string(),
  revealedAt: IsoDateTime,
});

export const VaultItemVersionSchema = z.object({
  version: z.number().int(),
  current: z.boolean(),
  createdBy: z.string(),
  createdAt: IsoDateTime,
});
export type VaultItemVersion = z.infer<typeof VaultItemVersionSchema>;

export const VaultAuditEntrySchema = z
  .object({
    id: z.string(),
    action: z.string(),
    actorType: z.string(),
    actorId: z.string(),
    resourceType: z.string(),
    resourceId: z.string().nullable(),
    details: z.record(z.unknown()),
    requestId: z.string().nullable(),
    ip: z.string().nullable(),
    userAgent: z.string().nullable(),
    createdAt: IsoDateTime,
  })
  .describe('Fields beyond action, actor and time are recorded according to the vault sensitivity');

const VaultIdParams = z.object({ vaultId: Id });
const IdParams = z.object({ id: Id });
const ItemParams = z.object({ vaultId: Id, itemId: Id });
const IdItemParams = z.object({ id: Id, itemId: Id });

const jwt = { auth: 'jwt' } satisfies RouteMeta;

const VersionQuery = z
  .object({
    version: z.coerce
      .number()
      .int()
      .min(1)
      .optional()
      .describe('An older version (see the versions list); default: current'),
  })
  .strict();
const ItemValue = z.string().min(1).max(65536);
const ItemType = z.string().trim().min(1).max(64).describe('e.g. api_key, password, token');

export const vaultContract = c.router({
  createVault: idempotent({
    method: 'POST',
    path: '/vaults',
    summary: 'Create a vault',
    description:
      'Open to every user of the tenant; the creator and the tenant owner can use the vault. With `organizationId` the vault is also shared with that organization: its owners and admins, and members whose role holds vault:read (read) or vault:write (read and change). Creating one needs vault:write in the organization (404 otherwise). Names are unique per tenant; `system` is reserved for the vault capture redacts into. Unknown fields answer 400.',
    body: z
      .object({
        name: Name,
        description: Description.optional(),
        sensitivity: VaultSensitivitySchema.default('medium'),
        organizationId: Id.optional(),
      })
      .strict(),
    responses: { 201: envelope(VaultSchema), ...errors(...AUTHED_ERRORS, 'conflict', 'not_found') },
    metadata: jwt,
  }),
  listVaults: {
    method: 'GET',
    path: '/vaults',
    summary: 'List vaults',
    description:
      'Vaults accessible to the authenticated user, oldest first: those the user created, those of an organization where the user is owner or admin or holds vault:read; for the tenant owner (the user who registered the tenant) every vault of the tenant, the system vault included. Every route under /vaults/{id} answers 404 for a vault the user cannot access, and 403 for a change the user may only read.',
    query: PageQuerySchema,
    responses: { 200: page('vaults', VaultSchema), ...errors(...AUTHED_ERRORS) },
    metadata: jwt,
  },
  updateVault: {
    method: 'PATCH',
    path: '/vaults/:vaultId',
    pathParams: VaultIdParams,
    summary: 'Update a vault, its sharing included',
    description:
      'Changes `name`, `description`, `sensitivity` and `organizationId` (null: shared with no organization, the creator and the tenant owner only). Only the creator and the tenant owner may: anyone else who can see the vault gets 403, and 404 for a vault the user cannot access. A new `organizationId` needs vault:write in that organization (404 otherwise), as at creation. Access follows at once: the members of the organization the vault leaves lose it, those of the new one gain it by role. Names are unique per tenant (409); `system` stays reserved, and the system vault can be neither renamed nor shared (403). Audited `vault.updated` with the fields changed. Unknown fields answer 400.',
    body: z
      .object({
        name: Name.optional(),
        description: Description.nullable().optional(),
        sensitivity: VaultSensitivitySchema.optional(),
        organizationId: Id.nullable().optional(),
      })
      .strict()
      .refine((b) => Object.keys(b).length > 0, {
        message: 'Give at least one of name, description, sensitivity, organizationId',
      }),
    responses: { 200: envelope(VaultSchema), ...errors(...AUTHED_ERRORS, 'not_found', 'forbidden', 'conflict') },
    metadata: jwt,
  },
  deleteVault: {
    method: 'DELETE',
    path: '/vaults/:vaultId',
    pathParams: VaultIdParams,
    summary: 'Delete a vault and its items',
    description:
      'Deletes the items and their versions (their wrapped keys with them) and the vault; audited. The system vault is kept. 404 for a vault the user cannot access.',
    body: c.noBody(),
    responses: { 200: DeletedSchema, ...errors(...AUTHED_ERRORS, 'not_found', 'forbidden') },
    metadata: jwt,
  },
  createItem: idempotent({
    method: 'POST',
    path: '/vaults/:vaultId/items',
    pathParams: VaultIdParams,
    summary: 'Store a secret',
    description:
      'The value is encrypted under a fresh data key before storage; the answer never echoes it. Version 1. Unknown fields answer 400.',
    body: z
      .object({
        name: Name,
        value: ItemValue,
        type: ItemType.optional(),
        metadata: Metadata.optional(),
      })
      .strict(),
    responses: { 201: envelope(VaultItemSchema), ...errors(...AUTHED_ERRORS, 'not_found', 'forbidden') },
    metadata: jwt,
  }),
  listItems: {
    method: 'GET',
    // The specification wrote `:id` here, but OpenAPI forbids one path under two parameter names (POST uses
    // `:vaultId`); the wire path is the same.
    path: '/vaults/:vaultId/items',
    pathParams: VaultIdParams,
    summary: 'List the items of a vault',
    description: 'Names, types and metadata only; values are never listed.',
    query: PageQuerySchema,
    responses: { 200: page('items', VaultItemSchema), ...errors(...AUTHED_ERRORS, 'not_found') },
    metadata: jwt,
  },
  getItem: {
    method: 'GET',
    path: '/vaults/:vaultId/items/:itemId',
    pathParams: ItemParams,
    summary: 'Retrieve a secret',
    description:
      "The item with its decrypted value, the current version or `?version=N`. Always audited with the version. 404 for a vault the user cannot access or a version that does not exist (or was pruned). Not from the web console's session cookie (403): there a value is read with reveal, which asks for the password again.",
    query: VersionQuery,
    responses: { 200: envelope(VaultItemWithValueSchema), ...errors(...AUTHED_ERRORS, 'not_found', 'forbidden') },
    metadata: jwt,
  },
  revealItem: {
    method: 'POST',
    path: '/vaults/:id/items/:itemId/reveal',
    pathParams: IdItemParams,
    summary: 'Reveal a secret',
    description:
      "Just the decrypted value, for copying; the current version or `?version=N`. Always audited with the version (and whether the password was given again). With `password`, the user's password is checked first: a wrong one is answered 403 and audited (`auth.reauth`, failed). From the web console (a session cookie) the password is required: the console asks for it again before every reveal. 404 for a vault the user cannot access.",
    query: VersionQuery,
    body: VaultRevealBodySchema.optional(),
    responses: { 200: envelope(VaultRevealSchema), ...errors(...AUTHED_ERRORS, 'not_found', 'forbidden') },
    metadata: jwt,
  },
  deleteItem: {
    method: 'DELETE',
    path: '/vaults/:vaultId/items/:itemId',
    pathParams: ItemParams,
    summary: 'Delete a secret',
    description: 'Removes the ciphertext and its wrapped key, every version; audited.',
    body: c.noBody(),
    responses: { 200: DeletedSchema, ...errors(...AUTHED_ERRORS, 'not_found', 'forbidden') },
    metadata: jwt,
  },
  updateItem: {
    method: 'PATCH',
    path: '/vaults/:vaultId/items/:itemId',
    pathParams: ItemParams,
    summary: 'Update a secret',
    description:
      'A new `value` makes a new version (sealed under a fresh data key); the older versions are kept, readable with `?version=N` and listed under /versions until pruned. `name`, `type` and `metadata` change in place. Audited `vault.item.updated` with the version. Unknown fields answer 400.',
    body: z
      .object({
        value: ItemValue.optional(),
        name: Name.optional(),
        type: ItemType.nullable().optional(),
        metadata: Metadata.optional(),
      })
      .strict()
      .refine((b) => Object.keys(b).length > 0, { message: 'Give at least one of value, name, type, metadata' }),
    responses: { 200: envelope(VaultItemSchema), ...errors(...AUTHED_ERRORS, 'not_found', 'forbidden') },
    metadata: jwt,
  },
  listItemVersions: {
    method: 'GET',
    path: '/vaults/:vaultId/items/:itemId/versions',
    pathParams: ItemParams,
    summary: 'List the versions of a secret',
    description: 'Newest first, the current one included; never values.',
    query: PageQuerySchema,
    responses: { 200: page('versions', VaultItemVersionSchema), ...errors(...AUTHED_ERRORS, 'not_found') },
    metadata: jwt,
  },
  pruneItemVersions: {
    method: 'DELETE',
    path: '/vaults/:vaultId/items/:itemId/versions',
    pathParams: ItemParams,
    summary: 'Prune old versions of a secret',
    description:
      'Deletes the older versions (ciphertext and wrapped key) and keeps the newest `keep` (default 1: the current one only). The current version is never deleted. Audited `vault.item.versions.pruned`.',
    query: z
      .object({
        keep: z.coerce
          .number()
          .int()
          .min(1)
          .max(1000)
          .default(1)
          .describe('Versions to keep, the current one included'),
      })
      .strict(),
    body: c.noBody(),
    responses: {
      200: envelope(
        z.object({
          id: z.string(),
          version: z.number().int().describe('The current version, kept'),
          pruned: z.array(z.number().int()).describe('Versions deleted'),
        }),
      ),
      ...errors(...AUTHED_ERRORS, 'not_found', 'forbidden'),
    },
    metadata: jwt,
  },
  audit: {
    method: 'GET',
    path: '/vaults/:id/audit',
    pathParams: IdParams,
    summary: 'Audit log of a vault',
    description: 'Operations on the vault and its items, newest first.',
    query: PageQuerySchema,
    responses: { 200: page('entries', VaultAuditEntrySchema), ...errors(...AUTHED_ERRORS, 'not_found') },
    metadata: jwt,
  },
});
