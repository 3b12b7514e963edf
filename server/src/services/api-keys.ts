/**
 * API keys: create (the secret is returned once), list, revoke, and verify a presented key.
 * Verification returns an outcome value, not an exception; the auth middleware decides the answer.
 */
import type { ApiKey, Environment } from '@hx-memory/contract';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { generateApiKey, hashApiKey } from '../auth/api-key-tokens.js';
import type { Actor } from '../context.js';
import { apiKeys } from '../db/schema/index.js';
import { notFound } from '../errors.js';
import { newId } from '../ids.js';
import type { ServiceDeps } from './index.js';

type KeyRow = typeof apiKeys.$inferSelect;

export type KeyVerification =
  | { result: 'VALID'; key: KeyRow }
  | { result: 'NOT_FOUND' }
  | { result: 'REVOKED' }
  | { result: 'EXPIRED' };

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toApiKey(row: KeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    environment: row.environment as Environment,
    organizationId: row.organizationId,
    namespaceId: row.namespaceId,
    agentId: row.agentId,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: iso(row.lastUsedAt),
    expiresAt: iso(row.expiresAt),
    revokedAt: iso(row.revokedAt),
    revoked: row.revokedAt !== null,
  };
}

/** last_used_at is written at most once a minute per key, off the request's critical path. */
const LAST_USED_RESOLUTION_MS = 60_000;

export function createApiKeysService(deps: ServiceDeps) {
  const { db } = deps.database;

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
      },
    ) {
      const { key, prefix, hash } = generateApiKey(input.environment);
      const [row] = await db
        .insert(apiKeys)
        .values({
          id: newId('key'),
          tenantId: actor.tenantId,
          createdBy: actor.userId ?? 'unknown',
          name: input.name,
          prefix,
          hash,
          environment: input.environment,
          organizationId: input.organizationId ?? null,
          namespaceId: input.namespaceId ?? null,
          agentId: input.agentId ?? null,
          expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
        })
        .returning();
      return { ...toApiKey(row!), key };
    },

    async list(actor: Actor) {
      const rows = await db
        .select()
        .from(apiKeys)
        .where(eq(apiKeys.tenantId, actor.tenantId))
        .orderBy(desc(apiKeys.id));
      return rows.map(toApiKey);
    },

    async revoke(actor: Actor, id: string) {
      const rows = await db
        .update(apiKeys)
        .set({ revokedAt: new Date() })
        .where(and(eq(apiKeys.id, id), eq(apiKeys.tenantId, actor.tenantId), isNull(apiKeys.revokedAt)))
        .returning({ id: apiKeys.id });
      if (rows.length === 0) {
        // Already revoked keys of this tenant answer the same success; others are not revealed.
        const [existing] = await db
          .select({ id: apiKeys.id })
          .from(apiKeys)
          .where(and(eq(apiKeys.id, id), eq(apiKeys.tenantId, actor.tenantId)))
          .limit(1);
        if (!existing) throw notFound('API key');
      }
      return { id, deleted: true as const };
    },

    /** Looks a presented key up by hash; always a database read so revocation is immediate everywhere. */
    async verify(presented: string): Promise<KeyVerification> {
      const [row] = await db
        .select()
        .from(apiKeys)
        .where(eq(apiKeys.hash, hashApiKey(presented)))
        .limit(1);
      if (!row) return { result: 'NOT_FOUND' };
      if (row.revokedAt) return { result: 'REVOKED' };
      if (row.expiresAt && row.expiresAt.getTime() <= Date.now()) return { result: 'EXPIRED' };
      const now = Date.now();
      if (!row.lastUsedAt || now - row.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
        db.update(apiKeys)
          .set({ lastUsedAt: new Date(now) })
          .where(eq(apiKeys.id, row.id))
          .catch((err) => deps.logger.warn({ err }, 'could not record api key use'));
      }
      return { result: 'VALID', key: row };
    },
  };
}
