/**
 * Token counting with a real BPE tokenizer (o200k_base, the encoding of current OpenAI models),
 * bundled with the gpt-tokenizer package: works offline, nothing is downloaded at run time.
 *
 * Synthesize counts every candidate line and then the whole context, so the same words are counted
 * again and again. The count is exact and additive over "chunks": the o200k pre-tokenizer never puts
 * a space inside a piece except as its first character, so a single space between two non-space
 * characters always starts a new piece, and the text splits there into chunks whose counts add up.
 * Chunk counts are cached; test/synthesize checks the sum against the library on varied text.
 */
import { countTokens, decode, encode } from 'gpt-tokenizer/encoding/o200k_base';
import { isSpace } from '../is-space.js';

export const TOKENIZER = 'o200k_base';

const CACHE_LIMIT = 200_000;
const chunkCounts = new Map<string, number>();

function chunkCount(chunk: string): number {
  let n = chunkCounts.get(chunk);
  if (n === undefined) {
    n = countTokens(chunk);
    // A full cache starts over: cheaper than LRU bookkeeping, and the hot words come back at once.
    if (chunkCounts.size >= CACHE_LIMIT) chunkCounts.clear();
    chunkCounts.set(chunk, n);
  }
  return n;
}

export function tokenCount(text: string): number {
  if (text.length === 0) return 0;
  const bounds = chunkBounds(text);
  let total = 0;
  for (let i = 0; i < bounds.length - 1; i++) total += chunkCount(text.slice(bounds[i], bounds[i + 1]));
  return total;
}

/**
 * A prefix of `text` of at most `max` tokens ending in an ellipsis when cut, the whole text when it
 * fits. Cut at a chunk (word) boundary and counted from the chunk cache, so long texts that come
 * back query after query (profiles, digests) are not re-encoded; a first chunk longer than the
 * budget (a URL, a blob) is cut by the tokenizer itself.
 */
export function truncateToTokens(text: string, max: number): string {
  const bounds = chunkBounds(text);
  const counts = bounds.slice(1).map((b, i) => chunkCount(text.slice(bounds[i], b)));
  if (counts.reduce((a, b) => a + b, 0) <= max) return text;
  let kept = 0;
  let used = 0;
  while (kept < counts.length && used + (counts[kept] as number) <= max - 1) used += counts[kept++] as number;
  // The ellipsis may merge with the last characters kept: verify, dropping chunks if ever needed.
  for (; kept > 0; kept--) {
    const cut = `${text.slice(0, bounds[kept]).trimEnd()}…`;
    if (tokenCount(cut) <= max) return cut;
  }
  // Fewer tokens until they decode to a true prefix (a token boundary can split a character).
  const tokens = encode(text);
  for (let n = Math.max(0, max - 1); n > 0; n--) {
    const prefix = decode(tokens.slice(0, n));
    if (text.startsWith(prefix) && tokenCount(`${prefix}…`) <= max) return `${prefix}…`;
  }
  return max >= 1 ? '…' : '';
}

/** Start offsets of the chunks of `text` (see tokenCount), then its length. */
function chunkBounds(text: string): number[] {
  const bounds = [0];
  for (let i = 1; i < text.length - 1; i++) {
    if (text.charCodeAt(i) !== 32) continue;
    if (isSpace(text.charCodeAt(i - 1)) || isSpace(text.charCodeAt(i + 1))) continue;
    bounds.push(i);
  }
  bounds.push(text.length);
  return bounds;
}
