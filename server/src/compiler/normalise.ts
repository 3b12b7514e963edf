/**
 * Text normalisation shared by every compiler step: word tokens, stop words, Porter stems (the
 * `stemmer` package), dedupe keys for near-duplicate merging and error signatures for playbooks.
 * Everything here is cheap and allocation-light because it runs on every statement of a learn run.
 */
import { createHash } from 'node:crypto';
import { stemmer } from 'stemmer';

const WORD = /[a-z0-9\u00c0-\u024f][a-z0-9\u00c0-\u024f'’-]*/g;

/** Function words and fillers that carry no identity for a memory ("I really love hiking" = "I love hiking"). */
export const STOP_WORDS = new Set(
  (
    'a an the and or but if then so to of in on at by for with from into onto about as is am are was were be been ' +
    'being do does did doing have has had having i me my mine myself you your yours we our ours us he him his she ' +
    'her hers it its they them their this that these those there here what which who whom whose when where why how ' +
    'all any both each few more most other some such no nor not only own same than too very can will just should ' +
    "would could now also really quite actually pretty much lot lots gonna wanna im i'm i've i'd i'll it's that's " +
    "don't didn't doesn't isn't wasn't aren't can't won't oh yeah yes ok okay well hey hi hello wow like totally so"
  ).split(/\s+/),
);

/** Lower-cased word tokens (letters/digits, inner apostrophes and hyphens kept). */
export function words(text: string): string[] {
  return text.toLowerCase().match(WORD) ?? [];
}

const stemCache = new Map<string, string>();

/** Porter stem of one lower-cased word, memoised (conversations repeat their vocabulary). */
export function stem(word: string): string {
  let s = stemCache.get(word);
  if (s === undefined) {
    s = stemmer(word.replace(/['’]s$/, '').replace(/['’]/g, ''));
    if (stemCache.size < 200_000) stemCache.set(word, s);
  }
  return s;
}

/** Stems of the content words of a text, in order. */
export function contentStems(text: string): string[] {
  const out: string[] = [];
  for (const w of words(text)) if (!STOP_WORDS.has(w)) out.push(stem(w));
  return out;
}

/** Whether two phrases name the same thing, up to stop words and word endings ("green tea", "Green Teas"). */
export function sameThing(a: string, b: string): boolean {
  const x = contentStems(a);
  const y = contentStems(b);
  return x.length > 0 && x.length === y.length && x.every((w, i) => w === y[i]);
}

/** Whether a value's head (its last content word) is `head`: "PhD student" is a student. */
export function sameHead(value: string, head: string): boolean {
  const x = contentStems(value);
  const y = contentStems(head);
  return x.length > 0 && y.length === 1 && x[x.length - 1] === y[0];
}

/** Stable short hash used for keys that may be long. */
export function shortHash(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 24);
}

/**
 * The dedupe key of a memory: kind + subject + the stems of its content words (order kept, repeats
 * removed). Punctuation, case, fillers and inflection do not change it.
 */
export function dedupeKeyOf(kind: string, subject: string | null, content: string): string {
  const seen = new Set<string>();
  const stems: string[] = [];
  for (const s of contentStems(content)) {
    if (!seen.has(s)) {
      seen.add(s);
      stems.push(s);
    }
  }
  const base = stems.length > 0 ? stems.join(' ') : content.toLowerCase().trim();
  const key = `${kind}:${subject === null ? '' : subjectSlug(subject)}|${base}`;
  // Readable while short; hashed past 160 characters to keep index entries small.
  return key.length <= 160 ? key : `${kind}:${shortHash(key)}`;
}

/** A subject as used inside keys: lower-cased, spaces collapsed. */
export function subjectSlug(subject: string): string {
  return subject.trim().toLowerCase().replace(/\s+/g, '-');
}

/**
 * An error message reduced to its stable shape: the first line that looks like an error, with
 * paths, URLs, quoted strings, hex, UUIDs/ids and numbers replaced by placeholders, so the same
 * failure in another file or run gets the same signature.
 */
export function errorSignature(text: string): string | null {
  if (!text) return null;
  const lines = text
    .slice(0, 20_000)
    .split(/\r?\n/)
    .map((l) => l.slice(0, 2000).trim());
  const errorLine =
    lines.find((l) => /\b([A-Z][A-Za-z]*(Error|Exception)|error\s+TS\d+|ERR_[A-Z_]+|E[A-Z]{3,})\b/.test(l)) ??
    lines.find((l) => /\b(error|failed|failure|cannot|can't|not found|denied|refused|timeout|timed out)\b/i.test(l)) ??
    lines.find((l) => l !== '');
  if (!errorLine) return null;
  const sig = normaliseVariableParts(errorLine).slice(0, 160);
  return sig === '' ? null : sig;
}

/** Replace the parts of a message that vary between occurrences of the same problem. */
const ANSI_COLOUR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

export function normaliseVariableParts(line: string): string {
  // Capped first: the path patterns backtrack on long unbroken words, and a signature is short anyway.
  return line
    .slice(0, 400)
    .replace(ANSI_COLOUR, '')
    .replace(/\b[a-z][a-z0-9+.-]*:\/\/\S+/gi, '<url>')
    .replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, '<id>')
    .replace(/\b[a-z]{2,5}_[0-9A-Za-z]{8,}\b/g, '<id>')
    .replace(/\b0x[0-9a-f]+\b/gi, '<hex>')
    .replace(/\b[0-9a-f]{7,}\b/gi, (m) => (/\d/.test(m) ? '<hex>' : m))
    .replace(/(?:[A-Za-z]:)?(?:\.{0,2}\/|\\)?(?:[\w.@-]+[/\\])+[\w.@-]+(?::\d+)*(?::\d+)?/g, '<path>')
    .replace(
      /\b[\w-]+\.(?:ts|tsx|js|jsx|mjs|cjs|py|rb|go|rs|java|json|ya?ml|toml|md|css|html|sh|sql)\b(?::\d+)*/g,
      '<path>',
    )
    .replace(/(["'`])(?:(?!\1).){1,200}\1/g, '<str>')
    .replace(/\b\d+(?:\.\d+)*\b/g, '<n>')
    .replace(/\s+/g, ' ')
    .trim();
}
