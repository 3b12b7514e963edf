/**
 * Finds secrets in captured JSON (payload and metadata, keys and values, recursively) and replaces
 * them by vault references. Pure: no I/O, so it is unit-testable and cheap enough to run on every
 * captured event. A string without any rule keyword costs one regex test (plus the base64 and
 * URL-decoding checks); overlapping findings are merged so no part of a secret is left behind.
 */
import { base64Runs, urlDecode } from './decode.js';
import { isBasicCredential, decodeBasic, isSecretValue, isTokenValue, secretNameKind } from './key-value.js';
import { ALL_KEYWORDS, RULES, acceptsSecret, type SecretRule, type SecretType } from './rules/index.js';

export interface Detection {
  /** JSON path of the value holding the secret, e.g. `payload.content`, `metadata.env.DB_URL`. */
  path: string;
  ruleId: string;
  type: SecretType;
  /** The secret itself; only ever handed to the vault, never logged. */
  value: string;
}

export interface Finding {
  ruleId: string;
  type: SecretType;
  value: string;
  start: number;
  end: number;
  /** Set when the secret was found after decoding the text. */
  encoding?: 'base64' | 'url';
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

type Trie = Map<string, Trie> & { end?: boolean };
/**
 * One regex of all keywords as a prefix trie (`a(?:kia|sia)|g(?:h...)`), longest first: far fewer
 * branches per position than a flat alternation.
 */
function trieSource(words: readonly string[]): string {
  const root: Trie = new Map();
  for (const w of words) {
    let node = root;
    for (const ch of w) {
      if (!node.has(ch)) node.set(ch, new Map());
      node = node.get(ch)!;
    }
    node.end = true;
  }
  const emit = (node: Trie): string => {
    const alts = [...node.entries()].map(([ch, child]) => escapeRegex(ch) + emit(child));
    if (alts.length === 0) return '';
    const group = alts.length === 1 ? alts[0]! : `(?:${alts.join('|')})`;
    return node.end ? `(?:${group})?` : group;
  };
  return emit(root);
}
/** Keywords are lower case and searched in the lower-cased text (a case-sensitive regex is faster). */
const KEYWORD_SCAN = new RegExp(trieSource(ALL_KEYWORDS), 'g');
/** For each keyword, the rules it enables, including those of shorter keywords it starts with (`sk-ant-` -> `sk`). */
const RULES_BY_KEYWORD = new Map<string, SecretRule[]>(
  ALL_KEYWORDS.map((k) => [k, RULES.filter((r) => r.keywords.some((rk) => k.startsWith(rk)))]),
);
const GATED_RULES = RULES.filter((r) => r.keywords.length === 0);

/** The keyword rules whose keywords occur in `lower`, in ruleset order; one regex pass over the text. */
function rulesFor(lower: string): SecretRule[] {
  const selected = new Set<SecretRule>();
  KEYWORD_SCAN.lastIndex = 0;
  for (let m = KEYWORD_SCAN.exec(lower); m !== null; m = KEYWORD_SCAN.exec(lower)) {
    for (const r of RULES_BY_KEYWORD.get(m[0]) ?? []) selected.add(r);
    // Keywords may overlap (`sshpass`, `pass`): look again from the next character.
    KEYWORD_SCAN.lastIndex = m.index + 1;
  }
  return selected.size === 0 ? [] : RULES.filter((r) => selected.has(r));
}
/** Strings shorter than the shortest secret any rule accepts. */
const MIN_LENGTH = 8;
/** Decoded text is decoded again at most this deep (base64 inside URL-encoding, say). */
const MAX_DECODE_DEPTH = 2;
/** Past this nesting a subtree is scanned as its JSON text, so hostile nesting cannot exhaust the stack. */
const MAX_DEPTH = 100;

interface Span {
  start: number;
  end: number;
  rule: SecretRule;
  id: string;
  encoding?: 'base64' | 'url';
}

function matchRule(rule: SecretRule, text: string, out: Span[]) {
  const re = rule.pattern;
  re.lastIndex = 0;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    if (m[0].length === 0) {
      re.lastIndex += 1;
      continue;
    }
    let start = m.index;
    let end = m.index + m[0].length;
    let id = rule.id;
    if (rule.group !== undefined) {
      const idx = m.indices?.[rule.group];
      if (!idx) continue;
      [start, end] = idx;
    }
    if (rule.extract) {
      const span = rule.extract(m, text);
      if (!span) {
        // A rejected match may hide the start of another one inside it (`hint=x token=...`).
        re.lastIndex = m.index + 1;
        continue;
      }
      [start, end] = span;
      if (span[2]) id = span[2];
    }
    if (end <= start || !acceptsSecret(rule, text.slice(start, end), m, text)) {
      re.lastIndex = m.index + 1;
      continue;
    }
    out.push({ start, end, rule, id });
  }
}

