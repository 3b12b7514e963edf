/**
 * Measures of how random a candidate secret is: Shannon entropy and character classes. Each rule
 * sets its own floor, because a 32-character hex token and a typed password are random in
 * different ways.
 */

/** Shannon entropy in bits per character. */
export function entropy(s: string): number {
  if (s.length === 0) return 0;
  const counts = new Map<string, number>();
  for (const ch of s) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let h = 0;
  for (const n of counts.values()) {
    const p = n / s.length;
    h -= p * Math.log2(p);
  }
  return h;
}

export interface Shape {
  lower: boolean;
  upper: boolean;
  digit: boolean;
  symbol: boolean;
  /** How many of the four classes occur. */
  classes: number;
}

export function shape(s: string): Shape {
  const lower = /[a-z]/.test(s);
  const upper = /[A-Z]/.test(s);
  const digit = /[0-9]/.test(s);
  const symbol = /[^A-Za-z0-9]/.test(s);
  return { lower, upper, digit, symbol, classes: +lower + +upper + +digit + +symbol };
}

/** Lower-to-upper case switches: identifiers have a few (camelCase), random letters about one in four. */
export function caseSwitches(s: string): number {
  let n = 0;
  for (let i = 1; i < s.length; i++) {
    const a = s.charCodeAt(i - 1);
    const b = s.charCodeAt(i);
    if (a >= 97 && a <= 122 && b >= 65 && b <= 90) n++;
  }
  return n;
}

/** True when most of `s` repeats with a short period (`abcabcabc`, `A1b2A1b2`): typed filler, not a key. */
export function isRepetitive(s: string): boolean {
  if (s.length < 12) return false;
  for (let p = 1; p <= 12 && p < s.length / 2; p++) {
    let same = 0;
    for (let i = 0; i + p < s.length; i++) if (s[i] === s[i + p]) same++;
    if (same >= (s.length - p) * 0.8) return true;
  }
  return false;
}
