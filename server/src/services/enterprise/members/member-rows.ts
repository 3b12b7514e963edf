/**
 * Reading members with their user names and team ids, shared by the members and teams services and the
 * invitation acceptance, so a member has one shape everywhere.
 */
import type { Member, Role } from '@hx-memory/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.js';
import { type orgMembers, teamMembers, users } from '../../../db/schema/index.js';

export type MemberRow = typeof orgMembers.$inferSelect;

export async function teamIdsOf(q: Queryable, memberIds: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (memberIds.length === 0) return out;
  const rows = await q
    .select({ memberId: teamMembers.memberId, teamId: teamMembers.teamId })
    .from(teamMembers)
    .where(inArray(teamMembers.memberId, memberIds))
    .orderBy(teamMembers.teamId);
  for (const r of rows) out.set(r.memberId, [...(out.get(r.memberId) ?? []), r.teamId]);
  return out;
}

export async function userNamesOf(q: Queryable, tenantId: string, userIds: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (userIds.length === 0) return out;
  const rows = await q
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), inArray(users.id, userIds)));
  for (const r of rows) out.set(r.id, r.name);
  return out;
}

export function toMember(row: MemberRow, teamIds: string[], name: string | null): Member {
  return {
    id: row.id,
    organizationId: row.organizationId,
    userId: row.userId,
    email: row.email,
    name,
    role: row.role as Role,
    status: row.status as Member['status'],
    teamIds,
    invitedBy: row.invitedBy,
    joinedAt: row.joinedAt ? row.joinedAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Members in the API shape, with names and team ids loaded in two queries. */
export async function toMembers(q: Queryable, tenantId: string, rows: MemberRow[]): Promise<Member[]> {
  const teams = await teamIdsOf(
    q,
    rows.map((r) => r.id),
  );
  const names = await userNamesOf(
    q,
    tenantId,
    rows.flatMap((r) => (r.userId ? [r.userId] : [])),
  );
  return rows.map((r) => toMember(r, teams.get(r.id) ?? [], r.userId ? (names.get(r.userId) ?? null) : null));
}
