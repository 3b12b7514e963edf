/**
 * What the agent reads (issue 28), tried as a research agent uses it: one run that calls a search tool
 * and a fetch tool (structured results, one failed call), writes a draft document and hears the
 * team's decision. Captured, learned once, then the questions asked of that research later. Each test
 * failed on the context before its fix.
 */
import type { CaptureEvent } from '@hx-memory/contract';
import type { Hx } from '@hx-memory/sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { learnedTenant, useTestServer } from '../helpers/index.js';

const server = useTestServer();
const at = (minute: number) => new Date(Date.UTC(2026, 9, 5, 14, minute)).toISOString();
const session = 'research-1';

const EVENTS: CaptureEvent[] = [
  {
    type: 'message',
    payload: { role: 'user', content: 'Compare vector databases for our RAG service: we need hybrid search.' },
  },
  {
    type: 'tool_call',
    payload: { tool: 'web_search', input: { query: 'pgvector vs qdrant vs weaviate hybrid search' } },
  },
  {
    type: 'tool_result',
    payload: {
      tool: 'web_search',
      output: {
        results: [
          {
            title: 'Qdrant 1.10 adds hybrid search with sparse vectors',
            url: 'https://qdrant.tech/blog/hybrid',
            snippet:
              'Qdrant supports sparse and dense hybrid queries in one request, with filters on any payload field.',
          },
          {
            title: 'Weaviate Cloud pricing explained',
            url: 'https://weaviate.io/pricing',
            snippet: 'Weaviate Cloud starts at $25 per month; hybrid BM25 and vector search is built in.',
          },
          {
            title: 'pgvector 0.7 HNSW benchmarks',
            url: 'https://example.com/pgvector-hnsw',
            snippet: 'pgvector HNSW p95 31 ms at 1M rows; hybrid search needs tsvector and a manual fusion.',
          },
        ],
      },
    },
  },
  { type: 'tool_call', payload: { tool: 'fetch_url', input: { url: 'https://pinecone.io/pricing' } } },
  {
    type: 'tool_result',
    payload: { tool: 'fetch_url', output: null, error: 'HTTP 403 Forbidden: blocked by Cloudflare' },
  },
  {
    type: 'message',
    payload: { role: 'user', content: 'Great. We decided to go with Qdrant. Keep the comparison doc updated.' },
  },
].map((event, i) => ({ ...event, sessionId: session, occurredAt: at(i) }) as CaptureEvent);

let hx: Hx;

beforeAll(async () => {
  hx = await learnedTenant(server, 'research', EVENTS);
});

describe('synthesize: structured tool results', () => {
  it('reads a search tool result as text, not JSON', async () => {
    const pack = await hx.synthesize('weaviate pricing per month', { maxTokens: 600 });
    const line = pack.context.split('\n').find((l) => l.includes('tool web_search result:')) ?? '';
    expect(line, pack.context).toContain('title: Weaviate Cloud pricing explained, url: https://weaviate.io/pricing');
    expect(line).not.toMatch(/[{}"]/);
  });

  it('keeps the result the question asks about when a long result line is cut', async () => {
    // 150 tokens: the search result's line is cut to its share; the pgvector figure is its third result.
    const pack = await hx.synthesize('What is the p95 latency of pgvector?', { maxTokens: 150 });
    expect(pack.context, pack.context).toContain('pgvector HNSW p95 31 ms at 1M rows');
    expect(pack.context).toMatch(/tool web_search result: … /);
  });
});

describe('synthesize: a team decision', () => {
  it('learns "we decided to go with Qdrant" as what the team uses', async () => {
    const memories = await hx.memories.list({ kind: 'preference' });
    expect(memories.items.map((m) => m.content)).toContainEqual(expect.stringMatching(/uses Qdrant$/));
    const pack = await hx.synthesize('Which vector database do we use?', { maxTokens: 300 });
    expect(pack.context, pack.context).toMatch(/uses Qdrant/);
  });
});