function rawSpans(text: string, depth: number): Span[] {
  const spans: Span[] = [];
  if (text.length < MIN_LENGTH) return spans;
  for (const rule of rulesFor(text.toLowerCase())) matchRule(rule, text, spans);
  for (const rule of GATED_RULES) if (rule.gate?.test(text)) matchRule(rule, text, spans);
  if (depth < MAX_DECODE_DEPTH) decodedSpans(text, depth, spans);
  return spans;
}

/** Secrets visible only after decoding: a base64 run is redacted whole, URL escapes map back. */
function decodedSpans(text: string, depth: number, spans: Span[]) {
  const covered = (s: number, e: number) => spans.some((x) => x.start < e && s < x.end);
  for (const run of base64Runs(text)) {
    if (covered(run.start, run.end)) continue;
    const inner = rawSpans(run.decoded, depth + 1);
    if (inner.length > 0)
      spans.push({ start: run.start, end: run.end, rule: inner[0]!.rule, id: inner[0]!.id, encoding: 'base64' });
  }
  const url = urlDecode(text);
  if (!url) return;
  for (const s of rawSpans(url.decoded, depth + 1)) {
    const start = url.origin[s.start]!;
    const end = url.origin[s.end]!;
    if (!covered(start, end)) spans.push({ start, end, rule: s.rule, id: s.id, encoding: 'url' });
  }
}

/** Overlapping findings become one span covering both, so no part of a secret stays in clear. */
function merge(spans: Span[]): Span[] {
  spans.sort((a, b) => a.start - b.start || b.end - a.end);
  const out: Span[] = [];
  for (const s of spans) {
    const last = out[out.length - 1];
    if (last && s.start < last.end) {
      const better = s.rule.priority > last.rule.priority;
      out[out.length - 1] = {
        ...(better ? s : last),
        start: last.start,
        end: Math.max(last.end, s.end),
      };
      continue;
    }
    out.push(s);
  }
  return out;
}

const typeOf = (s: Span): SecretType => (s.id === 'password_assignment' ? 'password' : s.rule.type);

/** Secrets inside one string, non-overlapping, in text order. */
export function scanText(text: string): Finding[] {
  const spans = rawSpans(text, 0);
  if (spans.length === 0) return [];
  return merge(spans).map((s) => ({
    ruleId: s.id,
    type: typeOf(s),
    value: text.slice(s.start, s.end),
    start: s.start,
    end: s.end,
    ...(s.encoding ? { encoding: s.encoding } : {}),
  }));
}

/** Authorization schemes written before a credential in a header value. */
const AUTH_SCHEME = /^(basic|bearer|token|bot|apikey|api-key|ssws|geniekey|jwt|splunk|oauth|digest)\s+(\S{6,})$/i;

/**
 * The secret in a field whose name says it holds one (`"password": "..."`, `"Authorization": "Bearer ..."`),
 * or undefined when the value is a placeholder, code, an identifier or prose.
 */
function fieldSecret(key: string, value: string): { ruleId: string; type: SecretType; value: string } | undefined {
  const kind = secretNameKind(key);
  if (!kind || value.includes('\n')) return undefined;
  const v = value.trim();
  const scheme = AUTH_SCHEME.exec(v);
  if (scheme) {
    const cred = scheme[2]!;
    const ok = scheme[1]!.toLowerCase() === 'basic' ? isBasicCredential(cred) : isTokenValue(cred);
    return ok ? { ruleId: 'authorization_header', type: 'token', value: cred } : undefined;
  }
  const basic = decodeBasic(v);
  if (basic?.includes(':') && basic.length >= 5) {
    return isBasicCredential(v) ? { ruleId: 'basic_credential_field', type: 'password', value: v } : undefined;
  }
  if (!isSecretValue(kind, v, true)) return undefined;
  return kind === 'password'
    ? { ruleId: 'password_field', type: 'password', value: v }
    : { ruleId: 'secret_field', type: 'token', value: v };
}

