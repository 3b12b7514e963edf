/** One id generator: `<prefix>_<ULID>`, time-sortable so ids double as creation order. */
import { getRandomValues } from 'node:crypto';
import { monotonicFactory } from 'ulid';

// ulid's own generator asks the system for one random byte per character (16 calls per id, a
// measurable share of a capture): draw them from a pool of cryptographic randomness instead.
const pool = new Uint32Array(1024);
let next = pool.length;
function pooledRandom(): number {
  if (next === pool.length) {
    getRandomValues(pool);
    next = 0;
  }
  return (pool[next++] as number) / 0x1_0000_0000;
}

const ulid = monotonicFactory(pooledRandom);

export type IdPrefix =
  | 'ten'
  | 'usr'
  | 'key'
  | 'rt'
  | 'evt'
  | 'mem'
  | 'art'
  | 'job'
  | 'edge'
  | 'org'
  | 'team'
  | 'mbr'
  | 'inv'
  | 'agt'
  | 'ns'
  | 'pol'
  | 'lcp'
  | 'aud'
  | 'acc'
  | 'vlt'
  | 'vit'
  | 'viv'
  | 'pack'
  | 'sti'
  | 'req';

export function newId(prefix: IdPrefix): string {
  return `${prefix}_${ulid()}`;
}
