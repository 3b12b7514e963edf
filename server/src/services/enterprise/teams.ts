/**
 * Teams of an organization: create, list (with member counts), get with members, update (name,
 * description, the member set) and delete (members stay in the organization, agents lose the team).
 */
import type { Role, Team, TeamDetail } from '@hx-memory/contract';
import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import { recordAudit } from '../../audit/record.js';
import type { Actor } from '../../actor.js';
import type { Queryable } from '../../db/client.js';
import { agents, orgMembers, teamMembers, teams, users } from '../../db/schema/index.js';
import { conflict, invalid } from '../../errors.js';
import { newId } from '../../ids.js';
import type { ServiceDeps } from '../deps.js';
import { loadRow, ofOrg, type OrgScope, pageRows } from '../../db/scoped-rows.js';
import { orgScope } from './org-scope.js';
import { accessChanged } from './policies/access-snapshot.js';
import { isUniqueViolation } from '../../db/unique-violation.js';

type TeamRow = typeof teams.$inferSelect;

function toTeam(row: TeamRow, memberCount: number): Team {
  return {
    id: row.id,
    organizationId: row.organizationId,
    name: row.name,
    description: row.description,
    memberCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function memberCounts(q: Queryable, teamIds: string[]) {
  const out = new Map<string, number>();
  if (teamIds.length === 0) return out;
  const rows = await q
    .select({ teamId: teamMembers.teamId, n: count() })
    .from(teamMembers)
    .where(inArray(teamMembers.teamId, teamIds))
    .groupBy(teamMembers.teamId);
  for (const r of rows) out.set(r.teamId, Number(r.n));
  return out;
}

async function detail(q: Queryable, row: TeamRow): Promise<TeamDetail> {
  const members = await q
    .select({
      memberId: orgMembers.id,
      userId: orgMembers.userId,
      email: orgMembers.email,
      name: users.name,
      role: orgMembers.role,
      status: orgMembers.status,
      addedAt: teamMembers.createdAt,
    })
    .from(teamMembers)
    .innerJoin(orgMembers, eq(orgMembers.id, teamMembers.memberId))
    .leftJoin(users, eq(users.id, orgMembers.userId))
    .where(and(eq(teamMembers.teamId, row.id), eq(orgMembers.tenantId, row.tenantId)))
    .orderBy(asc(orgMembers.id));
  return {
    ...toTeam(row, members.length),
    members: members.map((m) => ({
      memberId: m.memberId,
      userId: m.userId,
      email: m.email,
      name: m.name ?? null,
      role: m.role as Role,
      status: m.status as TeamDetail['members'][number]['status'],
      addedAt: m.addedAt.toISOString(),
    })),
  };
}

const nameTaken = (name: string) => conflict(`A team named '${name}' already exists in this organization`);

export function createTeamsService(deps: Pick<ServiceDeps, 'database' | 'invalidations'>) {
  const { db } = deps.database;

  const loadTeam = (q: Queryable, scope: OrgScope, teamId: string) =>
    loadRow(q, teams, 'Team', teamId, ofOrg(teams, scope));

  return {
    async create(actor: Actor, orgId: string, input: { name: string; description?: string }) {
      orgScope(actor, orgId);
      const row = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(teams)
          .values({
            id: newId('team'),
            tenantId: actor.tenantId,
            organizationId: orgId,
            name: input.name,
            description: input.description ?? null,
          })
          .onConflictDoNothing()
          .returning();
        if (!created) return undefined;
        await recordAudit(tx, actor, {
          action: 'team.created',
          resourceType: 'team',
          resourceId: created.id,
          organizationId: orgId,
          details: { name: created.name },
        });
        return created;
      });
      if (!row) throw nameTaken(input.name);
      return toTeam(row, 0);
    },

    async list(actor: Actor, orgId: string, query: { limit: number; cursor?: string }) {
      const { items, pagination } = await pageRows(db, teams, ofOrg(teams, orgScope(actor, orgId)), query);
      const counts = await memberCounts(
        db,
        items.map((t) => t.id),
      );
      return { teams: items.map((t) => toTeam(t, counts.get(t.id) ?? 0)), pagination };
    },

    async get(actor: Actor, orgId: string, teamId: string) {
      return detail(db, await loadTeam(db, orgScope(actor, orgId), teamId));
    },

    async update(
      actor: Actor,
      orgId: string,
      teamId: string,
      input: { name?: string; description?: string | null; memberIds?: string[] },
    ) {
      const scope = orgScope(actor, orgId);
      try {
        const updated = await db.transaction(async (tx) => {
          const before = await loadTeam(tx, scope, teamId);
          const changes: Record<string, unknown> = {};
          if (input.name !== undefined && input.name !== before.name) {
            const [clash] = await tx
              .select({ id: teams.id })
              .from(teams)
              .where(
                and(
                  eq(teams.organizationId, orgId),
                  ne(teams.id, teamId),
                  sql`lower(${teams.name}) = ${input.name.toLowerCase()}`,
                ),
              )
              .limit(1);
            if (clash) throw nameTaken(input.name);
            changes.name = { from: before.name, to: input.name };
          }
          if (input.description !== undefined && input.description !== before.description) {
            changes.description = { from: before.description, to: input.description };
          }
          if (input.memberIds) {
            const wanted = [...new Set(input.memberIds)];
            const found = wanted.length
              ? await tx
                  .select({ id: orgMembers.id })
                  .from(orgMembers)
                  .where(
                    and(ofOrg(orgMembers, scope), ne(orgMembers.status, 'removed'), inArray(orgMembers.id, wanted)),
                  )
              : [];
            const known = new Set(found.map((m) => m.id));
            const bad = input.memberIds.findIndex((id) => !known.has(id));
            if (bad >= 0) throw invalid(`memberIds[${bad}]`, 'no such member in this organization');
            const current = await tx
              .select({ memberId: teamMembers.memberId })
              .from(teamMembers)
              .where(eq(teamMembers.teamId, teamId));
            const had = new Set(current.map((m) => m.memberId));
            const added = wanted.filter((id) => !had.has(id));
            const removed = [...had].filter((id) => !known.has(id));
            if (removed.length) {
              await tx
                .delete(teamMembers)
                .where(and(eq(teamMembers.teamId, teamId), inArray(teamMembers.memberId, removed)));
            }
            if (added.length) {
              await tx
                .insert(teamMembers)
                .values(
                  added.map((memberId) => ({ teamId, memberId, tenantId: actor.tenantId, organizationId: orgId })),
                );
            }
            if (added.length || removed.length) changes.members = { added, removed };
          }
          const [after] = (await tx
            .update(teams)
            .set({
              ...(input.name !== undefined ? { name: input.name } : {}),
              ...(input.description !== undefined ? { description: input.description } : {}),
              updatedAt: new Date(),
            })
            .where(eq(teams.id, teamId))
            .returning()) as [TeamRow];
          await recordAudit(tx, actor, {
            action: 'team.updated',
            resourceType: 'team',
            resourceId: teamId,
            organizationId: orgId,
            details: { changes },
          });
          return detail(tx, after);
        });
        await accessChanged(deps.invalidations, actor.tenantId);
        return updated;
      } catch (err) {
        if (isUniqueViolation(err)) throw nameTaken(input.name ?? '');
        throw err;
      }
    },

    async delete(actor: Actor, orgId: string, teamId: string) {
      const scope = orgScope(actor, orgId);
      const deleted = await db.transaction(async (tx) => {
        const team = await loadTeam(tx, scope, teamId);
        const removedMembers = await tx.delete(teamMembers).where(eq(teamMembers.teamId, teamId)).returning();
        const detached = await tx
          .update(agents)
          .set({ teamId: null, updatedAt: new Date() })
          .where(and(eq(agents.teamId, teamId), eq(agents.tenantId, actor.tenantId)))
          .returning({ id: agents.id });
        await tx.delete(teams).where(eq(teams.id, teamId));
        await recordAudit(tx, actor, {
          action: 'team.deleted',
          resourceType: 'team',
          resourceId: teamId,
          organizationId: orgId,
          details: { name: team.name, members: removedMembers.length, agentsDetached: detached.map((a) => a.id) },
        });
        return { id: teamId, deleted: true as const };
      });
      await accessChanged(deps.invalidations, actor.tenantId);
      return deleted;
    },
  };
}

export type TeamsService = ReturnType<typeof createTeamsService>;
