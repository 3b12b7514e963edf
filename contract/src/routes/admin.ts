/**
 * Operator administration (operator token, `Authorization: Bearer $OPERATOR_TOKEN`): tenants and
 * their plans, and removing a user. Used by the CLI; disabled (403) while OPERATOR_TOKEN is unset.
 */
import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { Id, IsoDateTime, PageQuerySchema, type RouteMeta, envelope, errors, page } from '../common.js';
import { PlanSchema } from '../plans.js';

const c = initContract();

export const TenantSchema = z.object({
  id: z.string(),
  name: z.string(),
  plan: PlanSchema,
  createdAt: IsoDateTime,
  quota: z.object({
    eventsLimit: z.number().int().nullable().describe('null: unlimited'),
    eventsUsed: z.number().int(),
    resetDate: IsoDateTime.describe('Start of the next UTC calendar month'),
  }),
});
export type Tenant = z.infer<typeof TenantSchema>;

const OPERATOR_ERRORS = [
  'validation_error',
  'unauthorized',
  'forbidden',
  'payload_too_large',
  'internal_error',
  'service_unavailable',
] as const;

export const KekRotationSchema = z.object({
  kekId: z.string().describe('The KEK every data key is (or, while incomplete, is being) wrapped with'),
  previousKekId: z.string().nullable().describe('The KEK that was current before this rotation'),
  resumed: z.boolean().describe('This run continued a rotation an earlier run left unfinished'),
  rewrapped: z.number().int().describe('Data keys (item versions) re-wrapped by this run'),
  skipped: z
    .number()
    .int()
    .describe('Data keys that did not open under their KEK id (damaged or foreign); left as they are'),
  remaining: z.number().int().describe('Data keys still under an older KEK; 0 when complete'),
  batches: z.number().int(),
  complete: z.boolean().describe('Every data key is under `kekId`; the older KEKs are no longer needed'),
});
export type KekRotation = z.infer<typeof KekRotationSchema>;

export const adminContract = c.router({
  listTenants: {
    method: 'GET',
    path: '/admin/tenants',
    summary: 'List tenants',
    description: 'Every tenant of the deployment with its plan and this month’s event usage, oldest first.',
    query: PageQuerySchema,
    responses: { 200: page('tenants', TenantSchema), ...errors(...OPERATOR_ERRORS) },
    metadata: { auth: 'operator' } satisfies RouteMeta,
  },
  getTenant: {
    method: 'GET',
    path: '/admin/tenants/:tenantId',
    pathParams: z.object({ tenantId: Id }),
    summary: 'Get a tenant',
    responses: { 200: envelope(TenantSchema), ...errors(...OPERATOR_ERRORS, 'not_found') },
    metadata: { auth: 'operator' } satisfies RouteMeta,
  },
  updateTenant: {
    method: 'PATCH',
    path: '/admin/tenants/:tenantId',
    pathParams: z.object({ tenantId: Id }),
    summary: "Change a tenant's plan",
    description: 'Takes effect on the next request of every API key and user of the tenant.',
    body: z.object({ plan: PlanSchema }).strict(),
    responses: { 200: envelope(TenantSchema), ...errors(...OPERATOR_ERRORS, 'not_found') },
    metadata: { auth: 'operator' } satisfies RouteMeta,
  },
  deleteUser: {
    method: 'DELETE',
    path: '/admin/users/:userId',
    pathParams: z.object({ userId: Id }),
    summary: 'Delete a user',
    description: 'Deactivates the user: its access tokens stop working at once and its refresh tokens are revoked.',
    body: c.noBody(),
    responses: {
      200: envelope(z.object({ id: z.string(), deleted: z.literal(true) })),
      ...errors(...OPERATOR_ERRORS, 'not_found'),
    },
    metadata: { auth: 'operator' } satisfies RouteMeta,
  },
  rotateKek: {
    method: 'POST',
    path: '/admin/kek/rotate',
    summary: 'Rotate the vault key encryption key',
    description:
      'Re-wraps every vault data key under a new KEK in batches, each committed on its own; values are never decrypted. Embedded key file: a new KEK is generated and saved beside the key file before any data key moves, and becomes the key file once all are re-wrapped. VAULT_KEK: set the new key as VAULT_KEK (new VAULT_KEK_ID) with the old one in VAULT_KEK_PREVIOUS, restart, then call this to move every data key to it. Resumable: an interrupted run (crash, `maxBatches`) leaves every item readable, and the next call finishes the same rotation. Audited `vault.kek.rotated` per batch and tenant, with counts. Unknown fields answer 400.',
    body: z
      .object({
        batchSize: z
          .number()
          .int()
          .min(1)
          .max(5000)
          .default(500)
          .describe('Data keys per batch (one transaction each)'),
        maxBatches: z.number().int().min(1).optional().describe('Stop after this many batches; call again to continue'),
      })
      .strict()
      .default({}),
    responses: { 200: envelope(KekRotationSchema), ...errors(...OPERATOR_ERRORS, 'conflict') },
    metadata: { auth: 'operator' } satisfies RouteMeta,
  },
});
