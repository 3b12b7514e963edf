/**
 * Stored answers are sealed with a key derived from the Idempotency-Key itself (HKDF-SHA256 over the
 * key, salted with tenant, caller and route), and the key is stored only as its SHA-256 hash: a
 * created API key or secret in an answer is not readable from the database without the client's key.
 */
import crypto from 'node:crypto';
import type { IdempotencyScope } from './store.js';

const VERSION = 1;

export interface SealedAnswer {
  v: number;
  iv: string;
  data: string;
  tag: string;
}

function answerKey(scope: IdempotencyScope, clientKey: string): Buffer {
  const salt = `${scope.tenantId}\n${scope.principal}\n${scope.route}`;
  return Buffer.from(crypto.hkdfSync('sha256', clientKey, salt, 'hx idempotent answer', 32));
}

/** The scope as stored: the client's key replaced by its hash. */
export function storedScope(scope: IdempotencyScope): IdempotencyScope {
  return { ...scope, key: crypto.createHash('sha256').update(scope.key).digest('hex') };
}

export function sealAnswer(scope: IdempotencyScope, body: unknown): SealedAnswer {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', answerKey(scope, scope.key), iv);
  const data = Buffer.concat([cipher.update(JSON.stringify(body), 'utf8'), cipher.final()]);
  return {
    v: VERSION,
    iv: iv.toString('base64'),
    data: data.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
  };
}

export function openAnswer(scope: IdempotencyScope, sealed: SealedAnswer): Record<string, unknown> {
  const decipher = crypto.createDecipheriv(
    'aes-256-gcm',
    answerKey(scope, scope.key),
    Buffer.from(sealed.iv, 'base64'),
  );
  decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
  const text = Buffer.concat([decipher.update(Buffer.from(sealed.data, 'base64')), decipher.final()]).toString('utf8');
  return JSON.parse(text) as Record<string, unknown>;
}
