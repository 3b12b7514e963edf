/** Teams of an organization (JWT). The team detail includes its members; getting a team needs team:list. */
import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import {
  DeletedSchema,
  Description,
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
import { MemberStatusSchema } from './members.js';
import { ORG_ERRORS, OrgHeaders, OrgParams } from './organizations.js';

const c = initContract();

export const TeamSchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  memberCount: z.number().int(),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
});
export type Team = z.infer<typeof TeamSchema>;

export const TeamMemberSchema = z.object({
  memberId: z.string(),
  userId: z.string().nullable(),
  email: z.string(),
  name: z.string().nullable(),
  role: RoleSchema,
  status: MemberStatusSchema,
  addedAt: IsoDateTime,
});

export const TeamDetailSchema = TeamSchema.extend({ members: z.array(TeamMemberSchema) });
export type TeamDetail = z.infer<typeof TeamDetailSchema>;

const TeamParams = OrgParams.extend({ teamId: Id });

export const teamsContract = c.router({
  create: idempotent({
    method: 'POST',
    path: '/organizations/:orgId/teams',
    pathParams: OrgParams,
    headers: OrgHeaders,
    summary: 'Create a team',
    description: 'Team names are unique within the organization (case-insensitive).',
    body: z.object({ name: Name, description: Description.optional() }).strict(),
    responses: { 201: envelope(TeamSchema), ...errors(...ORG_ERRORS, 'conflict') },
    metadata: { auth: 'jwt', permission: 'team:create' } satisfies RouteMeta,
  }),
  list: {
    method: 'GET',
    path: '/organizations/:orgId/teams',
    pathParams: OrgParams,
    headers: OrgHeaders,
    summary: 'List teams',
    query: PageQuerySchema,
    responses: { 200: page('teams', TeamSchema), ...errors(...ORG_ERRORS) },
    metadata: { auth: 'jwt', permission: 'team:list' } satisfies RouteMeta,
  },
  get: {
    method: 'GET',
    path: '/organizations/:orgId/teams/:teamId',
    pathParams: TeamParams,
    headers: OrgHeaders,
    summary: 'Get a team with its members',
    description: 'Needs team:list, as listing teams does.',
    responses: { 200: envelope(TeamDetailSchema), ...errors(...ORG_ERRORS) },
    metadata: { auth: 'jwt', permission: 'team:list' } satisfies RouteMeta,
  },
  update: {
    method: 'PATCH',
    path: '/organizations/:orgId/teams/:teamId',
    pathParams: TeamParams,
    headers: OrgHeaders,
    summary: 'Update a team',
    description:
      'Changes name and description (null clears it); memberIds, when given, replaces the set of members (members of the organization that are not removed).',
    body: z
      .object({
        name: Name.optional(),
        description: Description.nullable().optional(),
        memberIds: z.array(Id).max(1000).optional(),
      })
      .strict()
      .refine((b) => Object.values(b).some((v) => v !== undefined), {
        message: 'at least one of name, description, memberIds is required',
      }),
    responses: { 200: envelope(TeamDetailSchema), ...errors(...ORG_ERRORS, 'conflict') },
    metadata: { auth: 'jwt', permission: 'team:update' } satisfies RouteMeta,
  },
  delete: {
    method: 'DELETE',
    path: '/organizations/:orgId/teams/:teamId',
    pathParams: TeamParams,
    headers: OrgHeaders,
    summary: 'Delete a team',
    description: 'Members stay in the organization; agents of the team lose their team.',
    body: c.noBody(),
    responses: { 200: DeletedSchema, ...errors(...ORG_ERRORS) },
    metadata: { auth: 'jwt', permission: 'team:delete' } satisfies RouteMeta,
  },
});
