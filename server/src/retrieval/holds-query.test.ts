import { describe, expect, it } from 'vitest';
import { holdsQuery } from './holds-query.js';

describe('holdsQuery', () => {
  // Postgres's english lexemes of "How should invoices be sent? happy SSO"
  const holds = holdsQuery(['invoic', 'sent', 'happi', 'sso']);
  it.each([
    ['- Please always email me the invoice, never post it.', true],
    ['Invoices go out monthly', true],
    ['- SSO (organization), 4 mentions', true],
    ["- The kids' happiness matters", true],
    ['- Okta (person), 3 mentions', false],
    ['2026-05-20: 2 events with assistant, user.', false],
    ['### Digest of default', false],
  ])('%s -> %s', (line, expected) => {
    expect(holds(line)).toBe(expected);
  });
});
