/**
 * Members of an organization (JWT). A member is invited by e-mail with a role (invited), becomes
 * active when the invitee registers with the invite token (or at once when the e-mail already belongs
 * to a user of the tenant), and is removed by DELETE. Managers may grant only manager and below.
 */
import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import {
  DeletedSchema,
  Id,
  IsoDateTime,
  PageQuerySchema,
  type RouteMeta,
  envelope,
  errors,
  page,
  idempotent,
} from '../common.js';
import { RoleSchema } from '../permissions.js';
import { Email } from './auth.js';
import { ORG_ERRORS, OrgHeaders, OrgParams } from './organizations.js';

const c = initContract();

export const MEMBER_STATUSES = ['invited', 'active', 'removed'] as const;
export const MemberStatusSchema = z.enum(MEMBER_STATUSES);

export const MemberSchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  userId: z.string().nullable().describe('Null until the invitee has an account'),
  email: z.string(),
  name: z.string().nullable(),
  role: RoleSchema,
  status: MemberStatusSchema,
  teamIds: z.array(z.string()),
  invitedBy: z.string().nullable(),
  joinedAt: IsoDateTime.nullable(),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
});
export type Member = z.infer<typeof MemberSchema>;

const MemberParams = OrgParams.extend({ memberId: Id });

export const membersContract = c.router({
  invite: idempotent({
    method: 'POST',
    path: '/organizations/:orgId/members/invite',
    pathParams: OrgParams,
    headers: OrgHeaders,
    summary: 'Invite a member',
    description:
      'Creates an invited member and an invite token (shown once, valid 7 days) with which the invitee registers into the tenant (POST /v1/auth/register with inviteToken). An e-mail that already belongs to a user of the tenant joins at once (status active, no token). Inviting an e-mail that is still invited issues a fresh token and revokes the old one. Granting owner needs the owner role; managers may grant manager, developer, analyst or viewer only.',
    body: z
      .object({
        email: Email,
        role: RoleSchema,
        teamIds: z.array(Id).max(100).optional(),
      })
      .strict(),
    responses: {
      201: envelope(
        z.object({
          member: MemberSchema,
          inviteToken: z.string().nullable().describe('Shown once; null when the member joined at once'),
          inviteExpiresAt: IsoDateTime.nullable(),
        }),
      ),
      ...errors(...ORG_ERRORS, 'conflict'),
    },
    metadata: { auth: 'jwt', permission: 'member:invite' } satisfies RouteMeta,
  }),
  list: {
    method: 'GET',
    path: '/organizations/:orgId/members',
    pathParams: OrgParams,
    headers: OrgHeaders,
    summary: 'List members',
    description: 'Invited and active members, oldest first; pass status=removed to see removed ones.',
    query: PageQuerySchema.extend({ status: MemberStatusSchema.optional() }),
    responses: {
      200: page('members', MemberSchema),
      ...errors(...ORG_ERRORS),
    },
    metadata: { auth: 'jwt', permission: 'member:list' } satisfies RouteMeta,
  },
  update: {
    method: 'PATCH',
    path: '/organizations/:orgId/members/:memberId',
    pathParams: MemberParams,
    headers: OrgHeaders,
    summary: "Change a member's role",
    description:
      "Managers cannot grant owner or admin nor change an owner's or admin's role; only owners grant or take away the owner role; the last owner cannot be demoted (409).",
    body: z.object({ role: RoleSchema }).strict(),
    responses: {
      200: envelope(MemberSchema),
      ...errors(...ORG_ERRORS, 'conflict'),
    },
    metadata: { auth: 'jwt', permission: 'member:update_role' } satisfies RouteMeta,
  },
  remove: {
    method: 'DELETE',
    path: '/organizations/:orgId/members/:memberId',
    pathParams: MemberParams,
    headers: OrgHeaders,
    summary: 'Remove a member',
    description:
      'Marks the member removed, takes it out of its teams and revokes a pending invitation. Only owners remove owners; the last owner cannot be removed (409).',
    body: c.noBody(),
    responses: { 200: DeletedSchema, ...errors(...ORG_ERRORS, 'conflict') },
    metadata: { auth: 'jwt', permission: 'member:remove' } satisfies RouteMeta,
  },
});
