/** The whole ruleset: vendor formats first (they name the secret best), then context rules. */
import { CONTEXT_RULES } from './context.js';
import { PROVIDER_RULES } from './providers.js';
import type { SecretRule } from './rule.js';

export { acceptsSecret, type SecretRule, type SecretType } from './rule.js';

export const RULES: readonly SecretRule[] = [...PROVIDER_RULES, ...CONTEXT_RULES];

/** Every keyword of every rule, for the one-pass prefilter. */
export const ALL_KEYWORDS: readonly string[] = [...new Set(RULES.flatMap((r) => r.keywords))];

/** Rule kinds, as reported in docs/security.md. */
export const RULE_IDS: readonly string[] = [
  ...new Set([
    ...RULES.map((r) => r.id),
    'password_assignment',
    'password_field',
    'secret_field',
    'basic_credential_field',
  ]),
];
