/**
 * The decoding pass: secrets hidden in base64 runs or URL-encoding. The scanner rescans the decoded
 * text; a finding inside a base64 run redacts the whole run (a part of it would still decode to the
 * secret), and a finding in URL-decoded text maps back to the encoded characters it came from.
 */

/** Base64 (standard or URL-safe) runs long enough to hold a secret. */
export const BASE64_RUN = /(?<![A-Za-z0-9+/=_-])[A-Za-z0-9+/_-]{20,}={0,2}(?![A-Za-z0-9+/=_-])/g;
/** Runs longer than this are files (images, archives), not encoded credentials. */
const MAX_RUN = 16_384;

export interface Base64Run {
  start: number;
  end: number;
  decoded: string;
}

/** Decoded text when `bytes` is mostly printable ASCII, as encoded credentials and configs are. */
function printable(bytes: Buffer): string | undefined {
  if (bytes.length < 8) return undefined;
  let ok = 0;
  for (const b of bytes) if ((b >= 0x20 && b <= 0x7e) || b === 0x0a || b === 0x0d || b === 0x09) ok++;
  return ok >= bytes.length * 0.97 ? bytes.toString('latin1') : undefined;
}

const MIN_RUN = 20;

/** A character of BASE64_RUN's run class `[A-Za-z0-9+/_-]`. */
function isRunChar(c: number): boolean {
  return (
    (c >= 97 && c <= 122) ||
    (c >= 65 && c <= 90) ||
    (c >= 48 && c <= 57) ||
    c === 43 ||
    c === 47 ||
    c === 95 ||
    c === 45
  );
}

/**
 * Whether `text` has MIN_RUN run characters in a row, which any BASE64_RUN match needs: one pass of
 * character codes, so prose (every captured message) skips the regex, whose look-behind is tried at
 * every position.
 */
function mayHoldRun(text: string): boolean {
  let run = 0;
  for (let i = 0; i < text.length; i++) {
    if (!isRunChar(text.charCodeAt(i))) run = 0;
    else if (++run >= MIN_RUN) return true;
  }
  return false;
}

export function base64Runs(text: string): Base64Run[] {
  const out: Base64Run[] = [];
  if (!mayHoldRun(text)) return out;
  BASE64_RUN.lastIndex = 0;
  for (let m = BASE64_RUN.exec(text); m !== null; m = BASE64_RUN.exec(text)) {
    const run = m[0];
    // Encoded text always mixes cases; hex digests, identifiers and words do not.
    if (run.length > MAX_RUN || !/[A-Z]/.test(run) || !/[a-z]/.test(run)) continue;
    const decoded = printable(Buffer.from(run, 'base64'));
    if (decoded !== undefined) out.push({ start: m.index, end: m.index + run.length, decoded });
  }
  return out;
}

export interface UrlDecoded {
  decoded: string;
  /** Index in the original text of each decoded character, plus the text's length at the end. */
  origin: number[];
}

/** Percent-decodes printable ASCII escapes (`%2B`, `%3D`), keeping where each character came from. */
export function urlDecode(text: string): UrlDecoded | undefined {
  if (!text.includes('%') || !/%[2-7][0-9A-Fa-f]/.test(text)) return undefined;
  let decoded = '';
  const origin: number[] = [];
  for (let i = 0; i < text.length; ) {
    if (text[i] === '%' && /^[2-7][0-9A-Fa-f]$/.test(text.slice(i + 1, i + 3))) {
      const code = Number.parseInt(text.slice(i + 1, i + 3), 16);
      if (code >= 0x20 && code <= 0x7e) {
        decoded += String.fromCharCode(code);
        origin.push(i);
        i += 3;
        continue;
      }
    }
    decoded += text[i];
    origin.push(i);
    i++;
  }
  origin.push(text.length);
  return { decoded, origin };
}
