/**
 * The content hash's input is composed from pieces (the payload's and metadata's canonical JSON, which
 * the insert reuses); it must stay byte for byte the canonical JSON of the whole, or events stored
 * before would stop being found as duplicates.
 */
import { describe, expect, it } from 'vitest';
import { canonicalJson, contentKey, eventText, salienceScore, wordCount } from './normalize.js';

describe('content key', () => {
  const cases = [
    { s: 'sess-1', t: 'message', p: { role: 'user', content: 'hi "there"\n' }, m: {}, o: null, n: 'default' },
    {
      s: 'ß ü 🙂',
      t: 'tool_call',
      p: { z: [1, { b: 2, a: null }], a: 'x' },
      m: { k: 1.5, b: true },
      o: '2026-01-02T03:04:05.000Z',
      n: 'ns "q"',
    },
    {
      s: 's',
      t: 'document',
      p: { nested: { deep: { deeper: ['\u2028', -0, 1e21] } } },
      m: { undef: undefined, x: 'y' },
      o: null,
      n: 'n',
    },
  ];
  it.each(cases)('equals the canonical JSON of the whole (%#)', (c) => {
    const composed = contentKey({
      sessionId: c.s,
      type: c.t,
      payloadJson: canonicalJson(c.p),
      metadataJson: canonicalJson(c.m),
      occurredAt: c.o,
      namespace: c.n,
    });
    expect(composed).toBe(canonicalJson({ s: c.s, t: c.t, p: c.p, m: c.m, o: c.o, n: c.n }));
  });
});

describe('word count', () => {
  it.each([
    ['', 0],
    ['   ', 0],
    ['one', 1],
    [' two  words ', 2],
    ['tab\tand\nnewline\u00a0nbsp\u3000ideographic', 5],
  ])('counts %j as the whitespace split does', (text, n) => {
    expect(wordCount(text)).toBe(n);
    expect(wordCount(text)).toBe(text.split(/\s+/).filter(Boolean).length);
  });

  it('keeps salience as before: short texts down, long ones up', () => {
    expect(salienceScore('message', {}, 'hi there')).toBe(0.25);
    expect(salienceScore('message', {}, 'a b c d e f g h i j k l m')).toBe(0.45);
  });
});

describe('the text of a tool event', () => {
  it('reads a structured input and output as key: value pairs, a list item by item, not as JSON', () => {
    expect(eventText('tool_call', { tool: 'web_search', input: { query: 'pgvector latency', limit: 3 } }, {})).toBe(
      'tool web_search: query: pgvector latency, limit: 3',
    );
    const output = {
      results: [
        { title: 'pgvector 0.7 HNSW benchmarks', url: 'https://example.com/a', snippet: 'p95 31 ms at 1M rows.' },
        { title: 'Weaviate pricing', meta: { plan: 'cloud', from: 25 } },
      ],
    };
    expect(eventText('tool_result', { tool: 'web_search', output }, {})).toBe(
      'tool web_search result: title: pgvector 0.7 HNSW benchmarks, url: https://example.com/a, snippet: p95 31 ms at 1M rows.; title: Weaviate pricing, meta: (plan: cloud, from: 25)',
    );
  });

  it('keeps a plain output as it is, and says the error of a failed call', () => {
    expect(eventText('tool_result', { tool: 'fetch_url', output: 'Free tier 1 GB.' }, {})).toBe(
      'tool fetch_url result: Free tier 1 GB.',
    );
    expect(eventText('tool_result', { tool: 'fetch_url', output: null, error: 'HTTP 403 Forbidden' }, {})).toBe(
      'tool fetch_url result: error: HTTP 403 Forbidden',
    );
  });
});
