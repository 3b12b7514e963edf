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
