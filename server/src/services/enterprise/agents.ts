/**
 * Agent identities of an organization: the named agents captures and reads are attributed to (API keys
 * may be bound to one). Names are unique per organization; a team, when given, must be of the same one.
 */
import type { Agent } from '@hx-memory/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import { recordAudit } from '../../audit/record.js';
import type { Actor } from '../../actor.js';
import type { Queryable } from '../../db/client.js';
import { agents } from '../../db/schema/index.js';
import { conflict } from '../../errors.js';
import { newId } from '../../ids.js';
import type { ServiceDeps } from '../deps.js';
import { loadRow, ofOrg, type OrgScope, pageRows } from '../../db/scoped-rows.js';
import { orgScope } from './org-scope.js';
import { accessChanged } from './policies/access-snapshot.js';
import { assertTeamsInOrg } from './members/member-guards.js';
import { isUniqueViolation } from '../../db/unique-violation.js';

type AgentRow = typeof agents.$inferSelect;

function toAgent(row: AgentRow): Agent {
  return {
    id: row.id,
    organizationId: row.organizationId,
    name: row.name,
    description: row.description,
    framework: row.framework,
    teamId: row.teamId,
    metadata: row.metadata,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export interface AgentInput {
  name?: string;
  description?: string | null;
  framework?: string | null;
  teamId?: string | null;
  metadata?: Record<string, unknown>;
}

const nameTaken = (name: string) => conflict(`An agent named '${name}' already exists in this organization`);

export function createAgentsService(deps: Pick<ServiceDeps, 'database' | 'invalidations'>) {
  const { db } = deps.database;

  const loadAgent = (q: Queryable, scope: OrgScope, agentId: string) =>
    loadRow(q, agents, 'Agent', agentId, ofOrg(agents, scope));

  return {
    async create(actor: Actor, orgId: string, input: AgentInput & { name: string }) {
      const scope = orgScope(actor, orgId);
      const row = await db.transaction(async (tx) => {
        if (input.teamId) await assertTeamsInOrg(tx, scope, [input.teamId], 'teamId', { single: true });
        const [created] = await tx
          .insert(agents)
          .values({
            id: newId('agt'),
            tenantId: actor.tenantId,
            organizationId: orgId,
            name: input.name,
            description: input.description ?? null,
            framework: input.framework ?? null,
            teamId: input.teamId ?? null,
            metadata: input.metadata ?? {},
            createdBy: actor.userId ?? actor.apiKeyId ?? actor.kind,
          })
          .onConflictDoNothing()
          .returning();
        if (!created) return undefined;
        await recordAudit(tx, actor, {
          action: 'agent.created',
          resourceType: 'agent',
          resourceId: created.id,
          organizationId: orgId,
          details: { name: created.name, framework: created.framework, teamId: created.teamId },
        });
        return created;
      });
      if (!row) throw nameTaken(input.name);
      await accessChanged(deps.invalidations, actor.tenantId);
      return toAgent(row);
    },

    async list(actor: Actor, orgId: string, query: { limit: number; cursor?: string; teamId?: string }) {
      const scope = orgScope(actor, orgId);
      const { items, pagination } = await pageRows(
        db,
        agents,
        and(ofOrg(agents, scope), query.teamId ? eq(agents.teamId, query.teamId) : undefined),
        query,
      );
      return { agents: items.map(toAgent), pagination };
    },

    async get(actor: Actor, orgId: string, agentId: string) {
      return toAgent(await loadAgent(db, orgScope(actor, orgId), agentId));
    },

    async update(actor: Actor, orgId: string, agentId: string, input: AgentInput) {
      const scope = orgScope(actor, orgId);
      try {
        const updated = await db.transaction(async (tx) => {
          const before = await loadAgent(tx, scope, agentId);
          if (input.teamId) await assertTeamsInOrg(tx, scope, [input.teamId], 'teamId', { single: true });
          if (input.name !== undefined && input.name.toLowerCase() !== before.name.toLowerCase()) {
            const [clash] = await tx
              .select({ id: agents.id })
              .from(agents)
              .where(
                and(
                  eq(agents.organizationId, orgId),
                  ne(agents.id, agentId),
                  sql`lower(${agents.name}) = ${input.name.toLowerCase()}`,
                ),
              )
              .limit(1);
            if (clash) throw nameTaken(input.name);
          }
          const set: Partial<AgentRow> = {};
          const changes: Record<string, { from: unknown; to: unknown }> = {};
          for (const key of ['name', 'description', 'framework', 'teamId', 'metadata'] as const) {
            const value = input[key];
            if (value === undefined) continue;
            (set as Record<string, unknown>)[key] = value;
            if (JSON.stringify(value) !== JSON.stringify(before[key])) changes[key] = { from: before[key], to: value };
          }
          const [after] = (await tx
            .update(agents)
            .set({ ...set, updatedAt: new Date() })
            .where(eq(agents.id, agentId))
            .returning()) as [AgentRow];
          await recordAudit(tx, actor, {
            action: 'agent.updated',
            resourceType: 'agent',
            resourceId: agentId,
            organizationId: orgId,
            // Metadata is free-form: record that it changed, not its content.
            details: {
              changes: Object.fromEntries(
                Object.entries(changes).map(([k, v]) => [k, k === 'metadata' ? { changed: true } : v]),
              ),
            },
          });
          return toAgent(after);
        });
        await accessChanged(deps.invalidations, actor.tenantId);
        return updated;
      } catch (err) {
        if (isUniqueViolation(err)) throw nameTaken(input.name ?? '');
        throw err;
      }
    },

    async delete(actor: Actor, orgId: string, agentId: string) {
      const scope = orgScope(actor, orgId);
      const deleted = await db.transaction(async (tx) => {
        const agent = await loadAgent(tx, scope, agentId);
        await tx.delete(agents).where(eq(agents.id, agentId));
        await recordAudit(tx, actor, {
          action: 'agent.deleted',
          resourceType: 'agent',
          resourceId: agentId,
          organizationId: orgId,
          details: { name: agent.name },
        });
        return { id: agentId, deleted: true as const };
      });
      await accessChanged(deps.invalidations, actor.tenantId);
      return deleted;
    },
  };
}

export type AgentsService = ReturnType<typeof createAgentsService>;
