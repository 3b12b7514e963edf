/**
 * The reference ranker of bench-data/README.md, recomputed on the same questions so each run prints
 * its own baseline: plain Okapi BM25 (k1 1.2, b 0.75, lower-cased word tokens, small stop-word list,
 * the session date added to each turn's text) over the raw turns of one conversation.
 */
import type { Conversation } from './locomo.js';

const STOP = new Set(
  'a an and are as at be but by for from has have he her his i in is it its me my of on or our she so that the their them they this to was we were what when where which who why will with you your did do does how'.split(
    ' ',
  ),
);

const tokenize = (text: string) => (text.toLowerCase().match(/[a-z0-9]+/g) ?? []).filter((t) => !STOP.has(t));

export function bm25Baseline(conv: Conversation): (question: string) => string[] {
  const docs = conv.sessions.flatMap((s) =>
    s.turns.map((t) => ({
      id: t.diaId,
      tokens: tokenize(`${t.text} ${s.date.toUTCString().slice(5, 16)}`),
    })),
  );
  const df = new Map<string, number>();
  for (const d of docs) for (const t of new Set(d.tokens)) df.set(t, (df.get(t) ?? 0) + 1);
  const avg = docs.reduce((s, d) => s + d.tokens.length, 0) / docs.length;
  const tfs = docs.map((d) => {
    const m = new Map<string, number>();
    for (const t of d.tokens) m.set(t, (m.get(t) ?? 0) + 1);
    return m;
  });
  return (question) => {
    const q = new Set(tokenize(question));
    const scored = docs.map((d, i) => {
      let s = 0;
      const tf = tfs[i] as Map<string, number>;
      for (const t of q) {
        const f = tf.get(t);
        if (!f) continue;
        const n = df.get(t) ?? 0;
        const idf = Math.log(1 + (docs.length - n + 0.5) / (n + 0.5));
        s += (idf * f * 2.2) / (f + 1.2 * (0.25 + (0.75 * d.tokens.length) / avg));
      }
      return [d.id, s] as const;
    });
    return scored
      .filter(([, s]) => s > 0)
      .sort((a, b) => b[1] - a[1])
      .map(([id]) => id);
  };
}
