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

export const TOKENIZER = 'o200k_base';

const CACHE_LIMIT = 200_000;
const chunkCounts = new Map<string, number>();

/** \s of the tokenizer's (Unicode) regular expressions, for one UTF-16 code unit. */
function isSpace(c: number): boolean {
  if (c === 32 || (c >= 9 && c <= 13)) return true;
  if (c < 128) return false;
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

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
  let total = 0;
  let start = 0;
  for (let i = 1; i < text.length - 1; i++) {
    if (text.charCodeAt(i) !== 32) continue;
    if (isSpace(text.charCodeAt(i - 1)) || isSpace(text.charCodeAt(i + 1))) continue;
    total += chunkCount(text.slice(start, i));
    start = i;
  }
  return text.length === 0 ? 0 : total + chunkCount(text.slice(start));
}

/** The longest prefix of `text` of at most `max` tokens, ending in an ellipsis when cut. */
export function truncateToTokens(text: string, max: number): string {
  const tokens = encode(text);
  if (tokens.length <= max) return text;
  return `${decode(tokens.slice(0, Math.max(0, max - 1)))}…`;
}
