/**
 * Semantic artifacts built from stored memories: a profile per subject (facts, preferences,
 * instructions), a summary per session, a timeline of dated episodes per subject and a digest per
 * namespace. Content is structured for machines and mirrored as markdown for prompts and people.
 */
import { STOP_WORDS, subjectSlug, words } from './normalise.js';
import { PHATIC_WORDS } from './phatic.js';
import { mondayOf, noteAfter, phraseWords } from './resolve-dates.js';
import { withoutRepeatedEpisodes } from './repeats.js';
import { proseOf } from './segment.js';
import type { ArtifactDraft, CompilerEvent, StoredMemory } from './types.js';

/** "1 event", "3 events": artifacts are read by agents and people, in words. */
function counted(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

const MAX_ITEMS = 50;

function subjectOf(m: StoredMemory): string {
  const s = m.attributes.subject;
  return typeof s === 'string' && s !== '' ? s : (m.subjectId ?? 'user');
}

function groupBy<T>(items: T[], key: (t: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const it of items) {
    const k = key(it);
    const list = out.get(k);
    if (list) list.push(it);
    else out.set(k, [it]);
  }
  return out;
}

function byStrength(a: StoredMemory, b: StoredMemory): number {
  return b.confidence - a.confidence || b.mentions - a.mentions || a.id.localeCompare(b.id);
}

function union(lists: string[][]): string[] {
  const s = new Set<string>();
  for (const l of lists) for (const x of l) s.add(x);
  return [...s];
}

function mean(xs: number[]): number {
  return xs.length === 0 ? 0 : Math.round((xs.reduce((a, b) => a + b, 0) / xs.length) * 1000) / 1000;
}

function day(d: Date | string | null): string {
  if (d === null) return '';
  return (typeof d === 'string' ? d : d.toISOString()).slice(0, 10);
}

function commonSubjectId(ms: StoredMemory[], fallback: string): string | null {
  const ids = new Set(ms.map((m) => m.subjectId));
  if (ids.size === 1) {
    const only = [...ids][0];
    if (only !== null) return only;
  }
  return fallback;
}

function base(ms: StoredMemory[]) {
  return {
    confidence: mean(ms.map((m) => m.confidence)),
    evidenceCount: ms.reduce((s, m) => s + m.mentions, 0),
    sourceEvents: union(ms.map((m) => m.sourceEventIds)),
    sourceMemories: ms.map((m) => m.id),
  };
}

/** The identity of a subject's artifact (profile, timeline): keyed by the subject, in the group's namespace. */
function subjectArtifact(type: 'profile' | 'timeline', name: string, ms: StoredMemory[]) {
  return {
    type,
    key: subjectSlug(name),
    namespace: ms[0].namespace,
    subjectId: commonSubjectId(ms, name),
    sessionId: null,
  };
}

const item = (m: StoredMemory) => ({
  memoryId: m.id,
  content: m.content,
  confidence: m.confidence,
  mentions: m.mentions,
  since: day(m.validFrom),
});

export function buildProfiles(memories: StoredMemory[]): ArtifactDraft[] {
  // A thing done that ended a value ("finished reading Dune") is no trait: the episode tells it.
  const relevant = memories.filter(
    (m) => (m.kind === 'fact' && m.attributes.happened !== true) || m.kind === 'preference' || m.kind === 'instruction',
  );
  const out: ArtifactDraft[] = [];
  for (const [subject, ms] of groupBy(relevant, (m) => `${m.namespace}|${subjectOf(m)}`)) {
    const name = subject.slice(subject.indexOf('|') + 1);
    const sorted = [...ms].sort(byStrength);
    const attributes = sorted
      .filter((m) => m.kind === 'fact' && typeof m.attributes.attribute === 'string')
      .slice(0, MAX_ITEMS);
    const otherFacts = sorted
      .filter((m) => m.kind === 'fact' && typeof m.attributes.attribute !== 'string')
      .slice(0, MAX_ITEMS);
    const prefs = sorted.filter((m) => m.kind === 'preference');
    const pol = (p: string) => prefs.filter((m) => m.attributes.polarity === p).slice(0, MAX_ITEMS);
    const likes = pol('like');
    const dislikes = pol('dislike');
    const wants = pol('want');
    const instructions = sorted.filter((m) => m.kind === 'instruction').slice(0, MAX_ITEMS);
    const used = [...attributes, ...otherFacts, ...likes, ...dislikes, ...wants, ...instructions];
    const content = {
      subject: name,
      attributes: Object.fromEntries(
        attributes.map((m) => [String(m.attributes.attribute), { value: m.attributes.value, ...item(m) }]),
      ),
      facts: otherFacts.map(item),
      preferences: { likes: likes.map(item), dislikes: dislikes.map(item), wants: wants.map(item) },
      instructions: instructions.map(item),
    };
    const section = (title: string, list: StoredMemory[]) =>
      list.length === 0
        ? ''
        : `\n## ${title}\n${list.map((m) => `- ${m.content} (since ${day(m.validFrom)}, confidence ${m.confidence.toFixed(2)})`).join('\n')}\n`;
    const markdown =
      `# Profile: ${name}\n` +
      section('Facts', [...attributes, ...otherFacts]) +
      section('Likes', likes) +
      section('Dislikes', dislikes) +
      section('Wants and plans', wants) +
      section('Instructions for the agent', instructions);
    out.push({
      ...subjectArtifact('profile', name, ms),
      title: `Profile of ${name}`,
      content,
      markdown,
      ...base(used),
    });
  }
  return out;
}

/**
 * An episode's content with the date learn resolved written after its time phrase ("Last Friday
 * (2023-12-15), I had a milestone moment"): a session's highlights are read long after the session,
 * where "last Friday" names no day. Other memories, and episodes whose phrase is not found, as they are.
 */
function withItsDate(m: StoredMemory): string {
  const { datePhrase: phrase, date, dateGranularity: granularity } = m.attributes;
  if (m.kind !== 'episode' || typeof phrase !== 'string' || typeof date !== 'string' || date.length === 0)
    return m.content;
  if (m.content.includes(`${phraseWords(phrase)} (`)) return m.content;
  const day = new Date(`${date.slice(0, 10)}T00:00:00Z`);
  const monday = Number.isNaN(day.getTime()) ? date : mondayOf(day).toISOString().slice(0, 10);
  return noteAfter(m.content, phrase, granularity === 'week' ? `(the week of ${monday})` : `(${date})`);
}

export function buildTimelines(memories: StoredMemory[]): ArtifactDraft[] {
  // An episode that only repeats a fact ("I moved to Porto last month, I live in Porto now") is not
  // listed: the profile says the fact; the episode itself stays a memory for "when" questions.
  const episodes = withoutRepeatedEpisodes(memories).filter((m) => m.kind === 'episode');
  const out: ArtifactDraft[] = [];
  for (const [k, ms] of groupBy(episodes, (m) => `${m.namespace}|${subjectOf(m)}`)) {
    const name = k.slice(k.indexOf('|') + 1);
    const dated = (m: StoredMemory) => m.occurredAt ?? m.validFrom;
    const sorted = [...ms].sort((a, b) => dated(a).getTime() - dated(b).getTime() || a.id.localeCompare(b.id));
    const entries = sorted.map((m) => ({
      date: typeof m.attributes.date === 'string' ? m.attributes.date : day(dated(m)),
      datePhrase: m.attributes.datePhrase ?? null,
      dateResolved: m.attributes.dateResolved === true,
      content: m.content,
      memoryId: m.id,
      confidence: m.confidence,
    }));
    const markdown = `# Timeline: ${name}\n\n${entries.map((e) => `- ${e.date}: ${e.content}${e.datePhrase ? ` ("${e.datePhrase}")` : ''}`).join('\n')}\n`;
    out.push({
      ...subjectArtifact('timeline', name, ms),
      title: `Timeline of ${name}`,
      content: { subject: name, from: entries[0].date, to: entries[entries.length - 1].date, entries },
      markdown,
      ...base(sorted),
    });
  }
  return out;
}

/**
 * The content words most of a session's turns use (names and stop words left out): counted once per
 * turn, so one sentence saying "Porto" twice does not make it a topic.
 */
function topics(texts: string[], n: number): string[] {
  const counts = new Map<string, number>();
  for (const t of texts)
    for (const w of new Set(words(t))) {
      if (w.length < 4 || STOP_WORDS.has(w) || PHATIC_WORDS.has(w) || /^\d/.test(w)) continue;
      counts.set(w, (counts.get(w) ?? 0) + 1);
    }
  return [...counts.entries()]
    .filter(([, c]) => c >= 2)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, n)
    .map(([w]) => w);
}

