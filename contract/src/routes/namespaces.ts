/**
 * Memory namespaces of an organization: a named partition of memories with a sensitivity level that
 * access policies (policies.ts) key on. Names double as the `namespace` value core routes accept.
 */
import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import {
  Description,
  Id,
  IsoDateTime,
  PageQuerySchema,
  type RouteMeta,
  envelope,
  errors,
  page,
  idempotent,
} from '../common.js';
import { ORG_ERRORS, OrgHeaders } from './organizations.js';

const c = initContract();

export const NAMESPACE_SENSITIVITIES = ['public', 'internal', 'confidential', 'restricted'] as const;
export const NamespaceSensitivitySchema = z.enum(NAMESPACE_SENSITIVITIES);
export type NamespaceSensitivity = z.infer<typeof NamespaceSensitivitySchema>;

/** Names are what events and memories carry in `namespace`, so they stay URL- and log-safe. */
export const NamespaceName = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/, 'must start with a letter or digit and hold only letters, digits, _ . -')
  .refine((v) => !v.startsWith('ns_'), 'must not start with ns_ (reserved for namespace ids)');

const TeamIds = z
  .array(Id)
  .max(50)
  .refine((ids) => new Set(ids).size === ids.length, 'must not repeat a team id');

export const NamespaceSchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  sensitivity: NamespaceSensitivitySchema,
  teamIds: z.array(z.string()),
  createdBy: z.string().nullable(),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
});
export type Namespace = z.infer<typeof NamespaceSchema>;

const OrgParams = z.object({ orgId: Id });
const NamespaceParams = z.object({ orgId: Id, namespaceId: Id });

export const CreateNamespaceBody = z
  .object({
    name: NamespaceName,
    description: Description.optional(),
    sensitivity: NamespaceSensitivitySchema.default('internal'),
    teamIds: TeamIds.default([]),
  })
  .strict();

export const UpdateNamespaceBody = z
  .object({
    name: NamespaceName.optional(),
    description: Description.nullable().optional(),
    sensitivity: NamespaceSensitivitySchema.optional(),
    teamIds: TeamIds.optional(),
  })
  .strict()
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'at least one field to change is required');

export const namespacesContract = c.router({
  create: idempotent({
    method: 'POST',
    path: '/organizations/:orgId/namespaces',
    pathParams: OrgParams,
    headers: OrgHeaders,
    summary: 'Create a memory namespace',
    description:
      'Names are unique within the tenant, because captured events and memories refer to a namespace by name or id. `restricted` namespaces are closed to everyone until an access policy allows them.',
    body: CreateNamespaceBody,
    responses: {
      201: envelope(NamespaceSchema),
      ...errors(...ORG_ERRORS, 'conflict'),
    },
    metadata: { auth: 'jwt', permission: 'namespace:create' } satisfies RouteMeta,
  }),
  list: {
    method: 'GET',
    path: '/organizations/:orgId/namespaces',
    pathParams: OrgParams,
    headers: OrgHeaders,
    query: PageQuerySchema,
    summary: 'List memory namespaces',
    description: 'Namespaces of the organization, oldest first.',
    responses: {
      200: page('namespaces', NamespaceSchema),
      ...errors(...ORG_ERRORS),
    },
    metadata: { auth: 'jwt', permission: 'namespace:read' } satisfies RouteMeta,
  },
  get: {
    method: 'GET',
    path: '/organizations/:orgId/namespaces/:namespaceId',
    pathParams: NamespaceParams,
    headers: OrgHeaders,
    summary: 'Get a memory namespace',
    description: 'Hx addition: one namespace by id.',
    responses: {
      200: envelope(NamespaceSchema),
      ...errors(...ORG_ERRORS),
    },
    metadata: { auth: 'jwt', permission: 'namespace:read' } satisfies RouteMeta,
  },
  update: {
    method: 'PATCH',
    path: '/organizations/:orgId/namespaces/:namespaceId',
    pathParams: NamespaceParams,
    headers: OrgHeaders,
    summary: 'Update a memory namespace',
    description:
      'Changes name, description, sensitivity or teams. Renaming does not rewrite memories captured under the old name; refer to namespaces by id where that matters.',
    body: UpdateNamespaceBody,
    responses: {
      200: envelope(NamespaceSchema),
      ...errors(...ORG_ERRORS, 'conflict'),
    },
    metadata: { auth: 'jwt', permission: 'namespace:update' } satisfies RouteMeta,
  },
});
