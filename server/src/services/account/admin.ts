/**
 * Operator administration: tenants and their plans (the plan decides rate limits and the monthly
 * event quota), and deactivating users. Only reachable with the operator token.
 */
import { PLAN_LIMITS, type PlanName, type Tenant } from '@hx-memory/contract';
import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { Actor } from '../../actor.js';
import { recordAudit } from '../../audit/record.js';
import { refreshTokens, tenants, users } from '../../db/schema/index.js';
import { forbidden, notFound } from '../../errors.js';
import type { ServiceDeps } from '../deps.js';
import { type QuotaService, quotaMonth } from '../core/quota.js';

type TenantRow = typeof tenants.$inferSelect;

export function createAdminService(
  deps: Pick<ServiceDeps, 'database' | 'logger' | 'invalidations'>,
  services: { quota: Pick<QuotaService, 'eventsUsed'> },
) {
  const { db } = deps.database;

  function requireOperator(actor: Actor) {
    if (actor.kind !== 'operator') throw forbidden('This operation needs the operator token');
  }

  async function toTenant(row: TenantRow): Promise<Tenant> {
    const plan = row.plan as PlanName;
    const { resetAt } = quotaMonth();
    return {
      id: row.id,
      name: row.name,
      plan,
      createdAt: row.createdAt.toISOString(),
      quota: {
        eventsLimit: PLAN_LIMITS[plan]?.monthlyEvents ?? null,
        eventsUsed: await services.quota.eventsUsed(row.id),
        resetDate: resetAt.toISOString(),
      },
    };
  }

  async function findTenant(id: string) {
    const [row] = await db.select().from(tenants).where(eq(tenants.id, id)).limit(1);
    if (!row) throw notFound('Tenant');
    return row;
  }

  return {
    async listTenants(actor: Actor, query: { limit: number; cursor?: string }) {
      requireOperator(actor);
      const rows = await db
        .select()
        .from(tenants)
        .where(query.cursor ? gt(tenants.id, query.cursor) : undefined)
        .orderBy(asc(tenants.id))
        .limit(query.limit + 1);
      const hasMore = rows.length > query.limit;
      const pageRows = rows.slice(0, query.limit);
      return {
        tenants: await Promise.all(pageRows.map(toTenant)),
        pagination: { hasMore, ...(hasMore ? { cursor: pageRows.at(-1)!.id } : {}) },
      };
    },

    async getTenant(actor: Actor, tenantId: string) {
      requireOperator(actor);
      return toTenant(await findTenant(tenantId));
    },

    async setPlan(actor: Actor, tenantId: string, plan: PlanName) {
      requireOperator(actor);
      const row = await db.transaction(async (tx) => {
        const [before] = await tx.select({ plan: tenants.plan }).from(tenants).where(eq(tenants.id, tenantId)).limit(1);
        const [updated] = await tx
          .update(tenants)
          .set({ plan, updatedAt: new Date() })
          .where(eq(tenants.id, tenantId))
          .returning();
        if (!updated) throw notFound('Tenant');
        // Operator actions land in the audit of the tenant they changed (its owner reads GET /v1/audit).
        await recordAudit(
          tx,
          { ...actor, tenantId },
          {
            action: 'admin.plan_changed',
            resourceType: 'tenant',
            resourceId: tenantId,
            details: { changes: { plan: { from: before?.plan ?? null, to: plan } } },
          },
        );
        return updated;
      });
      // Every instance drops the tenant's cached API-key look-ups (and their plan) before this answers.
      await deps.invalidations.publish({ kind: 'tenant', tenantId });
      deps.logger.info({ tenantId, plan, requestId: actor.requestId }, 'tenant plan changed by operator');
      return toTenant(row);
    },

    async deleteUser(actor: Actor, userId: string) {
      requireOperator(actor);
      const now = new Date();
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(users)
          .set({ deletedAt: now, updatedAt: now })
          .where(and(eq(users.id, userId), isNull(users.deletedAt)))
          .returning({ id: users.id, tenantId: users.tenantId });
        if (!row) throw notFound('User');
        await recordAudit(
          tx,
          { ...actor, tenantId: row.tenantId },
          {
            action: 'admin.user_deleted',
            resourceType: 'user',
            resourceId: row.id,
          },
        );
        await tx
          .update(refreshTokens)
          .set({ revokedAt: now })
          .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
        return { id: row.id, deleted: true as const };
      });
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