export function buildSessionSummaries(events: CompilerEvent[], memories: StoredMemory[]): ArtifactDraft[] {
  const memsBySession = groupBy(
    memories.filter((m) => m.sessionId !== null && m.kind !== 'entity'),
    (m) => m.sessionId!,
  );
  const out: ArtifactDraft[] = [];
  for (const [sessionId, evs] of groupBy(events, (e) => e.sessionId)) {
    const sorted = [...evs].sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime() || a.id.localeCompare(b.id));
    const byType: Record<string, number> = {};
    const participants = new Set<string>();
    const prose: string[] = [];
    let failures = 0;
    let outcome: string | null = null;
    for (const e of sorted) {
      byType[e.type] = (byType[e.type] ?? 0) + 1;
      const speaker = e.metadata.speaker ?? e.payload.speaker ?? e.payload.role;
      if (typeof speaker === 'string') participants.add(speaker);
      if (e.type === 'message' || e.type === 'document' || e.type === 'observation') {
        const t = proseOf(e);
        if (t) prose.push(t);
      }
      if (
        (e.type === 'command_exec' && typeof e.payload.exitCode === 'number' && e.payload.exitCode !== 0) ||
        (e.type === 'test_run' && typeof e.payload.failed === 'number' && e.payload.failed > 0)
      )
        failures++;
      if (e.type === 'outcome') {
        const s = e.payload.status ?? e.payload.result ?? e.payload.success;
        outcome = typeof s === 'string' ? s : typeof s === 'boolean' ? (s ? 'success' : 'failure') : outcome;
      }
    }
    const ms = withoutRepeatedEpisodes([...(memsBySession.get(sessionId) ?? [])]).sort(byStrength);
    const highlights = ms.slice(0, 12);
    const first = sorted[0].occurredAt;
    const last = sorted[sorted.length - 1].occurredAt;
    const topicList = topics(prose, 8);
    const who = [...participants].sort();
    const content = {
      sessionId,
      startedAt: first.toISOString(),
      endedAt: last.toISOString(),
      eventCount: sorted.length,
      byType,
      participants: who,
      topics: topicList,
      highlights: highlights.map((m) => ({ kind: m.kind, ...item(m) })),
      trace:
        byType.command_exec || byType.test_run || byType.tool_call || byType.file_edit ? { failures, outcome } : null,
    };
    const markdown =
      `# Session ${sessionId}\n\n${day(first)}${day(last) !== day(first) ? ` to ${day(last)}` : ''}: ${counted(sorted.length, 'event')}` +
      `${who.length > 0 ? ` with ${who.join(', ')}` : ''}.\n` +
      (topicList.length > 0 ? `\nTopics: ${topicList.join(', ')}.\n` : '') +
      (content.trace ? `\nAgent work: ${counted(failures, 'failing check')}, outcome ${outcome ?? 'unknown'}.\n` : '') +
      (highlights.length > 0
        ? `\n## Highlights\n${highlights.map((m) => `- [${m.kind}] ${withItsDate(m)}`).join('\n')}\n`
        : '');
    out.push({
      type: 'session_summary',
      key: sessionId,
      namespace: sorted[0].namespace,
      subjectId: sorted.find((e) => e.subjectId !== null)?.subjectId ?? null,
      sessionId,
      title: `Session ${sessionId} (${day(first)})`,
      content,
      markdown,
      confidence: 0.9,
      evidenceCount: sorted.length,
      sourceEvents: sorted.map((e) => e.id),
      sourceMemories: highlights.map((m) => m.id),
    });
  }
  return out;
}

