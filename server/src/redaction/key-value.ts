/**
 * Key-value awareness: which names hold secrets (`DB_PASSWORD`, `"apiKey"`, `X-Api-Key`,
 * `--client-secret`) and whether the value under such a name is a secret or code, a placeholder,
 * an identifier or prose. Shared by JSON fields, .env/YAML/JSON text, HTTP headers and command lines.
 */
import { isCodeReference, isPlaceholder, isPublicValue } from './allowlist.js';
import { caseSwitches, entropy, shape } from './entropy.js';

/** `password`-like names take any typed value; `token`-like ones need randomness; `weak` ones (`key`, `auth`) more. */
export type SecretNameKind = 'password' | 'token' | 'weak';

/** camelCase, kebab, dotted and SCREAMING names as lower-case words. */
export function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

const PASSWORD_WORD =
  /^(?:pass|passwd|password|passwords|passphrase|passcode|pwd|pw|pgpassword|mysql_pwd|[a-z]{0,12}passw(?:or)?d|(?:db|root|admin|user|ssh|smtp|mail|ftp|redis|sql|mysql|pg|ldap|sudo|app|api|master|proxy|bind|auth|login|keystore|store|key|wifi|vnc|rdp)pass|[a-z]{0,12}pwd)$/;
/** Joined words containing one of these hold a secret. */
const SECRET_JOINED =
  /secret|token|apikey|accesskey|privatekey|privkey|signingkey|encryptionkey|enckey|masterkey|sessionkey|accountkey|sharedaccesskey|sharedkey|authkey|appkey|licensekey|webhookkey|consumerkey|clientkey|credential|creds|authorization|bearer|passkey|hmackey|apisig/;
const WEAK_WORD = new Set(['key', 'auth', 'sig', 'signature', 'hmac', 'jwt', 'cred', 'sas', 'dsn']);

/** A last word that makes the name describe a secret rather than hold one. */
const DENY_LAST = new Set(
  `policy policies endpoint endpoints url uri urls type types name names id ids arn arns length len count counts limit
  limits size file files filename path paths dir directory location expiry expires expiration expire exp ttl lifetime
  reset hint hints field fields label required min max minimum maximum strength rule rules regex pattern format prompt
  enabled enable disabled mode version param parameter prefix suffix usage used budget cost hash hashed digest salt
  storage manager provider providers service method methods algorithm alg source env var variable changed updated
  created at on date time timestamp ms seconds secs sec days index idx bytes bits encoding validator validation valid
  input placeholder visible visibility toggle entropy score reuse history age rotation interval scope scopes audience
  aud issuer claims kind class schema fingerprint thumbprint handler callback ref reference exists present status state
  error errors message msg text description desc title help tooltip link flag option options settings setting template
  generator strategy engine backend mount column col attr attribute property prop meta metadata info details in out
  lookup mask masked stdin stdout`.split(/\s+/),
);
/** Any of these words anywhere marks counters, pagination, idempotency and public keys. */
const DENY_ANY = new Set(
  `max min num total input output prompt completion completions next prev previous page pages continuation cursor sync
  idempotency idempotent csrf xsrf tokenizer tokenize tokenized tokenization tokens public publishable pub forgot
  sort partition primary foreign range cache object s3 keyboard hotkey monkey keypair shortcut press pressed stroke
  nonce challenge pagination paging usage estimate estimated refill bucket rate`.split(/\s+/),
);

/** Whether a name (JSON key, variable, header, flag) holds a secret, and how strict to be about its value. */
/** Cheap first test: every secret name contains one of these (most JSON keys contain none). */
const NAME_HINT = /pass|pwd|pw|secret|token|key|auth|cred|bearer|jwt|hmac|sig|sas|dsn/i;

export function secretNameKind(name: string): SecretNameKind | undefined {
  if (name.length > 80 || !NAME_HINT.test(name)) return undefined;
  const words = nameWords(name);
  if (words.length === 0) return undefined;
  const joined = words.join('');
  const last = words[words.length - 1]!;
  // Vault AppRole's secret_id is a secret although it ends in "id".
  if (joined.endsWith('secretid')) return 'token';
  if (words.some((w) => DENY_ANY.has(w))) return undefined;
  if (DENY_LAST.has(last)) return undefined;
  // AWS ClientToken / ClientRequestToken are idempotency tokens.
  if (joined === 'clienttoken' || joined.endsWith('requesttoken') || joined === 'requestid') return undefined;
  if (words.some((w) => PASSWORD_WORD.test(w))) return 'password';
  if (SECRET_JOINED.test(joined)) return 'token';
  if (words.some((w) => WEAK_WORD.has(w))) return 'weak';
  return undefined;
}

/** Values that are words of a language or identifiers, not typed secrets. */
const WORDS_ONLY = /^\p{L}+(?:[ _\-.]\p{L}+)*$/u;
/** Words that show a quoted text is a prompt, a message or a description, not a passphrase. */
const PROSE_WORD =
  /\b(?:enter|your|please|must|should|characters?|required|invalid|incorrect|wrong|match|matches|reset|forgot|forgotten|least|confirm|new|old|current|is|are|was|be|the|for|of|to|not|with|this|that|field|used|when|will)\b/i;
