import { describe, expect, it } from 'vitest';
import { countsQuery, holdsQuery } from './holds-query.js';

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

describe('countsQuery', () => {
  // "What is the p95 latency of pgvector?"
  const count = countsQuery(['p95', 'latenc', 'pgvector']);
  it.each([
    ['title: pgvector 0.7 HNSW benchmarks, snippet: pgvector HNSW p95 31 ms at 1M rows;', 2],
    ['p95 12 ms on 1M vectors.', 1],
    ['Latency matters; pgvector is on Postgres; so is its p95.', 3],
    ['Weaviate Cloud starts at $25 per month.', 0],
  ])('%s -> %i', (text, expected) => {
    expect(count(text)).toBe(expected);
  });
});

describe('holdsQuery on hyphenated words', () => {
  it('reads an id written with a dash as PostgreSQL indexes it, its parts and its signed number', () => {
    // "What is the status of order A-10087?": 'order', 'status', '-10087' (and its twin '10087').
    expect(holdsQuery(['-10087'])('The kettle from #A-10087 arrived broken.')).toBe(true);
    expect(holdsQuery(['10087'])('Ticket A-10087 closed')).toBe(true);
    expect(holdsQuery(['state'])('a state-of-the-art tool')).toBe(true);
    expect(holdsQuery(['-10023'])('The kettle from #A-10087 arrived broken.')).toBe(false);
  });
});
