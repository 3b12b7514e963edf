import { describe, expect, it } from 'vitest';
import { segmentEvent, splitSentences } from './segment.js';
import { ev } from './test-events.js';

describe('splitSentences', () => {
  it('splits on sentence punctuation and newlines but not after abbreviations or inside numbers', () => {
    expect(
      splitSentences(
        'I met Dr. Alice Brown at 3.30 today. She works for Acme Inc. in Berlin! I work at Acme Corp. Did you?\nNew line here',
      ),
    ).toEqual([
      'I met Dr. Alice Brown at 3.30 today.',
      'She works for Acme Inc. in Berlin!',
      'I work at Acme Corp.',
      'Did you?',
      'New line here',
    ]);
  });

  it('keeps a sentence that ends without punctuation and ignores blank lines', () => {
    expect(splitSentences('  hello there  \n\n')).toEqual(['hello there']);
  });
});

describe('segmentEvent', () => {
  it('keeps speaker (from metadata), subject and time of each sentence of a LoCoMo-style turn', () => {
    const e = ev(
      'message',
      { role: 'user', content: 'Hey Mel! I went to a support group yesterday. It was so powerful.' },
      { at: '2023-05-08T13:56:00Z', subjectId: null, metadata: { speaker: 'Caroline', diaId: 'D1:3' } },
    );
    const st = segmentEvent(e);
    expect(st.map((s) => s.text)).toEqual(['Hey Mel!', 'I went to a support group yesterday.', 'It was so powerful.']);
    for (const s of st) {
      expect(s.speaker).toBe('Caroline');
      expect(s.subject).toBe('Caroline');
      expect(s.eventId).toBe(e.id);
      expect(s.occurredAt.toISOString()).toBe('2023-05-08T13:56:00.000Z');
    }
    expect(st.map((s) => s.index)).toEqual([0, 1, 2]);
  });

  it('uses the subjectId as subject when no speaker is named, and maps roles', () => {
    const u = segmentEvent(
      ev(
        'message',
        { role: 'human', content: 'I live in Paris.' },
        { at: '2024-01-01T00:00:00Z', subjectId: 'user-9' },
      ),
    );
    expect(u[0].role).toBe('user');
    expect(u[0].subject).toBe('user-9');
    const a = segmentEvent(
      ev('message', { role: 'assistant', content: 'Noted.' }, { at: '2024-01-01T00:00:00Z', subjectId: null }),
    );
    expect(a[0].role).toBe('assistant');
    expect(a[0].subject).toBe('assistant');
  });

  it('reads content given as a list of parts and flags questions', () => {
    const st = segmentEvent(
      ev(
        'message',
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Where do I start?' },
            { type: 'text', text: 'I like tea.' },
          ],
        },
        { at: '2024-01-01T00:00:00Z' },
      ),
    );
    expect(st.map((s) => [s.text, s.isQuestion])).toEqual([
      ['Where do I start?', true],
      ['I like tea.', false],
    ]);
  });

  it('gives no statements for agent-trace events', () => {
    expect(segmentEvent(ev('command_exec', { command: 'ls', exitCode: 0 }, { at: '2024-01-01T00:00:00Z' }))).toEqual(
      [],
    );
  });
});
