/**
 * Organizations (JWT). Creating and listing need only a signed-in user (the creator becomes owner);
 * the org-scoped routes name their RBAC permission in metadata, which the server's authorizer enforces.
 * Also exports the pieces every org-scoped area shares: the path params and the X-Organization-ID header.
 */
import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import {
  AUTHED_ERRORS,
  Id,
  IsoDateTime,
  Name,
  PageQuerySchema,
  type RouteMeta,
  envelope,
  errors,
  page,
  idempotent,
} from '../common.js';
import { RoleSchema } from '../permissions.js';

const c = initContract();

/** Path params of every org-scoped route. */
export const OrgParams = z.object({ orgId: Id });

/**
 * X-Organization-ID: optional; when sent it must equal :orgId (else 400). The SDK always sends it.
 * Header keys are lower-case for ts-rest.
 */
export const OrgHeaders = z.object({
  'x-organization-id': Id.optional().describe('When present, must equal the orgId path parameter'),
});

/** Errors of every org-scoped route: authorization answers 403, an unknown or foreign org 404. */
export const ORG_ERRORS = [...AUTHED_ERRORS, 'forbidden', 'not_found'] as const;

export const Slug = z
  .string()
  .trim()
  .toLowerCase()
  .min(2)
  .max(64)
  .regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/, 'lower-case letters, digits and inner hyphens only');

export const OrganizationSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  role: RoleSchema.describe("The caller's role in the organization"),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
});
export type Organization = z.infer<typeof OrganizationSchema>;

export const organizationsContract = c.router({
  create: idempotent({
    method: 'POST',
    path: '/organizations',
    summary: 'Create an organization',
    description:
      'Any signed-in user may create one and becomes its owner. Slugs are unique within the tenant: a slug given ' +
      'that is taken answers 409; without one, the slug is derived from the name (lower-case ASCII letters and ' +
      'digits joined by hyphens, e.g. "No Slug Org" -> `no-slug-org`) and, when taken, suffixed `-2`, `-3`, ...',
    body: z
      .object({
        name: Name,
        slug: Slug.optional().describe('Default: derived from the name, made unique within the tenant with a suffix'),
      })
      .strict(),
    responses: {
      201: envelope(OrganizationSchema),
      ...errors(...AUTHED_ERRORS, 'conflict'),
    },
    metadata: { auth: 'jwt' } satisfies RouteMeta,
  }),
  list: {
    method: 'GET',
    path: '/organizations',
    summary: 'List your organizations',
    description: 'Organizations the caller is an active member of, oldest first.',
    query: PageQuerySchema,
    responses: {
      200: page('organizations', OrganizationSchema),
      ...errors(...AUTHED_ERRORS),
    },
    metadata: { auth: 'jwt' } satisfies RouteMeta,
  },
  get: {
    method: 'GET',
    path: '/organizations/:orgId',
    pathParams: OrgParams,
    headers: OrgHeaders,
    summary: 'Get an organization',
    responses: {
      200: envelope(OrganizationSchema),
      ...errors(...ORG_ERRORS),
    },
    metadata: { auth: 'jwt', permission: 'org:read' } satisfies RouteMeta,
  },
  update: {
    method: 'PATCH',
    path: '/organizations/:orgId',
    pathParams: OrgParams,
    headers: OrgHeaders,
    summary: 'Rename an organization',
    description: 'Only the name can change; the slug is fixed at creation.',
    body: z.object({ name: Name }).strict(),
    responses: {
      200: envelope(OrganizationSchema),
      ...errors(...ORG_ERRORS),
    },
    metadata: { auth: 'jwt', permission: 'org:update' } satisfies RouteMeta,
  },
});
