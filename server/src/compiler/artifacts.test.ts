import { describe, expect, it } from 'vitest';
import { createCompiler, extractMemories } from './index.js';
import type { CompilerEvent, StoredMemory } from './types.js';
import { assistant, ev, user } from './test-events.js';

function store(events: CompilerEvent[]): StoredMemory[] {
  return extractMemories(events).map((d, i) => ({
    ...d,
    id: `mem_${String(i).padStart(3, '0')}`,
    mentions: d.mentions ?? 1,
    status: 'active',
    validTo: null,
    lastSeenAt: d.lastSeenAt ?? d.validFrom,
  }));
}

const events = [
  user('I live in Paris and I work at Acme Corp. I love jazz.', '2024-05-10T10:00:00Z', 'ses_a'),
  assistant('Got it.', '2024-05-10T10:00:02Z', 'ses_a'),
  user('Please always answer briefly. Yesterday I went to a jazz concert with Marco.', '2024-05-10T10:01:00Z', 'ses_a'),
  user('I moved to Berlin. Last week I started a pottery class.', '2024-06-10T09:00:00Z', 'ses_b'),
  ev(
    'message',
    { role: 'user', content: 'I hate traffic jams.' },
    { at: '2024-06-11T09:00:00Z', session: 'ses_c', subjectId: 'user-2' },
  ),
];

describe('semantic artifacts', () => {
  const memories = store(events);
  // The learn service closes superseded memories; do the same here for the Paris fact.
  const paris = memories.find((m) => m.content === 'user-1 lives in Paris')!;
  paris.status = 'superseded';
  const compiler = createCompiler();
  const artifacts = compiler.buildArtifacts({ memories, events });
  const byKey = (type: string, key: string) => artifacts.find((a) => a.type === type && a.key === key)!;

  it('builds one profile per subject with facts, preferences and instructions, leaving superseded memories out', () => {
    const p = byKey('profile', 'user-1');
    expect(p.subjectId).toBe('user-1');
    expect(p.title).toBe('Profile of user-1');
    const attrs = p.content.attributes as Record<string, { value: string }>;
    expect(attrs.location.value).toBe('Berlin');
    expect(attrs.employer.value).toBe('Acme Corp');
    const prefs = p.content.preferences as { likes: { content: string }[] };
    expect(prefs.likes.map((l) => l.content)).toEqual(['user-1 likes jazz']);
    expect((p.content.instructions as { content: string }[]).map((i) => i.content)).toEqual([
      'Please always answer briefly.',
    ]);
    expect(p.markdown).toContain('## Instructions for the agent');
    expect(p.markdown).not.toContain('Paris');
    expect(p.sourceMemories).not.toContain(paris.id);
    for (const id of p.sourceMemories) expect(memories.find((m) => m.id === id)?.status).toBe('active');
    expect(p.evidenceCount).toBe(p.sourceMemories.length);
    expect(byKey('profile', 'user-2').content.preferences).toMatchObject({
      dislikes: [expect.objectContaining({ content: 'user-2 dislikes traffic jams' })],
    });
  });

  it('builds a session summary per session with its events and highlights', () => {
    const s = byKey('session_summary', 'ses_a');
    expect(s.sessionId).toBe('ses_a');
    expect(s.content.eventCount).toBe(3);
    expect(s.content.participants).toEqual(['assistant', 'user']);
    expect(s.sourceEvents).toEqual(events.slice(0, 3).map((e) => e.id));
    expect((s.content.highlights as { content: string }[]).some((h) => h.content.includes('jazz concert'))).toBe(true);
    // A highlight's time phrase is dated: read long after the session, "yesterday" names no day.
    expect(s.markdown).toContain('Yesterday (2024-05-09) I went to a jazz concert');
    expect(byKey('session_summary', 'ses_b').markdown).toContain(
      'Last week (the week of 2024-06-03) I started a pottery class',
    );
    expect(
      artifacts
        .filter((a) => a.type === 'session_summary')
        .map((a) => a.key)
        .sort(),
    ).toEqual(['ses_a', 'ses_b', 'ses_c']);
  });

  it('builds a timeline of dated episodes in date order', () => {
    const t = byKey('timeline', 'user-1');
    const entries = t.content.entries as { date: string; content: string }[];
    expect(entries.map((e) => e.date)).toEqual(['2024-05-09', '2024-06-03', '2024-06-10']);
    expect(entries[2].content).toMatch(/moved to Berlin/);
    expect(entries[0].content).toMatch(/jazz concert/);
    expect(t.markdown).toContain('2024-06-03');
  });

  it('builds a digest per namespace', () => {
    const d = byKey('digest', 'ns_default');
    expect(d.content.sessions).toBe(3);
    expect((d.content.subjects as { subject: string }[]).map((s) => s.subject)).toEqual(['user-1', 'user-2']);
    expect(d.content.memoriesByKind).toMatchObject({ instruction: 1, preference: 2 });
    expect(d.sourceMemories.length).toBeGreaterThan(0);
  });

  it('fills every required field and is deterministic', () => {
    for (const a of artifacts) {
      expect(a.title.length).toBeGreaterThan(0);
      expect(a.markdown.startsWith('# ')).toBe(true);
      expect(a.confidence).toBeGreaterThan(0);
      expect(a.confidence).toBeLessThanOrEqual(1);
      expect(a.evidenceCount).toBeGreaterThan(0);
      expect(a.sourceEvents.length).toBeGreaterThan(0);
    }
    expect(JSON.stringify(compiler.buildArtifacts({ memories, events }))).toBe(JSON.stringify(artifacts));
  });

  it('builds only the requested types', () => {
    const only = compiler.buildArtifacts({ memories, events, artifactTypes: ['timeline', 'digest'] });
    expect(new Set(only.map((a) => a.type))).toEqual(new Set(['timeline', 'digest']));
  });
});