const childPath = (path: string, key: string) =>
  /^[A-Za-z_$][\w$]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;

/** JSON text of a deep subtree (secrets with escaped characters are then found in escaped form). */
function deepText(value: unknown): string {
  try {
    return JSON.stringify(value);
  } catch {
    return '';
  }
}

const NAME_FIELDS = ['name', 'Name', 'key', 'Key', 'variable', 'ParameterKey', 'OptionName'];
const VALUE_FIELDS = ['value', 'Value', 'ParameterValue'];

/** `{ "name": "DB_PASSWORD", "value": "..." }` (env lists, parameter stores): the sibling names the value. */
function pairedName(obj: Record<string, unknown>): { name: string; valueKey: string } | undefined {
  const nameKey = NAME_FIELDS.find((k) => typeof obj[k] === 'string');
  const valueKey = VALUE_FIELDS.find((k) => typeof obj[k] === 'string');
  return nameKey && valueKey ? { name: obj[nameKey] as string, valueKey } : undefined;
}

function pushText(text: string, path: string, out: Detection[]) {
  for (const f of scanText(text)) out.push({ path, ruleId: f.ruleId, type: f.type, value: f.value });
}

function walk(value: unknown, path: string, depth: number, out: Detection[]) {
  if (typeof value === 'string') return pushText(value, path, out);
  if (value === null || typeof value !== 'object') return;
  if (depth >= MAX_DEPTH) return pushText(deepText(value), path, out);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) walk(value[i], `${path}[${i}]`, depth + 1, out);
    return;
  }
  const obj = value as Record<string, unknown>;
  const paired = pairedName(obj);
  for (const [key, child] of Object.entries(obj)) {
    // A secret used as a key (rare, but seen in env dumps) is redacted like a value, and kept out of
    // the paths, which are stored in audit entries and item metadata.
    const inKey = scanText(key);
    let safeKey = key;
    for (const f of inKey) safeKey = safeKey.split(f.value).join('<secret>');
    const p = childPath(path, safeKey);
    for (const f of inKey) out.push({ path: `${p}#key`, ruleId: f.ruleId, type: f.type, value: f.value });
    if (typeof child === 'string') {
      const name = paired && key === paired.valueKey ? paired.name : key;
      const field = fieldSecret(name, child);
      if (field) {
        // Known formats inside the field keep their precise rule.
        const known = scanText(child);
        if (known.some((k) => k.value.length >= field.value.length * 0.8)) pushText(child, p, out);
        else out.push({ path: p, ...field });
        continue;
      }
    }
    walk(child, p, depth + 1, out);
  }
}

/** Every secret in the captured event's payload and metadata. */
export function findSecrets(input: { payload: unknown; metadata: unknown }): Detection[] {
  const out: Detection[] = [];
  walk(input.payload, 'payload', 0, out);
  walk(input.metadata, 'metadata', 0, out);
  return out;
}

function replaceIn(text: string, ordered: Array<[string, string]>): string {
  let result = text;
  for (const [secret, ref] of ordered) if (result.includes(secret)) result = result.split(secret).join(ref);
  return result;
}

function rewrite(value: unknown, ordered: Array<[string, string]>, depth: number): unknown {
  if (typeof value === 'string') return replaceIn(value, ordered);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) {
    // Replace inside the JSON text, with each secret escaped the way JSON.stringify writes it.
    try {
      const escaped = ordered.map(([secret, ref]): [string, string] => [JSON.stringify(secret).slice(1, -1), ref]);
      return JSON.parse(replaceIn(JSON.stringify(value), [...escaped, ...ordered]));
    } catch {
      return null;
    }
  }
  if (Array.isArray(value)) return value.map((v) => rewrite(v, ordered, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) out[replaceIn(key, ordered)] = rewrite(child, ordered, depth + 1);
  return out;
}

/**
 * A copy of `value` where every occurrence of each secret (in keys and values) is replaced by its
 * reference. Longer secrets go first so a secret containing another is replaced whole.
 */
export function replaceSecrets<T>(value: T, refs: ReadonlyMap<string, string>): T {
  const ordered = [...refs.entries()].sort((a, b) => b[0].length - a[0].length);
  return rewrite(value, ordered, 0) as T;
}
