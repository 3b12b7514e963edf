/**
 * A local OpenAI-compatible embeddings server for tests (POST /v1/embeddings), in the test process.
 * It embeds with a simple real method: the text's words are lower-cased, stop words dropped, mapped
 * through a small synonym table to one word per concept, cut into hashed character trigrams (FNV-1a,
 * 4096 buckets), projected to 128 dimensions by a fixed random ±1 matrix (seeded), and normalised.
 * The synonym table is what lets a paraphrase that shares no word with a stored text land next to it,
 * as a trained model would; without it, only shared spelling would bring vectors close.
 * It can be stopped and started again on the same port to play an outage.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

const BUCKETS = 4096;
export const FAKE_DIMENSIONS = 128;

/** Words of one concept share the first word's vector. */
const SYNONYMS: string[][] = [
  ['child', 'kid', 'daughter', 'son'],
  ['love', 'adore', 'enjoy'],
  ['horse', 'pony', 'equestrian'],
  ['ride', 'riding'],
  ['doctor', 'physician'],
  ['medicine', 'antibiotics', 'drugs'],
  ['give', 'gave', 'prescribed'],
];
const CANONICAL = new Map(SYNONYMS.flatMap((group) => group.map((w) => [w, group[0] as string])));
const STOP = new Set([
  'the',
  'a',
  'an',
  'my',
  'our',
  'to',
  'of',
  'at',
  'for',
  'is',
  'was',
  'does',
  'did',
  'which',
  'what',
  'who',
  'and',
  'in',
  'on',
]);

function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Seeded PRNG (mulberry32): the projection is the same in every run. */
function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const random = mulberry32(20261125);
const PROJECTION = Float32Array.from({ length: BUCKETS * FAKE_DIMENSIONS }, () => (random() < 0.5 ? -1 : 1));

export function fakeEmbed(text: string): number[] {
  const out = new Array<number>(FAKE_DIMENSIONS).fill(0);
  for (const raw of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) {
    if (STOP.has(raw)) continue;
    const word = `#${CANONICAL.get(raw) ?? raw}#`;
    for (let i = 0; i + 3 <= word.length; i++) {
      const bucket = fnv1a(word.slice(i, i + 3)) % BUCKETS;
      for (let d = 0; d < FAKE_DIMENSIONS; d++)
        out[d] = (out[d] as number) + (PROJECTION[bucket * FAKE_DIMENSIONS + d] as number);
    }
  }
  const norm = Math.sqrt(out.reduce((s, x) => s + x * x, 0)) || 1;
  return out.map((x) => x / norm);
}

export interface FakeEmbeddingServer {
  url: string;
  /** Texts embedded so far (the query's included). */
  embedded: string[];
  /** Requests seen: their `model`, bearer token and number of texts. */
  requests: Array<{ model: string; authorization?: string; inputs: number }>;
  stop(): Promise<void>;
  /** Starts again on the same port (after `stop`). */
  start(): Promise<void>;
}

export async function startFakeEmbeddingServer(): Promise<FakeEmbeddingServer> {
  const embedded: string[] = [];
  const requests: FakeEmbeddingServer['requests'] = [];
  const make = (): Server =>
    createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        if (req.method !== 'POST' || req.url !== '/v1/embeddings') {
          res.writeHead(404).end();
          return;
        }
        const { model, input } = JSON.parse(body) as { model: string; input: string | string[] };
        const texts = Array.isArray(input) ? input : [input];
        requests.push({ model, authorization: req.headers.authorization, inputs: texts.length });
        embedded.push(...texts);
        const data = texts.map((t, index) => ({ object: 'embedding', index, embedding: fakeEmbed(t) }));
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ object: 'list', model, data, usage: { prompt_tokens: 0, total_tokens: 0 } }));
      });
    });
  let server = make();
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
  await listen(0);
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    embedded,
    requests,
    async stop() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
    async start() {
      server = make();
      await listen(port);
    },
  };
}
