/**
 * API keys: create (the secret is returned once), list, revoke, and verify a presented key. A user
 * lists and revokes the keys they created; the tenant owner all keys of the tenant; others' keys
 * answer 404 (services/ownership.ts).
 * Verification returns an outcome value, not an exception; the auth middleware decides the answer.
 */
import type { ApiKey, Environment, KeyScope } from '@hx-memory/contract';
import { and, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { generateApiKey, hashApiKey } from '../../auth/api-key-tokens.js';
import { createKeyCache } from '../../auth/key-cache.js';
import type { Actor } from '../../actor.js';
import { agents, apiKeys, namespaces, organizations, tenants } from '../../db/schema/index.js';
import { invalid, notFound } from '../../errors.js';
import { newId } from '../../ids.js';
import { pickFields } from '../../pick-fields.js';
import type { ServiceDeps } from '../deps.js';
import { decodeCursor, toPage } from '../../db/keyset-cursor.js';
import { chooseScopes, grantableScopes } from './key-grants.js';
import { managedBy } from './ownership.js';
import { recordAudit } from '../../audit/record.js';
import { createCountsBehind } from '../../db/counts-behind.js';

type KeyRow = typeof apiKeys.$inferSelect;

/** A valid key comes with its tenant's plan (read in the same query). */
export type KeyVerification =
  | { result: 'VALID'; key: KeyRow; plan?: string }
  | { result: 'NOT_FOUND' }
  | { result: 'REVOKED' }
  | { result: 'EXPIRED' };

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toApiKey(row: KeyRow): ApiKey {
  return {
    ...pickFields(row, ['id', 'name', 'prefix', 'organizationId', 'namespaceId', 'agentId']),
    environment: row.environment as Environment,
    scopes: row.scopes as KeyScope[],
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: iso(row.lastUsedAt),
    expiresAt: iso(row.expiresAt),
    revokedAt: iso(row.revokedAt),
    revoked: row.revokedAt !== null,
  };
}

/** last_used_at is written at most once a minute per key, off the request's critical path. */
const LAST_USED_RESOLUTION_MS = 60_000;
/** Pending last-use stamps are written together, in one statement, this often (jobs/start.ts). */
export const LAST_USED_FLUSH_MS = 1000;

export function createApiKeysService(deps: Pick<ServiceDeps, 'database' | 'logger' | 'config' | 'invalidations'>) {
  const { db } = deps.database;
  const cache = createKeyCache<KeyRow>({
    ttlMs: deps.config.API_KEY_CACHE_MS,
    maxEntries: 10_000,
    bus: deps.invalidations,
  });

  // Last use per key: when this process last stamped it; the keys waiting for the next write are
  // written behind, one write at a time (a flush resolves once every stamp taken before it is stored:
  // the list flushes first and must not read while the timer's write is still in flight).
  const stamped = new Map<string, number>();
  const lastUse = createCountsBehind<{ id: string }>({
    key: (row) => row.id,
    merge: () => {},
    write: (rows) => {
      const at = new Date();
      for (const [id, t] of stamped) if (at.getTime() - t > LAST_USED_RESOLUTION_MS) stamped.delete(id);
      const ids = rows.map((row) => row.id);
      return db
        .update(apiKeys)
        .set({ lastUsedAt: at })
        .where(and(inArray(apiKeys.id, ids), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, at))));
    },
    logger: deps.logger,
    what: 'api key last use',
  });
  const flushLastUsed = lastUse.flush;
  function touch(row: KeyRow, now: number) {
    const last = stamped.get(row.id) ?? row.lastUsedAt?.getTime() ?? 0;
    if (now - last <= LAST_USED_RESOLUTION_MS) return;
    stamped.set(row.id, now);
    lastUse.add({ id: row.id });
  }

  /**
   * A key may be bound to an organization, a namespace and an agent identity of the caller's tenant;
   * ids of other tenants answer 404 like unknown ones. Namespace and agent must belong to the
   * organization, which is taken from them when it is not given.
   */
  async function resolveBinding(
    tenantId: string,
    input: { organizationId?: string; namespaceId?: string; agentId?: string },
  ) {
    let organizationId = input.organizationId ?? null;
    const sameOrg = (found: string, what: string) => {
      if (organizationId && organizationId !== found) throw invalid(what, 'belongs to another organization');
      organizationId = found;
    };
    let namespaceId: string | null = null;
    if (input.namespaceId) {
      // Named by id or by name, as everywhere else; the key stores the id.
      const [ns] = await db
        .select({ id: namespaces.id, organizationId: namespaces.organizationId })
        .from(namespaces)
        .where(
          and(
            eq(namespaces.tenantId, tenantId),
            or(eq(namespaces.id, input.namespaceId), eq(namespaces.name, input.namespaceId)),
          ),
        )
        .orderBy(sql`${namespaces.id} = ${input.namespaceId} desc`)
        .limit(1);
      if (!ns) throw notFound('Namespace');
      sameOrg(ns.organizationId, 'namespaceId');
      namespaceId = ns.id;
    }
    if (input.agentId) {
      const [agent] = await db
        .select({ organizationId: agents.organizationId })
        .from(agents)
        .where(and(eq(agents.id, input.agentId), eq(agents.tenantId, tenantId)))
        .limit(1);
      if (!agent) throw notFound('Agent');
      sameOrg(agent.organizationId, 'agentId');
    }
    if (organizationId) {
      const [org] = await db
        .select({ id: organizations.id })
        .from(organizations)
        .where(and(eq(organizations.id, organizationId), eq(organizations.tenantId, tenantId)))
        .limit(1);
      if (!org) throw notFound('Organization');
    }
    return { organizationId, namespaceId, agentId: input.agentId ?? null };
  }

  return {
    async create(
      actor: Actor,
      input: {
        name: string;
        environment: Environment;
        expiresAt?: string;
        organizationId?: string;
        namespaceId?: string;
        agentId?: string;
        scopes?: KeyScope[];
      },
    ) {
      if (input.expiresAt && new Date(input.expiresAt).getTime() <= Date.now()) {
        throw invalid('expiresAt', 'must be in the future');
      }
      const binding = await resolveBinding(actor.tenantId, input);
      const scopes = chooseScopes(input.scopes, await grantableScopes(db, actor, binding.organizationId));
      const { key, prefix, hash } = generateApiKey(input.environment);
      const row = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(apiKeys)
          .values({
            id: newId('key'),
            tenantId: actor.tenantId,
            createdBy: actor.userId ?? 'unknown',
            name: input.name,
            prefix,
            hash,
            environment: input.environment,
            organizationId: binding.organizationId,
            namespaceId: binding.namespaceId,
            agentId: binding.agentId,
            scopes,
            expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
          })
          .returning();
        await recordAudit(tx, actor, {
          action: 'api_key.created',
          resourceType: 'api_key',
          resourceId: created!.id,
          organizationId: binding.organizationId,
          details: { name: input.name, prefix, environment: input.environment, scopes, ...binding },
        });
        return created!;
      });
      return { ...toApiKey(row), key };
    },

    /** Newest first; keyset pagination on the time-sortable id. */
    async list(actor: Actor, query: { limit: number; cursor?: string }) {
      await flushLastUsed();
      const after = decodeCursor(query.cursor);
      const rows = await db
        .select()
        .from(apiKeys)
        .where(
          and(
            eq(apiKeys.tenantId, actor.tenantId),
            managedBy(actor, apiKeys.createdBy),
            after ? lt(apiKeys.id, after) : undefined,
          ),
        )
        .orderBy(desc(apiKeys.id))
        .limit(query.limit + 1);
      const { items, pagination } = toPage(rows, query.limit);
      return { apiKeys: items.map(toApiKey), pagination };
    },

    async revoke(actor: Actor, id: string) {
      const mine = and(eq(apiKeys.id, id), eq(apiKeys.tenantId, actor.tenantId), managedBy(actor, apiKeys.createdBy));
      const rows = await db.transaction(async (tx) => {
        const done = await tx
          .update(apiKeys)
          .set({ revokedAt: new Date() })
          .where(and(mine, isNull(apiKeys.revokedAt)))
          .returning({
            id: apiKeys.id,
            organizationId: apiKeys.organizationId,
            prefix: apiKeys.prefix,
            hash: apiKeys.hash,
          });
        for (const k of done) {
          await recordAudit(tx, actor, {
            action: 'api_key.revoked',
            resourceType: 'api_key',
            resourceId: k.id,
            organizationId: k.organizationId,
            details: { prefix: k.prefix },
          });
        }
        return done;
      });
      // Every instance drops the key from its cache before this answers (auth/key-cache.ts).
      for (const row of rows) await deps.invalidations.publish({ kind: 'apiKey', hash: row.hash });
      if (rows.length === 0) {
        // Already revoked keys the actor manages answer the same success; others are not revealed.
        const [existing] = await db.select({ id: apiKeys.id }).from(apiKeys).where(mine).limit(1);
        if (!existing) throw notFound('API key');
      }
      return { id, deleted: true as const };
    },

    /**
     * Looks a presented key up by hash, from the cache of recent look-ups when it may serve (revocations
     * and plan changes invalidate it on every instance); expiry is checked on every use.
     */
    async verify(presented: string): Promise<KeyVerification> {
      const hash = hashApiKey(presented);
      const found = await cache.load(hash, async () => {
        // The tenant's plan comes along in the same round trip: every API-key request needs both.
        const [row] = await db
          .select({ key: apiKeys, plan: tenants.plan })
          .from(apiKeys)
          .leftJoin(tenants, eq(tenants.id, apiKeys.tenantId))
          .where(eq(apiKeys.hash, hash))
          .limit(1);
        return row ? { key: row.key, plan: row.plan ?? undefined } : undefined;
      });
      const row = found?.key;
      if (!row) return { result: 'NOT_FOUND' };
      if (row.revokedAt) return { result: 'REVOKED' };
      const now = Date.now();
      if (row.expiresAt && row.expiresAt.getTime() <= now) return { result: 'EXPIRED' };
      touch(row, now);
      return { result: 'VALID', key: row, plan: found.plan };
    },

    /** Writes the pending last-use stamps in one statement (every LAST_USED_FLUSH_MS, from jobs/start.ts). */
    flushLastUsed,
  };
}

export type ApiKeysService = ReturnType<typeof createApiKeysService>;
