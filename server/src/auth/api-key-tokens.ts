/** API key format: `hx_live_` | `hx_test_` + 40 base62 characters. Stored as SHA-256 + display prefix. */
import { hash, randomInt } from 'node:crypto';
import type { Environment } from '@hx-memory/contract';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const SECRET_LENGTH = 40;
export const API_KEY_PATTERN = /^hx_(live|test)_[0-9A-Za-z]{32,}$/;

export function generateApiKey(environment: Environment): { key: string; prefix: string; hash: string } {
  let secret = '';
  for (let i = 0; i < SECRET_LENGTH; i++) secret += BASE62[randomInt(BASE62.length)];
  const key = `hx_${environment}_${secret}`;
  return { key, prefix: key.slice(0, 12), hash: hashApiKey(key) };
}

/** Run on every keyed request: the one-shot `hash` (Node 20.12+), a third of createHash's cost. */
export function hashApiKey(key: string): string {
  return hash('sha256', key, 'hex');
}

export function looksLikeApiKey(token: string): boolean {
  return token.startsWith('hx_live_') || token.startsWith('hx_test_');
}
