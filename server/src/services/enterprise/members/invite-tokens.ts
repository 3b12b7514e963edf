/** Invitation tokens: a prefixed random secret handed out once, stored only as its SHA-256 hash. */
import { createHash, randomBytes } from 'node:crypto';

export const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const INVITE_PREFIX = 'hxinv_';

export function hashInviteToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newInviteToken(): string {
  return INVITE_PREFIX + randomBytes(32).toString('base64url');
}
