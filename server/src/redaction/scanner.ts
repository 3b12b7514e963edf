/**
 * Finds secrets in captured JSON (payload and metadata, keys and values, recursively) and replaces
 * them by vault references. Pure: no I/O, so it is unit-testable and cheap enough to run on every
 * captured event; strings without any rule anchor are skipped after one regex test.
 */
import {
  ALL_ANCHORS,
  RULES,
  type SecretRule,
  type SecretType,
  isSecretName,
  looksLikePassword,
  looksLikeToken,
} from './rules.js';

export interface Detection {
  /** JSON path of the value holding the secret, e.g. `payload.content`, `metadata.env.DB_URL`. */
  path: string;
  ruleId: string;
  type: SecretType;
  /** The secret itself; only ever handed to the vault, never logged. */
  value: string;
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

type Trie = Map<string, Trie> & { end?: boolean };
/** One regex of all anchors as a prefix trie (`a(?:kia|sia)|g(?:h...)`): far fewer branches per position. */
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
    if (node.end) return '';
    const alts = [...node.entries()].map(([ch, child]) => escapeRegex(ch) + emit(child));
    return alts.length === 1 ? alts[0]! : `(?:${alts.join('|')})`;
  };
  return emit(root);
}
const PREFILTER = new RegExp(trieSource(ALL_ANCHORS));
/** Strings shorter than the shortest secret any rule accepts. */
const MIN_LENGTH = 8;
/** Past this nesting a subtree is scanned as its JSON text, so hostile nesting cannot exhaust the stack. */
const MAX_DEPTH = 100;

interface Span {
  start: number;
  end: number;
  rule: SecretRule;
}

function matchRule(rule: SecretRule, text: string, out: Span[]) {
  rule.pattern.lastIndex = 0;
  for (let m = rule.pattern.exec(text); m !== null; m = rule.pattern.exec(text)) {
    if (m[0].length === 0) rule.pattern.lastIndex += 1;
    let start = m.index;
    let end = m.index + m[0].length;
    if (rule.group !== undefined) {
      const idx = m.indices?.[rule.group];
      if (!idx) continue;
      [start, end] = idx;
    }
    const secret = text.slice(start, end);
    if (rule.accept && !rule.accept(rule.group === undefined ? m[0] : secret)) continue;
    out.push({ start, end, rule });
  }
}

/** Secrets inside one string, non-overlapping, in text order (earlier, then longer, wins). */
export function scanText(
  text: string,
): Array<{ ruleId: string; type: SecretType; value: string; start: number; end: number }> {
  if (text.length < MIN_LENGTH || !PREFILTER.test(text)) return [];
  const spans: Span[] = [];
  for (const rule of RULES) {
    if (rule.anchors.some((a) => text.includes(a))) matchRule(rule, text, spans);
  }
  if (spans.length === 0) return [];
  spans.sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: Span[] = [];
  for (const s of spans) {
    const last = kept[kept.length - 1];
    if (last && s.start < last.end) continue;
    kept.push(s);
  }
  return kept.map((s) => ({
    ruleId: s.rule.id,
    type: s.rule.type,
    value: text.slice(s.start, s.end),
    start: s.start,
    end: s.end,
  }));
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

function walk(value: unknown, path: string, depth: number, out: Detection[]) {
  if (typeof value === 'string') {
    for (const f of scanText(value)) out.push({ path, ruleId: f.ruleId, type: f.type, value: f.value });
    return;
  }
  if (value === null || typeof value !== 'object') return;
  if (depth >= MAX_DEPTH) {
    for (const f of scanText(deepText(value))) out.push({ path, ruleId: f.ruleId, type: f.type, value: f.value });
    return;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) walk(value[i], `${path}[${i}]`, depth + 1, out);
    return;
  }
  for (const [key, child] of Object.entries(value)) {
    // A secret used as a key (rare, but seen in env dumps) is redacted like a value, and kept out of
    // the paths, which are stored in audit entries and item metadata.
    const inKey = scanText(key);
    let safeKey = key;
    for (const f of inKey) safeKey = safeKey.split(f.value).join('<secret>');
    const p = childPath(path, safeKey);
    for (const f of inKey) out.push({ path: `${p}#key`, ruleId: f.ruleId, type: f.type, value: f.value });
    if (typeof child === 'string' && !child.includes('\n')) {
      // `{ "password": "..." }`: the field name says what the value is.
      const kind = isSecretName(key);
      if (kind && (kind === 'password' ? looksLikePassword(child) : looksLikeToken(child))) {
        // Known formats inside the field keep their precise rule (and `Bearer ` stays readable).
        const known = scanText(child);
        if (known.length > 0)
          for (const f of known) out.push({ path: p, ruleId: f.ruleId, type: f.type, value: f.value });
        else
          out.push({
            path: p,
            ruleId: kind === 'password' ? 'password_field' : 'secret_field',
            type: kind,
            value: child,
          });
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
