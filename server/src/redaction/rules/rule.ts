/**
 * The shape of a detection rule. Every rule names lower-case keywords, one of which any match
 * contains, so a text without any keyword skips the rule without running its regular expression
 * (the gitleaks approach); `minEntropy` is the rule's own randomness floor on the secret.
 */
import { isFillerBody, isPlaceholder, isPublicValue } from '../allowlist.js';
import { entropy } from '../entropy.js';

export type SecretType = 'api_key' | 'token' | 'password' | 'connection_string' | 'private_key';

export interface SecretRule {
  id: string;
  type: SecretType;
  /** Lower-case substrings; the rule runs only on texts that contain one. Empty: a `gate` decides. */
  keywords: readonly string[];
  /** For keyword-less shapes: a cheap test the text must pass first. */
  gate?: RegExp;
  /** Global regex (with the `d` flag when `group` is set). */
  pattern: RegExp;
  /** Capture group holding the secret; the whole match otherwise. */
  group?: number;
  /** Shannon floor (bits per character) on the secret. */
  minEntropy?: number;
  /** For context rules: where in the match the secret is, or undefined to drop the match (after `group`). */
  extract?: (match: RegExpExecArray, text: string) => readonly [number, number, string?] | undefined;
  /** Format check beyond the regex (checksums, decodable parts, value judgement). */
  validate?: (secret: string, match: RegExpExecArray, text: string) => boolean;
  /** Formats whose random part legitimately repeats (`AAAA...` prefixes) skip the filler check. */
  allowFiller?: boolean;
  /** Known token formats (2) win over key-value context (1) when spans overlap. */
  priority: 1 | 2;
}

/** A vendor token with a recognisable prefix or layout. */
export function tokenRule(
  id: string,
  type: SecretType,
  keywords: readonly string[],
  pattern: RegExp,
  minEntropy: number,
  extra: Partial<SecretRule> = {},
): SecretRule {
  return { id, type, keywords, pattern, minEntropy, priority: 2, ...extra };
}

/** Checks every rule's secret passes: entropy floor, no filler, no placeholder, not a public example. */
export function acceptsSecret(rule: SecretRule, secret: string, match: RegExpExecArray, text: string): boolean {
  if (rule.minEntropy !== undefined && entropy(secret) < rule.minEntropy) return false;
  if (isPublicValue(secret)) return false;
  if (rule.priority === 2) {
    if (isPlaceholder(secret)) return false;
    if (!rule.allowFiller && isFillerBody(secret.replace(/^[A-Za-z0-9]{1,12}[_\-.](?:[a-z0-9]{1,8}[_\-.])?/, '')))
      return false;
  }
  return rule.validate ? rule.validate(secret, match, text) : true;
}