/**
 * Whether an entity still stands for something current: a memory of the namespace names it, or one
 * of its events was learned into no memory (a name mentioned in passing). "Lisbon (place)" after the
 * move to Porto is neither: its event's memories are all current and none names it (the fact that
 * did, "dana lives in Lisbon", was superseded).
 */
function namedByCurrentFacts(ms: StoredMemory[], supersededEvents: string[]): (entity: StoredMemory) => boolean {
  // An event learned into a superseded fact was learned too: its name stays only if a current fact says it.
  const learned = new Set<string>(supersededEvents);
  const texts: string[] = [];
  for (const m of ms) {
    if (m.kind === 'entity') continue;
    for (const id of m.sourceEventIds) learned.add(id);
    texts.push(wordsOnly(m.content));
  }
  // One string to search: a name is looked for once per entity listed, not once per memory.
  const all = ` ${texts.join(' \n ')} `;
  return (entity) => {
    if (entity.sourceEventIds.some((id) => !learned.has(id))) return true;
    const name = wordsOnly(String(entity.attributes.name ?? ''));
    return name.length === 0 || all.includes(` ${name} `);
  };
}

const wordsOnly = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** The first `n` items that pass, without testing the rest. */
function firstN<T>(items: T[], pass: (item: T) => boolean, n: number): T[] {
  const out: T[] = [];
  for (const item of items) {
    if (out.length >= n) break;
    if (pass(item)) out.push(item);
  }
  return out;
}