const IDENTIFIER_PART =
  /^(?:pass|password|passwd|pwd|secret|token|key|api|auth|hash|field|input|name|id|env|config|value|user|db)$/i;

function isIdentifierLike(v: string): boolean {
  if (!/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(v)) return false;
  // snake_case / camelCase names made of words that say what they hold
  const parts = nameWords(v);
  if (parts.length >= 2 && parts.some((p) => IDENTIFIER_PART.test(p))) return true;
  return /^[a-z]+(?:_[a-z]+)+$/.test(v) || /^[A-Z]+(?:_[A-Z]+)+$/.test(v);
}

/** A password-ish value: typed by a person, so short and low-entropy is fine, code and placeholders are not. */
export function isPasswordValue(raw: string, quoted: boolean): boolean {
  const v = raw.trim();
  if (v.length < 6 || v.length > 200) return false;
  if (isPlaceholder(v) || isCodeReference(v) || isPublicValue(v)) return false;
  if (/^\d+$/.test(v) || /^[\d.,:\- ]+$/.test(v)) return false;
  if (isIdentifierLike(v)) return false;
  if (/\s/.test(v)) {
    // A quoted passphrase: several words, no prompt or message vocabulary, no sentence punctuation.
    if (!quoted) return false;
    const words = v.split(/\s+/);
    if (/^\p{Lu}/u.test(v) && !/[\d\W_]/.test(v.replace(/\s/g, ''))) return false;
    return (
      words.length >= 3 &&
      v.length >= 12 &&
      !PROSE_WORD.test(v) &&
      !/[.?!:]$/.test(v) &&
      /^[\w'@#$%^&*+=~!-]+(?:\s+[\w'@#$%^&*+=~!-]+)+$/.test(v)
    );
  }
  if (WORDS_ONLY.test(v)) {
    // Hyphenated word lists (`copper-harbor-velvet`) are passphrases; a single plain word is a password
    // only bare in an env file or YAML: quoted, it is far more often a UI label, an enum or a translation.
    if (/^[a-z]+(?:-[a-z]+){2,}$/i.test(v)) return v.length >= 16;
    if (quoted || /^[A-Z][a-z]+$/.test(v) || /[ _.]/.test(v)) return false;
    return v.length >= 8 && entropy(v) >= 2.5;
  }
  return entropy(v) >= 2.0;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Relative paths and object keys (`uploads/2026/03/report.pdf`): lower-case segments or a file extension. */
function isPathLike(v: string): boolean {
  if (!/^[\w.-]+(?:\/[\w.-]+)+\/?$/.test(v)) return false;
  return !/[A-Z]/.test(v) || /\.[a-z]{2,5}$/.test(v);
}

/** A token-ish value: machine-generated, so long and random. */
export function isTokenValue(raw: string, strict = false): boolean {
  const v = raw.trim();
  const min = strict ? 16 : 10;
  if (v.length < min || v.length > 4096) return false;
  if (/\s/.test(v)) return false;
  if (isPlaceholder(v) || isCodeReference(v) || isPublicValue(v)) return false;
  if (/^\d+$/.test(v)) return false;
  if (/^[a-z]+:\/\/[^:@]*$/.test(v) || /^https?:\/\//.test(v)) return false;
  if (isPathLike(v)) return false;
  if (strict && UUID.test(v)) return false;
  const s = shape(v);
  const h = entropy(v);
  if (!s.digit && !s.symbol) {
    // Letters only: random mixed case switches case often; identifiers and words do not.
    return v.length >= 20 && h >= 3.8 && caseSwitches(v) >= v.length / 6;
  }
  if (isIdentifierLike(v)) return false;
  if (strict) return h >= 3.7 && s.classes >= 2;
  return h >= (v.length >= 20 ? 3.2 : 2.9) && s.classes >= 2;
}

export function isSecretValue(kind: SecretNameKind, value: string, quoted: boolean): boolean {
  if (kind === 'password') return isPasswordValue(value, quoted);
  // `auth: admin:Sup3rS3cret`, `credentials: "ci:..."`: a user and a password.
  const pair = /^[\w.@-]{1,64}:(?!\/\/)([^\s:]{6,})$/.exec(value.trim());
  if (pair && isPasswordValue(pair[1]!, quoted)) return true;
  return isTokenValue(value, kind === 'weak');
}

export function decodeBasic(b64: string): string | undefined {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(b64)) return undefined;
  const s = Buffer.from(b64, 'base64').toString('utf8');
  return /^[\x20-\x7e]+$/.test(s) ? s : undefined;
}

/** `user:password` from a Basic credential or docker `auth`, judged on its password part. */
export function isBasicCredential(b64: string): boolean {
  const decoded = decodeBasic(b64);
  if (decoded === undefined) return isTokenValue(b64);
  const colon = decoded.indexOf(':');
  if (colon < 0) return isTokenValue(decoded);
  const password = decoded.slice(colon + 1);
  return password.length >= 3 && !isPlaceholder(password) && !isCodeReference(password);
}
