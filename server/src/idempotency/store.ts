/**
 * SQL of the Idempotency-Key records (db/schema/idempotency.ts): claim a key before the handler runs,
 * keep its first successful answer, release it after a failure. The same statements run on
 * PostgreSQL and PGlite; the primary key makes a concurrent claim lose cleanly.
 */
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { idempotencyKeys } from '../db/schema/index.js';

export interface IdempotencyScope {
  tenantId: string;
  principal: string;
  route: string;
  key: string;
}

export type ClaimResult =
  | { kind: 'claimed' }
  | { kind: 'mismatch' }
  | { kind: 'in_progress' }
  | { kind: 'done'; statusCode: number; response: Record<string, unknown> };

export interface IdempotencyStoreOptions {
  ttlMs: number;
  /** A claim without an answer older than this belongs to a request that died: it may be taken over. */
  abandonAfterMs: number;
}

const whereScope = (s: IdempotencyScope) =>
  and(
    eq(idempotencyKeys.tenantId, s.tenantId),
    eq(idempotencyKeys.principal, s.principal),
    eq(idempotencyKeys.route, s.route),
    eq(idempotencyKeys.key, s.key),
  );

export function createIdempotencyStore(db: Db, options: IdempotencyStoreOptions) {
  const interval = (ms: number) => sql`(now() + ${`${Math.round(ms)} milliseconds`}::interval)`;

  // Expired, or claimed by a request that died before answering.
  const stale = sql`(${idempotencyKeys.expiresAt} < now() or (${idempotencyKeys.statusCode} is null and ${idempotencyKeys.createdAt} < ${interval(-options.abandonAfterMs)}))`;

  async function insert(scope: IdempotencyScope, requestHash: string): Promise<boolean> {
    const inserted = await db
      .insert(idempotencyKeys)
      .values({ ...scope, requestHash, expiresAt: interval(options.ttlMs) })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    return inserted.length > 0;
  }

  return {
    /** Takes the key for this request, or tells what an earlier request with it did. */
    async claim(scope: IdempotencyScope, requestHash: string): Promise<ClaimResult> {
      for (let attempt = 0; attempt < 3; attempt++) {
        if (await insert(scope, requestHash)) return { kind: 'claimed' };
        const [row] = await db
          .select({
            requestHash: idempotencyKeys.requestHash,
            statusCode: idempotencyKeys.statusCode,
            response: idempotencyKeys.response,
            stale: sql<boolean>`${stale}`,
          })
          .from(idempotencyKeys)
          .where(whereScope(scope))
          .limit(1);
        if (!row) continue; // released between the insert and the select: claim again
        if (row.stale) {
          // Start afresh, unless another request already did.
          await db.delete(idempotencyKeys).where(and(whereScope(scope), stale));
          continue;
        }
        if (row.requestHash !== requestHash) return { kind: 'mismatch' };
        if (row.statusCode === null || !row.response) return { kind: 'in_progress' };
        return { kind: 'done', statusCode: row.statusCode, response: row.response };
      }
      return { kind: 'in_progress' };
    },

    /** Keeps the first successful answer of a claimed key. */
    async complete(scope: IdempotencyScope, statusCode: number, response: Record<string, unknown>): Promise<void> {
      await db.update(idempotencyKeys).set({ statusCode, response }).where(whereScope(scope));
    },

    /** Frees a claimed key whose request failed, so a retry runs it again. */
    async release(scope: IdempotencyScope): Promise<void> {
      await db.delete(idempotencyKeys).where(and(whereScope(scope), isNull(idempotencyKeys.statusCode)));
    },

    /** Deletes expired records (at most `limit`); answers how many. */
    async purgeExpired(limit = 1000): Promise<number> {
      const gone = await db
        .delete(idempotencyKeys)
        .where(
          sql`ctid in (select ctid from ${idempotencyKeys} where ${lt(idempotencyKeys.expiresAt, sql`now()`)} limit ${limit})`,
        )
        .returning({ key: idempotencyKeys.key });
      return gone.length;
    },
  };
}

export type IdempotencyStore = ReturnType<typeof createIdempotencyStore>;
