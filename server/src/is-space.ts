/**
 * Whether one UTF-16 code unit is what `\s` matches in a JavaScript regular expression (WhiteSpace
 * and LineTerminator): for loops over text that must agree with `\s` without running a regex per
 * character (word counts at capture, the tokenizer's chunking in retrieval).
 */
export function isSpace(c: number): boolean {
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
