/**
 * Accounts: registration (user + tenant), login (throttled against brute force), token refresh, and
 * resolving a verified JWT, ours or an external identity provider's, to its user.
 */
import type { Tokens, User } from '@hx-memory/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { createExternalIdp, peekIssuer } from '../../auth/external-idp.js';
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from '../../auth/passwords.js';
import { createLoginThrottle } from '../../limits/login-throttle.js';
import type { Actor } from '../../actor.js';
import { type RequestOrigin, recordAccountEvent } from '../../audit/record.js';
import { conflict, forbidden, unauthorized } from '../../errors.js';
import { tenants, users } from '../../db/schema/index.js';
import { newId } from '../../ids.js';
import type { ServiceDeps } from '../deps.js';
import { acceptInvitation } from './invitations.js';
import { createRefreshTokens } from './refresh-tokens.js';

type UserRow = typeof users.$inferSelect;

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    tenantId: row.tenantId,
    createdAt: row.createdAt.toISOString(),
  };
}

export function createAuthService(deps: Pick<ServiceDeps, 'database' | 'config' | 'jwt' | 'logger' | 'redis'>) {
  const { db } = deps.database;
  const refresh = createRefreshTokens(deps);
  const throttle = createLoginThrottle(deps);
  const { OIDC_ISSUER, OIDC_AUDIENCE, OIDC_JWKS_URL } = deps.config;
  const externalIdp =
    OIDC_ISSUER && OIDC_AUDIENCE && OIDC_JWKS_URL
      ? createExternalIdp({ issuer: OIDC_ISSUER, audience: OIDC_AUDIENCE, jwksUrl: OIDC_JWKS_URL })
      : undefined;

  /** Maps a provider identity to its Hx user: by subject, else by verified e-mail (then linked). */
  async function userOfExternalIdentity(identity: { subject: string; email?: string; emailVerified: boolean }) {
    const [bySubject] = await db
      .select()
      .from(users)
      .where(and(eq(users.externalSubject, identity.subject), isNull(users.deletedAt)))
      .limit(1);
    if (bySubject) return bySubject;
    if (!identity.email || !identity.emailVerified) return undefined;
    const byEmail = await findUserByEmail(identity.email);
    if (!byEmail) return undefined;
    if (byEmail.externalSubject && byEmail.externalSubject !== identity.subject) return undefined;
    await db.update(users).set({ externalSubject: identity.subject }).where(eq(users.id, byEmail.id));
    return byEmail;
  }

  /** An access token plus a refresh token: a new family unless a rotated one is given. */
  async function issueTokens(user: UserRow, rotated?: string): Promise<Tokens> {
    const accessToken = await deps.jwt.sign({ sub: user.id, tenant: user.tenantId, email: user.email });
    const rt = rotated ?? (await refresh.issue(user));
    return {
      accessToken,
      tokenType: 'Bearer',
      expiresIn: deps.jwt.ttlSeconds,
      refreshToken: rt,
      refreshExpiresIn: deps.config.JWT_REFRESH_TTL_SECONDS,
    };
  }

  async function findUserByEmail(email: string) {
    const [row] = await db
      .select()
      .from(users)
      .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, isNull(users.deletedAt)))
      .limit(1);
    return row;
  }

  return {
    async register(
      input: { email: string; password: string; name?: string; inviteToken?: string },
      origin: RequestOrigin,
    ) {
      if (input.inviteToken) {
        // Joins the inviting tenant as the invited member (services/invitations.ts).
        const invited = await acceptInvitation(deps, { ...input, inviteToken: input.inviteToken });
        await recordAccountEvent(db, origin, invited, {
          action: 'auth.registered',
          details: { email: invited.email, invited: true },
        });
        return { user: toUser(invited), tokens: await issueTokens(invited) };
      }
      if (await findUserByEmail(input.email)) throw conflict('An account with this e-mail already exists');
      const passwordHash = await hashPassword(input.password);
      const name = input.name ?? input.email.split('@')[0] ?? input.email;
      const tenantId = newId('ten');
      const user = await db.transaction(async (tx) => {
        await tx.insert(tenants).values({ id: tenantId, name, plan: deps.config.DEFAULT_PLAN });
        const [row] = await tx
          .insert(users)
          // Registering creates the tenant: its user is the tenant owner.
          .values({ id: newId('usr'), tenantId, email: input.email, name, passwordHash, tenantRole: 'owner' })
          .onConflictDoNothing()
          .returning();
        if (!row) throw conflict('An account with this e-mail already exists');
        await recordAccountEvent(tx, origin, row, {
          action: 'auth.registered',
          details: { email: row.email, tenantCreated: true },
        });
        return row;
      });
      return { user: toUser(user), tokens: await issueTokens(user) };
    },

    async login(input: { email: string; password: string }, origin: RequestOrigin) {
      const ip = origin.ip ?? 'unknown';
      await throttle.check(input.email, ip);
      const user = await findUserByEmail(input.email);
      const ok = await verifyPassword(input.password, user?.passwordHash ?? DUMMY_PASSWORD_HASH);
      if (!user || !ok) {
        await throttle.fail(input.email, ip);
        // An unknown e-mail belongs to no tenant: nothing to audit it in (the request log has it).
        if (user) {
          await recordAccountEvent(db, origin, user, {
            action: 'auth.login',
            outcome: 'failed',
            details: { reason: 'wrong password' },
          });
        }
        throw unauthorized('Invalid e-mail or password');
      }
      await throttle.succeed(input.email);
      await recordAccountEvent(db, origin, user, { action: 'auth.login', details: { method: 'password' } });
      return { user: toUser(user), tokens: await issueTokens(user) };
    },

    /**
     * The signed-in user's password again, before a sensitive read (a vault reveal from the console):
     * throttled with login's counters (a guess here is a guess there), a wrong one audited and refused.
     */
    async confirmPassword(actor: Actor, password: string, origin: RequestOrigin): Promise<void> {
      const user = actor.userId ? await this.findActiveUser(actor.userId, actor.tenantId) : undefined;
      if (!user) throw unauthorized('User no longer exists');
      const ip = origin.ip ?? 'unknown';
      await throttle.check(user.email, ip);
      const ok = await verifyPassword(password, user.passwordHash ?? DUMMY_PASSWORD_HASH);
      if (!ok || !user.passwordHash) {
        await recordAccountEvent(db, origin, user, {
          action: 'auth.reauth',
          outcome: 'failed',
          details: { reason: 'wrong password' },
        });
        // 429 instead when this failure reaches the throttle's limit.
        await throttle.fail(user.email, ip);
        throw forbidden('The password is not right');
      }
      await throttle.succeed(user.email);
    },

    async refresh(refreshToken: string, origin: RequestOrigin) {
      const { user, next } = await refresh.rotate(refreshToken, origin);
      return { user: toUser(user), tokens: await issueTokens(user, next) };
    },

    async logout(refreshToken: string, origin: RequestOrigin) {
      await refresh.revokeFamilyOf(refreshToken, origin);
    },

    /** Verifies an access JWT and resolves its user; deleted users' tokens stop working at once. */
    async verifyAccessToken(token: string): Promise<{ ok: true; user: UserRow } | { ok: false; reason: string }> {
      if (externalIdp && externalIdp.issuer !== deps.config.JWT_ISSUER && peekIssuer(token) === externalIdp.issuer) {
        const external = await externalIdp.verify(token);
        if (!external.ok) return external;
        const user = await userOfExternalIdentity(external.identity);
        if (!user) return { ok: false, reason: 'no Hx account matches this identity' };
        return { ok: true, user };
      }
      const verified = await deps.jwt.verify(token);
      if (!verified.ok) return verified;
      const [user] = await db
        .select()
        .from(users)
        .where(
          and(eq(users.id, verified.claims.sub), eq(users.tenantId, verified.claims.tenant), isNull(users.deletedAt)),
        )
        .limit(1);
      if (!user) return { ok: false, reason: 'the user no longer exists' };
      return { ok: true, user };
    },

    async me(actor: Actor) {
      const user = actor.userId ? await this.findActiveUser(actor.userId, actor.tenantId) : undefined;
      if (!user) throw unauthorized('User no longer exists');
      return { user: toUser(user), plan: actor.plan };
    },

    /** The live user behind a verified token, or undefined when it was deleted. */
    async findActiveUser(userId: string, tenantId: string) {
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(users.id, userId), eq(users.tenantId, tenantId), isNull(users.deletedAt)))
        .limit(1);
      return row;
    },

    async tenantPlan(tenantId: string) {
      const [row] = await db.select({ plan: tenants.plan }).from(tenants).where(eq(tenants.id, tenantId)).limit(1);
      return row?.plan;
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
