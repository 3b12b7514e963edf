/**
 * What the agent reads (issue 28), through HTTP: an artifact keeps only the lines that add something,
 * and a heading whose lines were all left out goes with them (a digest's `#### Key facts` said
 * already by the memories above it).
 */
import { describe, expect, it } from 'vitest';
import { expectStatus, newTenant, useTestServer } from '../helpers/index.js';

const server = useTestServer();

/** Headings with nothing under them: the next line is a heading of the same level or above, or there is none. */
function emptyHeadings(context: string): string[] {
  const lines = context.split('\n').filter((l) => l.trim().length > 0);
  const level = (l: string | undefined) => /^(#{1,6})\s/.exec(l ?? '')?.[1]?.length ?? 0;
  return lines.filter(
    (l, i) => level(l) > 0 && (i === lines.length - 1 || (level(lines[i + 1]) > 0 && level(lines[i + 1]) <= level(l))),
  );
}

describe('synthesize: no heading left empty', () => {
  it("drops a digest's heading whose lines were all said already", async () => {
    const { apiKey } = await newTenant(server, 'empty-heading');
    const api = server.api(apiKey);
    for (const [content, occurredAt] of [
      ['I live in Lisbon and I prefer short answers.', '2026-03-01T10:00:00Z'],
      ['I am allergic to peanuts.', '2026-03-01T10:01:00Z'],
    ]) {
      expectStatus(
        await api.capture.capture({
          body: {
            type: 'message',
            sessionId: 'chat',
            subjectId: 'dana',
            occurredAt,
            payload: { role: 'user', content },
          },
        }),
        201,
      );
      expectStatus(await api.learn.learn({ body: { subjectId: 'dana', wait: true } }), 200);
    }
    const pack = expectStatus(
      await api.synthesize.synthesize({
        body: {
          query: 'Where does dana live, what is she allergic to, and what does the digest say?',
          options: { maxTokens: 2000 },
        },
      }),
      200,
    ).body.data;
    expect(pack.context).toMatch(/^### Digest/m);
    expect(emptyHeadings(pack.context)).toEqual([]);
    // The heading went with its lines: they were said above, by the memories.
    expect(pack.context).not.toMatch(/^#### Key facts$/m);
    expect(pack.context).toMatch(/^- \[2026-03-01\] dana lives in Lisbon$/m);
  });
});
