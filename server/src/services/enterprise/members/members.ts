/**
 * Members of an organization: invite (invited, or active at once for a user already in the tenant),
 * list, change role, remove, one operation per file of this folder. Guards beyond the route
 * permission (member-guards.ts): managers grant only MANAGER_GRANTABLE_ROLES and cannot touch owners
 * or admins, only owners grant or take the owner role, and the last active owner can be neither
 * demoted nor removed.
 */
import type { Role } from '@hx-memory/contract';
import type { Actor } from '../../../actor.js';
import type { ServiceDeps } from '../../deps.js';
import { inviteMember } from './invite-member.js';
import { listMembers } from './list-members.js';
import type { MemberRow } from './member-rows.js';
import { removeMember } from './remove-member.js';
import { updateMemberRole } from './update-member-role.js';

export function createMembersService(deps: Pick<ServiceDeps, 'database' | 'invalidations'>) {
  const { db } = deps.database;
  /**
   * Keys revoked with a role change or removal leave every instance's key cache once committed, and
   * the tenant's access snapshots go with them (a `tenant` invalidation drops both).
   */
  const dropCachedKeys = async <T>(actor: Actor, done: T): Promise<T> => {
    await deps.invalidations.publish({ kind: 'tenant', tenantId: actor.tenantId });
    return done;
  };

  return {
    // An existing user of the tenant is active at once: their access in the organization changed.
    invite: async (actor: Actor, orgId: string, input: { email: string; role: Role; teamIds?: string[] }) =>
      dropCachedKeys(actor, await inviteMember(db, actor, orgId, input)),
    list: (actor: Actor, orgId: string, query: { limit: number; cursor?: string; status?: MemberRow['status'] }) =>
      listMembers(db, actor, orgId, query),
    updateRole: async (actor: Actor, orgId: string, memberId: string, input: { role: Role }) =>
      dropCachedKeys(actor, await updateMemberRole(db, actor, orgId, memberId, input)),
    remove: async (actor: Actor, orgId: string, memberId: string) =>
      dropCachedKeys(actor, await removeMember(db, actor, orgId, memberId)),
  };
}

export type MembersService = ReturnType<typeof createMembersService>;
