/** One id generator: `<prefix>_<ULID>`, time-sortable so ids double as creation order. */
import { monotonicFactory } from 'ulid';

const ulid = monotonicFactory();

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
  | 'req';

export function newId(prefix: IdPrefix): string {
  return `${prefix}_${ulid()}`;
}
