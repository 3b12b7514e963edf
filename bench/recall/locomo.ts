/**
 * Reads the LoCoMo conversations (by path: the data set is never copied into the repository) into
 * sessions of dated turns and questions with their valid evidence turn ids.
 */
import { readFileSync } from 'node:fs';

export interface Turn {
  diaId: string;
  speaker: string;
  text: string;
  caption?: string;
}

export interface Session {
  name: string;
  date: Date;
  turns: Turn[];
}

export interface Question {
  question: string;
  category: number;
  evidence: string[];
  /** The gold answer as text ('' when the question has none: adversarial ones). */
  answer: string;
}

export interface Conversation {
  sampleId: string;
  sessions: Session[];
  questions: Question[];
}

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/** "1:56 pm on 8 May, 2023" -> the instant, read as UTC. */
export function parseSessionDate(text: string): Date {
  const m = /(\d{1,2}):(\d{2})\s*(am|pm)\s+on\s+(\d{1,2})\s+([A-Za-z]+),?\s+(\d{4})/i.exec(text);
  if (!m) throw new Error(`unreadable session date: ${text}`);
  let hour = Number(m[1]) % 12;
  if ((m[3] as string).toLowerCase() === 'pm') hour += 12;
  const month = MONTHS.indexOf((m[5] as string).toLowerCase());
  if (month < 0) throw new Error(`unreadable month: ${text}`);
  return new Date(Date.UTC(Number(m[6]), month, Number(m[4]), hour, Number(m[2])));
}

interface RawTurn {
  speaker: string;
  dia_id: string;
  text: string;
  blip_caption?: string;
}

export function readLocomo(file: string): Conversation[] {
  const samples = JSON.parse(readFileSync(file, 'utf8')) as Array<{
    sample_id: string;
    conversation: Record<string, unknown>;
    qa: Array<{ question: string; category: number; evidence?: string[]; answer?: string | number }>;
  }>;
  return samples.map((sample) => {
    const conv = sample.conversation;
    const sessions: Session[] = [];
    for (let n = 1; ; n++) {
      const turns = conv[`session_${n}`] as RawTurn[] | undefined;
      if (!turns) {
        if (n > 50) break;
        continue;
      }
      sessions.push({
        name: `session_${n}`,
        date: parseSessionDate(String(conv[`session_${n}_date_time`])),
        turns: turns.map((t) => ({ diaId: t.dia_id, speaker: t.speaker, text: t.text, caption: t.blip_caption })),
      });
    }
    const known = new Set(sessions.flatMap((s) => s.turns.map((t) => t.diaId)));
    const questions = sample.qa.map((qa) => ({
      question: qa.question,
      category: qa.category,
      answer: qa.answer === undefined ? '' : String(qa.answer),
      // Some evidence entries hold several ids ("D8:6; D9:17"); malformed or unknown ids are not counted.
      evidence: [...new Set((qa.evidence ?? []).flatMap((e) => e.split(/[;,\s]+/)).filter((id) => known.has(id)))],
    }));
    return { sampleId: sample.sample_id, sessions, questions };
  });
}
