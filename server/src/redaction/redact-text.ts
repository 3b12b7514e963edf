/**
 * Free text stored outside the vault (a synthesize query in the access log): each secret found is
 * replaced by `[redacted:<rule>]`. The value is not kept anywhere; a caller who wants it kept stores
 * it in a vault.
 */
import { scanText } from './scanner.js';

export function redactText(text: string): string {
  const findings = scanText(text);
  if (findings.length === 0) return text;
  let out = '';
  let at = 0;
  for (const f of findings) {
    out += `${text.slice(at, f.start)}[redacted:${f.ruleId}]`;
    at = f.end;
  }
  return out + text.slice(at);
}
