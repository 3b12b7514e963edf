/**
 * Rotating refresh tokens. Each is single use; presenting a used one means it leaked, so its whole
 * family is revoked (OAuth 2.0 Security BCP, refresh token rotation).
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { type AuditEntry, type RequestOrigin, recordAccountEvent } from '../../audit/record.js';
import { refreshTokens, users } from '../../db/schema/index.js';
import { unauthorized } from '../../errors.js';
import { newId } from '../../ids.js';
import type { ServiceDeps } from '../deps.js';

type TokenRow = typeof refreshTokens.$inferSelect;

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

export function createRefreshTokens(deps: Pick<ServiceDeps, 'database' | 'config'>) {
  const { db } = deps.database;
  const ttlMs = deps.config.JWT_REFRESH_TTL_SECONDS * 1000;

  async function insert(user: { id: string; tenantId: string }, familyId: string) {
    const token = `hxr_${randomBytes(32).toString('base64url')}`;
    await db.insert(refreshTokens).values({
      id: newId('rt'),
      tenantId: user.tenantId,
      userId: user.id,
      familyId,
      tokenHash: hash(token),
      expiresAt: new Date(Date.now() + ttlMs),
    });
    return token;
  }

  async function revokeFamily(familyId: string) {
    await db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  }

  /** The stored token a client presents, or 401. */
  async function findToken(token: string) {
    const [row] = await db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hash(token)))
      .limit(1);
    if (!row) throw unauthorized('Refresh token is invalid');
    return row;
  }

  /** Revokes the token's whole session (its family) and audits why, in the tenant of its user. */
  async function revokeSession(row: TokenRow, origin: RequestOrigin, event: Pick<AuditEntry, 'action' | 'outcome'>) {
    await revokeFamily(row.familyId);
    await recordAccountEvent(
      db,
      origin,
      { id: row.userId, tenantId: row.tenantId },
      {
        ...event,
        details: { familyId: row.familyId },
      },
    );
  }

  /** A used token presented again means it leaked: the whole session goes, and the attempt is audited. */
  async function reuseDetected(row: TokenRow, origin: RequestOrigin): Promise<never> {
    await revokeSession(row, origin, { action: 'auth.refresh_reuse_detected', outcome: 'denied' });
    throw unauthorized('Refresh token was already used; its session has been revoked');
  }

  return {
    issue(user: { id: string; tenantId: string }) {
      return insert(user, newId('rt'));
    },

    async rotate(token: string, origin: RequestOrigin) {
      const row = await findToken(token);
      if (row.revokedAt) throw unauthorized('Refresh token has been revoked');
      if (row.usedAt) await reuseDetected(row, origin);
      if (row.expiresAt.getTime() < Date.now()) throw unauthorized('Refresh token has expired');
      // Claim the token atomically so two concurrent refreshes cannot both succeed.
      const claimed = await db
        .update(refreshTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.usedAt)))
        .returning({ id: refreshTokens.id });
      if (claimed.length === 0) await reuseDetected(row, origin);
      const [user] = await db
        .select()
        .from(users)
        .where(and(eq(users.id, row.userId), isNull(users.deletedAt)))
        .limit(1);
      if (!user) throw unauthorized('User no longer exists');
      return { user, next: await insert(user, row.familyId) };
    },

    async revokeFamilyOf(token: string, origin: RequestOrigin) {
      await revokeSession(await findToken(token), origin, { action: 'auth.logout' });
    },
  };
}
