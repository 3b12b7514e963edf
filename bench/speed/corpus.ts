/**
 * Synthetic but realistic text for the speed benchmark: sentences about named people drawn from a
 * Zipf-distributed vocabulary (a few very common words, a long tail of rare ones), from a seeded
 * generator so every run sees the same data.
 */

const NAMES = ['Alice', 'Bruno', 'Chen', 'Dana', 'Emeka', 'Farah', 'Goran', 'Hana', 'Ivan', 'Jade', 'Kofi', 'Lena'];
const VERBS = ['likes', 'visited', 'bought', 'fixed', 'prefers', 'planned', 'deployed', 'painted', 'read', 'cooked'];
const SYLLABLES = ['ka', 'lo', 'mi', 'ne', 'ru', 'sa', 'ti', 'vo', 'ze', 'pa', 'qui', 'dor', 'len', 'mar', 'tos'];

export function seededRandom(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A vocabulary of `size` pronounceable words, index 0 the most frequent. */
function vocabulary(size: number, rand: () => number): string[] {
  const words = new Set<string>();
  while (words.size < size) {
    const n = 2 + Math.floor(rand() * 3);
    let w = '';
    for (let i = 0; i < n; i++) w += SYLLABLES[Math.floor(rand() * SYLLABLES.length)];
    words.add(w);
  }
  return [...words];
}

export function createCorpus(seed = 42, vocabSize = 20_000) {
  const rand = seededRandom(seed);
  const vocab = vocabulary(vocabSize, rand);
  // Zipf(s = 1) sampling by inverse CDF over precomputed cumulative weights.
  const cumulative: number[] = [];
  let total = 0;
  for (let i = 0; i < vocab.length; i++) {
    total += 1 / (i + 1);
    cumulative.push(total);
  }
  const word = () => {
    const x = rand() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cumulative[mid] as number) < x) lo = mid + 1;
      else hi = mid;
    }
    return vocab[lo] as string;
  };
  const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)] as T;
  return {
    rand,
    sentence(): string {
      const n = 6 + Math.floor(rand() * 14);
      const words = Array.from({ length: n }, word);
      return `${pick(NAMES)} ${pick(VERBS)} ${words.join(' ')}.`;
    },
    question(): string {
      const n = 2 + Math.floor(rand() * 4);
      return `What did ${pick(NAMES)} say about ${Array.from({ length: n }, word).join(' ')}?`;
    },
  };
}