export function buildDigests(
  memories: StoredMemory[],
  events: CompilerEvent[],
  supersededEvents: string[] = [],
): ArtifactDraft[] {
  const out: ArtifactDraft[] = [];
  const eventsByNs = groupBy(events, (e) => e.namespace);
  for (const [ns, ms] of groupBy(memories, (m) => m.namespace)) {
    const byKind: Record<string, number> = {};
    for (const m of ms) byKind[m.kind] = (byKind[m.kind] ?? 0) + 1;
    const subjects = [
      ...groupBy(
        ms.filter((m) => m.kind !== 'entity'),
        subjectOf,
      ).entries(),
    ]
      .map(([subject, list]) => ({ subject, memories: list.length }))
      .sort((a, b) => b.memories - a.memories || a.subject.localeCompare(b.subject))
      .slice(0, 20);
    const entities = firstN(
      ms.filter((m) => m.kind === 'entity').sort((a, b) => b.mentions - a.mentions || a.id.localeCompare(b.id)),
      namedByCurrentFacts(ms, supersededEvents),
      15,
    );
    const recent = withoutRepeatedEpisodes(ms)
      .filter((m) => m.kind === 'episode')
      .sort(
        (a, b) =>
          (b.occurredAt ?? b.validFrom).getTime() - (a.occurredAt ?? a.validFrom).getTime() || a.id.localeCompare(b.id),
      )
      .slice(0, 10);
    const instructions = ms
      .filter((m) => m.kind === 'instruction')
      .sort(byStrength)
      .slice(0, 10);
    const procedures = ms
      .filter((m) => m.kind === 'procedure')
      .sort(byStrength)
      .slice(0, 10);
    const keyFacts = ms
      .filter((m) => (m.kind === 'fact' || m.kind === 'preference') && m.attributeKey !== null)
      .sort(byStrength)
      .slice(0, 15);
    const sessions = new Set((eventsByNs.get(ns) ?? []).map((e) => e.sessionId));
    const used = [...entities, ...recent, ...instructions, ...procedures, ...keyFacts];
    const content = {
      namespace: ns,
      memoriesByKind: byKind,
      sessions: sessions.size,
      subjects,
      topEntities: entities.map((m) => ({
        name: m.attributes.name,
        type: m.attributes.entityType,
        mentions: m.mentions,
        memoryId: m.id,
      })),
      keyFacts: keyFacts.map(item),
      instructions: instructions.map(item),
      procedures: procedures.map(item),
      recentEpisodes: recent.map((m) => ({ date: m.attributes.date ?? day(m.occurredAt), ...item(m) })),
    };
    const list = (title: string, lines: string[]) =>
      lines.length === 0 ? '' : `\n## ${title}\n${lines.map((l) => `- ${l}`).join('\n')}\n`;
    const markdown =
      `# Digest of ${ns}\n\n${counted(ms.length, 'memory', 'memories')} (${Object.entries(byKind)
        .sort()
        .map(([k, v]) => `${v} ${k}`)
        .join(', ')}) from ${counted(sessions.size, 'session')}.\n` +
      list(
        'Subjects',
        subjects.map((s) => `${s.subject}: ${counted(s.memories, 'memory', 'memories')}`),
      ) +
      list(
        'Key facts',
        keyFacts.map((m) => m.content),
      ) +
      list(
        'Instructions',
        instructions.map((m) => m.content),
      ) +
      list(
        'Procedures',
        procedures.map((m) => m.content),
      ) +
      list(
        'Recent episodes',
        recent.map((m) => `${m.attributes.date ?? day(m.occurredAt)}: ${m.content}`),
      ) +
      list(
        'Entities',
        entities.map((m) => `${m.content}, ${counted(m.mentions, 'mention')}`),
      );
    out.push({
      type: 'digest',
      key: ns,
      namespace: ns,
      subjectId: null,
      sessionId: null,
      title: `Digest of ${ns}`,
      content,
      markdown,
      confidence: mean(used.map((m) => m.confidence)) || 0.5,
      evidenceCount: ms.length,
      sourceEvents: union(used.map((m) => m.sourceEventIds)),
      sourceMemories: used.map((m) => m.id),
    });
  }
  return out;
}
