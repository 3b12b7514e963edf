/**
 * Pure helpers of the capture pipeline: the searchable text of an event (retrieval indexes it), its
 * salience score, and the stable hashes that find duplicates and idempotency conflicts.
 */
import crypto from 'node:crypto';
import { isSpace } from '../../../is-space.js';

const MAX_TEXT = 20_000;
/** Metadata keys that name who spoke (LoCoMo turns carry `speaker`). */
const SPEAKER_KEYS = ['speaker', 'speakerName', 'speaker_name', 'author', 'name', 'user'];
/** Metadata keys describing attached media (LoCoMo's `blip_caption`). */
const CAPTION_KEYS = ['blip_caption', 'caption', 'imageCaption', 'image_caption'];

/**
 * JSON with object keys sorted, so equal values hash equally whatever their key order. Built by
 * concatenation (no per-level arrays): it runs over every captured event.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) out += (i === 0 ? '' : ',') + canonicalJson(value[i]);
    return `${out}]`;
  }
  const obj = value as Record<string, unknown>;
  const keys = Object.keys(obj).sort();
  let out = '{';
  let first = true;
  for (const k of keys) {
    const v = obj[k];
    if (v === undefined) continue;
    out += `${first ? '' : ','}${JSON.stringify(k)}:${canonicalJson(v)}`;
    first = false;
  }
  return `${out}}`;
}

/**
 * What an event's content hash is taken over: exactly `canonicalJson({ s, t, p, m, o, n })` (so hashes
 * of stored events keep matching), composed from the payload's and metadata's canonical JSON, which
 * the insert reuses as the stored JSON instead of serialising them again.
 */
export function contentKey(c: {
  sessionId: string;
  type: string;
  payloadJson: string;
  metadataJson: string;
  occurredAt: string | null;
  namespace: string;
}): string {
  const o = c.occurredAt === null ? 'null' : JSON.stringify(c.occurredAt);
  return `{"m":${c.metadataJson},"n":${JSON.stringify(c.namespace)},"o":${o},"p":${c.payloadJson},"s":${JSON.stringify(c.sessionId)},"t":${JSON.stringify(c.type)}}`;
}

/** Hex SHA-256 (the one-shot `crypto.hash` where the runtime has it: no Hash object per call). */
export const sha256: (text: string) => string =
  typeof (crypto as { hash?: unknown }).hash === 'function'
    ? (text) => (crypto as unknown as { hash(a: string, d: string, e: string): string }).hash('sha256', text, 'hex')
    : (text) => crypto.createHash('sha256').update(text).digest('hex');

function str(v: unknown): string | undefined {
  if (typeof v === 'string') return v.trim() === '' ? undefined : v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return undefined;
}

function compact(v: unknown): string {
  const s = typeof v === 'string' ? v : v === undefined || v === null ? '' : JSON.stringify(v);
  return s;
}

/**
 * A tool's input or output as text an agent reads and the index searches: a string as it is, an
 * object as `key: value` pairs, a list's items separated by `;` (a search tool's results read
 * "title: ..., url: ..., snippet: ...; title: ..."), rather than JSON's quotes and braces.
 */
function readable(v: unknown, depth = 0): string {
  if (v === undefined || v === null) return '';
  if (typeof v === 'string') return v;
  if (typeof v !== 'object') return String(v);
  if (depth > 6) return JSON.stringify(v);
  if (Array.isArray(v))
    return v
      .map((x) => readable(x, depth + 1))
      .filter((x) => x.length > 0)
      .join('; ');
  const entries = Object.entries(v as Record<string, unknown>);
  // A wrapper of one list ({ results: [...] }) is its list.
  if (entries.length === 1 && Array.isArray(entries[0]?.[1])) return readable(entries[0][1], depth + 1);
  const out: string[] = [];
  for (const [key, value] of entries) {
    const inner = readable(value, depth + 1);
    if (inner.length === 0) continue;
    out.push(value !== null && typeof value === 'object' ? `${key}: (${inner})` : `${key}: ${inner}`);
  }
  return out.join(', ');
}

/** Every string leaf of a value, in order (for event types without a known shape). */
function leaves(v: unknown, out: string[], depth = 0): void {
  if (depth > 6 || out.length > 200) return;
  if (typeof v === 'string') {
    if (v.trim()) out.push(v);
  } else if (typeof v === 'number' || typeof v === 'boolean') out.push(String(v));
  else if (Array.isArray(v)) for (const x of v) leaves(x, out, depth + 1);
  else if (v && typeof v === 'object') for (const x of Object.values(v)) leaves(x, out, depth + 1);
}

