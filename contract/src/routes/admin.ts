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
    body: z.object({ plan: PlanSchema }),
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
});
