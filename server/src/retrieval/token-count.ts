/**
 * Token counting with a real BPE tokenizer (o200k_base, the encoding of current OpenAI models),
 * bundled with the gpt-tokenizer package: works offline, nothing is downloaded at run time.
 */
import { countTokens, decode, encode } from 'gpt-tokenizer/encoding/o200k_base';

export const TOKENIZER = 'o200k_base';

export function tokenCount(text: string): number {
  return countTokens(text);
}

/** The longest prefix of `text` of at most `max` tokens, ending in an ellipsis when cut. */
export function truncateToTokens(text: string, max: number): string {
  const tokens = encode(text);
  if (tokens.length <= max) return text;
  return `${decode(tokens.slice(0, Math.max(0, max - 1)))}…`;
}