function firstOf(obj: Record<string, unknown>, keys: string[]): string | undefined {
  for (const k of keys) {
    const v = str(obj[k]);
    if (v) return v;
  }
  return undefined;
}

/**
 * The flattened text of an event: `<speaker or role>: <content>` for messages (the speaker named in
 * metadata wins over the role), a readable line per known trace shape, the string leaves otherwise.
 */
export function eventText(type: string, payload: Record<string, unknown>, metadata: Record<string, unknown>): string {
  const parts: string[] = [];
  switch (type) {
    case 'message': {
      const speaker = firstOf(metadata, SPEAKER_KEYS) ?? firstOf(payload, ['speaker', 'name', 'role']);
      const content = compact(payload.content);
      parts.push(speaker ? `${speaker}: ${content}` : content);
      break;
    }
    case 'command_exec':
      parts.push(`$ ${compact(payload.command)}`);
      if (payload.exitCode !== undefined) parts.push(`(exit ${compact(payload.exitCode)})`);
      if (payload.stdout) parts.push(compact(payload.stdout));
      if (payload.stderr) parts.push(compact(payload.stderr));
      break;
    case 'test_run':
      parts.push(`test ${compact(payload.command)}`);
      if (payload.passed !== undefined) parts.push(`passed ${compact(payload.passed)}`);
      if (payload.failed !== undefined) parts.push(`failed ${compact(payload.failed)}`);
      if (payload.output) parts.push(compact(payload.output));
      break;
    case 'tool_call':
      parts.push(`tool ${compact(payload.tool)}: ${readable(payload.input)}`);
      break;
    case 'tool_result':
      parts.push(`tool ${compact(payload.tool)} result: ${readable(payload.output)}`);
      if (payload.error) parts.push(`error: ${readable(payload.error)}`);
      break;
    case 'file_edit':
      parts.push(`edit ${compact(payload.path)}: ${compact(payload.summary)}`);
      if (payload.diff) parts.push(compact(payload.diff));
      break;
    default: {
      const out: string[] = [];
      leaves(payload, out);
      parts.push(out.join(' '));
    }
  }
  const caption = firstOf(metadata, CAPTION_KEYS) ?? firstOf(payload, CAPTION_KEYS);
  if (caption) parts.push(`[image: ${caption}]`);
  const text = parts.join(' ').replace(/\s+/g, ' ').trim();
  return text.length > MAX_TEXT ? text.slice(0, MAX_TEXT) : text;
}

/** Whitespace-separated words, counted without splitting (this runs over every captured event). */
export function wordCount(text: string): number {
  let words = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const space = isSpace(text.charCodeAt(i));
    if (!space && !inWord) words += 1;
    inWord = !space;
  }
  return words;
}
const SALIENT_WORDS =
  /\b(remember|always|never|prefer|favou?rite|love|hate|allergic|important|must|should|don't|deadline|birthday|moved|married|error|failed|fixed|decided)\b/i;

/**
 * A 0..1 prior of how worth remembering an event is: failures, outcomes and feedback rank high,
 * explicit preferences and instructions in messages too; empty chatter low. Deterministic.
 */
export function salienceScore(type: string, payload: Record<string, unknown>, text: string): number {
  let score = 0.4;
  switch (type) {
    case 'outcome':
    case 'feedback':
      score = 0.7;
      break;
    case 'test_run':
      score = Number(payload.failed ?? 0) > 0 ? 0.75 : 0.55;
      break;
    case 'command_exec':
      score = payload.exitCode !== undefined && Number(payload.exitCode) !== 0 ? 0.7 : 0.45;
      break;
    case 'tool_result':
    case 'api_result':
      score = payload.error ? 0.7 : 0.45;
      break;
    case 'file_edit':
      score = 0.55;
      break;
    case 'message':
      score = 0.4;
      break;
  }
  if (SALIENT_WORDS.test(text)) score += 0.15;
  const words = wordCount(text);
  if (words < 3) score -= 0.15;
  else if (words > 12) score += 0.05;
  return Math.round(Math.min(1, Math.max(0, score)) * 1000) / 1000;
}
