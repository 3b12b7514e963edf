/**
 * The secret-detection ruleset: known token formats, connection strings with passwords, PEM private
 * keys and secret-looking assignments. Each rule names literal anchors so the scanner can skip every
 * string that cannot match before running any rule's regular expression.
 */

export type SecretType = 'api_key' | 'token' | 'password' | 'connection_string' | 'private_key';

export interface SecretRule {
  id: string;
  type: SecretType;
  /** Case-sensitive substrings one of which every match contains (the cheap prefilter). */
  anchors: readonly string[];
  /** Global regex (`d` flag when `group` is set); the secret is the whole match or `group`. */
  pattern: RegExp;
  group?: number;
  /** Extra check on the secret itself (entropy, placeholders) for the generic rules. */
  accept?: (secret: string) => boolean;
}

/** Values people put where a secret goes when they do not mean one. */
const PLACEHOLDER =
  /^(?:\*+|x+|\.+|<[^>]*>|\$\{[^}]*\}|\$[A-Z_][A-Z0-9_]*|%[^%]*%|\{\{[^}]*\}\}|vault:\/\/.*|\[redacted\]|redacted|changeme|password|secret|null|undefined|none|true|false)$/i;

/** Shannon entropy in bits per character. */
export function entropy(s: string): number {
  const counts = new Map<string, number>();
  for (const ch of s) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let h = 0;
  for (const n of counts.values()) {
    const p = n / s.length;
    h -= p * Math.log2(p);
  }
  return h;
}

export const isPlaceholder = (s: string) => PLACEHOLDER.test(s);

/** A password-ish value: not a placeholder, long enough, not a plain word. */
export function looksLikePassword(s: string): boolean {
  return s.length >= 6 && !isPlaceholder(s) && entropy(s) >= 2.5;
}

/** A token-ish value: long and random enough that it is not prose or an identifier. */
export function looksLikeToken(s: string): boolean {
  return s.length >= 16 && !isPlaceholder(s) && entropy(s) >= 3.2;
}

/** Key names whose string values are secrets (used on JSON keys and on `name=value` text). */
export const PASSWORD_NAME = /(?:^|[^a-z])(?:pass(?:word|wd|phrase)?|pwd)(?:$|[^a-z])/i;
export const SECRET_NAME =
  /(?:secret|token|api[_-]?key|apikey|access[_-]?key|private[_-]?key|client[_-]?secret|credentials?|authorization|auth[_-]?key|session[_-]?key|signing[_-]?key|encryption[_-]?key)/i;
/** Names that contain a secret word but hold counts or settings, not secrets. */
const NOT_SECRET_NAME =
  /(?:tokens?_?(?:count|limit|usage|type|used)|max_?tokens|(?:input|output|prompt|completion|total)_?tokens|token_?ids?|tokenizer)$/i;

export function isSecretName(name: string): 'password' | 'token' | undefined {
  if (NOT_SECRET_NAME.test(name)) return undefined;
  if (PASSWORD_NAME.test(name)) return 'password';
  if (SECRET_NAME.test(name)) return 'token';
  return undefined;
}

export const RULES: readonly SecretRule[] = [
  {
    id: 'private_key',
    type: 'private_key',
    anchors: ['-----BEGIN'],
    pattern: /-----BEGIN ((?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?)-----[\s\S]*?-----END \1-----/g,
  },
  {
    id: 'connection_string',
    type: 'connection_string',
    anchors: ['://'],
    // scheme://user:password@host... ; the password part is checked against placeholders below.
    pattern: /\b[a-zA-Z][a-zA-Z0-9+.-]{1,30}:\/\/[^\s:@/'"`<>]*:([^\s@/'"`<>]+)@[^\s'"`<>]+/dg,
    accept: (url) => {
      const m = /:\/\/[^\s:@/]*:([^\s@/]+)@/.exec(url);
      return !!m && !isPlaceholder(m[1]!) && m[1] !== 'vault';
    },
  },
  {
    id: 'aws_access_key_id',
    type: 'api_key',
    anchors: ['AKIA', 'ASIA', 'ABIA', 'ACCA'],
    pattern: /\b(?:AKIA|ASIA|ABIA|ACCA)[A-Z2-7]{16}\b/g,
  },
  {
    id: 'aws_secret_access_key',
    type: 'api_key',
    anchors: ['aws', 'AWS'],
    pattern: /aws_?secret_?(?:access_?)?key["']?\s*[:=]\s*["']?([A-Za-z0-9/+=]{40})(?![A-Za-z0-9/+=])/dgi,
    group: 1,
  },
  {
    id: 'github_token',
    type: 'token',
    anchors: ['ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_', 'github_pat_'],
    pattern: /\b(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{22,255})\b/g,
  },
  {
    id: 'gitlab_token',
    type: 'token',
    anchors: ['glpat-', 'gldt-', 'glrt-', 'glptt-', 'glcbt-', 'gloas-'],
    pattern: /\bgl(?:pat|dt|rt|ptt|cbt|oas)-[A-Za-z0-9_-]{20,}/g,
  },
  {
    id: 'slack_token',
    type: 'token',
    anchors: ['xox'],
    pattern: /\bxox[abposre]-[A-Za-z0-9-]{10,}/g,
  },
  {
    id: 'slack_webhook',
    type: 'token',
    anchors: ['hooks.slack.com'],
    pattern: /https:\/\/hooks\.slack\.com\/(?:services|workflows)\/[A-Za-z0-9/_-]{20,}/g,
  },
  {
    id: 'stripe_key',
    type: 'api_key',
    anchors: ['_live_', '_test_', 'whsec_'],
    pattern: /\b(?:(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]{16,}|whsec_[A-Za-z0-9]{24,})\b/g,
  },
  {
    id: 'anthropic_key',
    type: 'api_key',
    anchors: ['sk-ant-'],
    pattern: /\bsk-ant-[A-Za-z0-9_-]{20,}/g,
  },
  {
    id: 'openai_key',
    type: 'api_key',
    anchors: ['sk-'],
    pattern: /\bsk-(?!ant-)(?:proj-|svcacct-|admin-|None-)?[A-Za-z0-9_-]{20,}/g,
    accept: (s) => /[0-9]/.test(s) && /[A-Za-z]/.test(s),
  },
  {
    id: 'hx_api_key',
    type: 'api_key',
    anchors: ['hx_live_', 'hx_test_'],
    pattern: /\bhx_(?:live|test)_[A-Za-z0-9]{32,}\b/g,
  },
  {
    id: 'jwt',
    type: 'token',
    anchors: ['eyJ'],
    pattern: /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g,
  },
  {
    id: 'google_api_key',
    type: 'api_key',
    anchors: ['AIza'],
    pattern: /\bAIza[0-9A-Za-z_-]{35}\b/g,
  },
  {
    id: 'npm_token',
    type: 'token',
    anchors: ['npm_'],
    pattern: /\bnpm_[A-Za-z0-9]{36}\b/g,
  },
  {
    id: 'huggingface_token',
    type: 'token',
    anchors: ['hf_'],
    pattern: /\bhf_[A-Za-z]{34}\b/g,
  },
  {
    id: 'sendgrid_key',
    type: 'api_key',
    anchors: ['SG.'],
    pattern: /\bSG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}\b/g,
  },
  {
    id: 'bearer_token',
    type: 'token',
    anchors: ['Bearer ', 'bearer ', 'BEARER '],
    pattern: /\b[Bb]earer\s+([A-Za-z0-9._~+/-]{20,}=*)/dg,
    group: 1,
    accept: looksLikeToken,
  },
  {
    id: 'password_assignment',
    type: 'password',
    anchors: ['pass', 'Pass', 'PASS', 'pwd', 'PWD'],
    // password=..., "db_password": "...", PGPASSWORD: ...
    pattern:
      /(?:pass(?:word|wd|phrase)?|pwd)[A-Za-z0-9_.-]{0,30}["']?\s*(?:=|:(?!\/\/))\s*["']?([^\s"'`,;)}\]]{6,})/dgi,
    group: 1,
    accept: looksLikePassword,
  },
  {
    id: 'secret_assignment',
    type: 'token',
    anchors: ['secret', 'Secret', 'SECRET', 'token', 'Token', 'TOKEN', 'key', 'Key', 'KEY'],
    // api_key=..., client_secret: ..., GITHUB_TOKEN="..."; only high-entropy values count.
    pattern:
      /(?:secret|token|api[_-]?key|apikey|access[_-]?key|private[_-]?key|auth[_-]?key|signing[_-]?key)[A-Za-z0-9_.-]{0,30}["']?\s*(?:=|:(?!\/\/))\s*["']?([^\s"'`,;)}\]]{16,})/dgi,
    group: 1,
    accept: looksLikeToken,
  },
];

/** Every anchor of every rule, for the one-pass prefilter. */
export const ALL_ANCHORS: readonly string[] = [...new Set(RULES.flatMap((r) => r.anchors))];
