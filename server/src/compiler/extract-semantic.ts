/**
 * Semantic extraction: statements -> fact, preference, instruction, episode and entity drafts.
 * Each kind is a small set of English patterns over one sentence; facts about an attribute
 * (location, employer, favourite X...) carry an attributeKey so a newer value supersedes the old.
 * The readers of each kind are in semantic/ (instructions, preferences, attribute facts and their
 * patterns); this file reads episodes and makes the drafts.
 */
import { detectPastimes, pastimePhrase } from './activities.js';
import { contentStems, dedupeKeyOf, subjectSlug, words } from './normalise.js';
import { formatResolved, resolveDate } from './resolve-dates.js';
import type { Statement } from './segment.js';
import { type AttributeFact, detectAttributeFacts, kindSlug } from './semantic/attribute-facts.js';
import { FIRST_PERSON, HEDGE, ofTheSubject, withRelativeNamed } from './semantic/first-person.js';
import { detectInstruction, topicKey } from './semantic/instructions.js';
import { detectOutcomeReceived, wantSlot } from './semantic/outcomes.js';
import {
  detectEndedHabit,
  detectHeldHabit,
  detectPreferences,
  kindNote,
  opinionSlot,
  type Preference,
} from './semantic/preferences.js';
import { type EntityType, spotEntities } from './spot-entities.js';
import type { MemoryDraft, MemoryKind } from './types.js';

// ---------- episodes ----------

const PAST_ACTION = new RegExp(
  String.raw`\b(?:I|we|and I|and we)\s+(?:(?:just|finally|recently|also|actually|already|even|then|once|first|last|both|all)\s+)*` +
    String.raw`(?:went|visited|met|saw|did|got|started|finished|took|attended|ran|joined|bought|made|gave|won|lost|found|left|came|began|became|wrote|read|painted|drew|tried|played|signed|adopted|celebrated|traveled|travelled|moved|graduated|married|completed|launched|received|learned|learnt|spent|watched|hosted|organized|organised|volunteered|participated|camped|hiked|baked|cooked|built|created|picked|sold|passed|failed|fixed|deployed|released|shipped|changed|switched|decided|flew|drove|rode|swam|sang|heard|told|talked|spoke|had|visited|climbed|danced|enrolled|applied|quit|retired|broke|hurt|injured|gave birth|welcomed|rescued|bumped|ate|drank|slept|stayed|returned|walked|biked|cycled|surfed|skied|shopped|taught|studied|ordered|booked|showed|opened|closed|cleaned|renovated|redid|mentored|donated|performed|presented|competed|raced|[a-z]{3,}ed)\b`,
  'i',
);
const WAS_WERE = /\b(?:I|we)\s+(?:was|were)\b/i;

/** A lasting state or habit of the speaker: "I am/have/own...", "my X is...", "I usually...". */
const STATE_ABOUT_SELF =
  /\b(?:I\s+am|I['’]m|I\s+have|I['’]ve\s+(?:got|been|had)|I\s+own|I\s+(?:usually|often|always|never|sometimes|regularly|still|mostly)\s+\w+|(?:my|our)\s+[\w-]+(?:\s+[\w-]+)?\s+(?:is|are|was|were|has|have)|we\s+(?:have|are|own))\b/i;
/** Wishes, plans, feelings of the moment and politeness are not lasting facts. */
const NOT_A_FACT =
  /\b(?:I['’]ll|I\s+will|I\s+would|I['’]d|I\s+could|I\s+might|I\s+should|gonna|can['’]?t wait|let me know|I['’]m (?:so |really |very )?(?:glad|happy|sorry|sure|excited|thrilled|proud|thankful|grateful|curious)|I['’]m (?:feeling|doing|looking forward))\b/i;

// ---------- drafts ----------

function displaySubject(s: Statement): string {
  return s.speaker ?? s.subjectId ?? (s.role === 'system' ? 'System' : 'User');
}

function draft(
  s: Statement,
  kind: MemoryKind,
  content: string,
  dedupeKey: string,
  attributeKey: string | null,
  attributes: Record<string, unknown>,
  confidence: number,
  occurredAt: Date | null,
): MemoryDraft {
  return {
    kind,
    subjectId: s.subjectId,
    sessionId: s.sessionId,
    agentId: s.agentId,
    namespace: s.namespace,
    content,
    dedupeKey,
    attributeKey,
    attributes,
    confidence: Math.max(0.05, Math.min(0.99, confidence)),
    validFrom: occurredAt ?? s.occurredAt,
    occurredAt,
    sourceEventIds: [s.eventId],
  };
}

/**
 * Things of someone's said both ways: "my editor is Vim" (an attribute) and "I switched to VS Code" (a
 * choice of the kind editor). Each replaces the other's slot, so the newer holds.
 */
const CHOSEN_THINGS = new Set(['editor', 'shell', 'browser', 'operating_system', 'phone', 'laptop', 'database']);

/** The slots a choice replaces: the kind it switched from, and the same thing said as an attribute ("my editor is Vim"). */
function replacesOf(subjKey: string, p: Preference): { replaces?: string[] } {
  const keys = [
    ...(p.replaces ? [`${subjKey}:choice:${p.replaces}`] : []),
    ...(p.kind && CHOSEN_THINGS.has(p.kind) ? [`${subjKey}:${p.kind}`] : []),
  ];
  return keys.length > 0 ? { replaces: keys } : {};
}

/** Longest sentence read for facts, preferences, instructions and episodes. */
const MAX_STATEMENT = 1000;

export interface ExtractContext {
  knownNames: Map<string, EntityType>;
  /** The thing the sentence before named (trained for, read, built, learned): what an "it" after it is. */
  lastThing?: { eventId: string; index: number; thing: string };
}

/** The facts whose value is a thing an "it" in the next sentence stands for. */
const NAMES_A_THING = /^(?:training|reading|building|learning|car)$/;

/**
 * "it" in a value, said of the thing the sentence before named: "I'm training for the Berlin
 * marathon. My goal is to run it under 4 hours." is the goal "to run the Berlin marathon under 4 hours".
 * Answers the same reading for the statement's other objects (what one wants: "I want to finish it by May").
 */
function withItResolved(facts: AttributeFact[], s: Statement, ctx: ExtractContext): (object: string) => string {
  const before = ctx.lastThing;
  const thing = before?.eventId === s.eventId && before.index === s.index - 1 ? before.thing : null;
  ctx.lastThing = undefined;
  // "it" inside what follows a verb, not "it" alone ("I love it" is no liking of a thing named before).
  const resolve = (said: string) => (thing && /\S\s+it\b/.test(said) ? said.replace(/\bit\b/, thing) : said);
  for (const f of facts) {
    const value = f.ends || NAMES_A_THING.test(f.attribute) ? f.value : resolve(f.value);
    if (value !== f.value) {
      f.value = value;
      f.phrase = f.phrase.replace(/\bit\b/, thing as string);
    }
    if (NAMES_A_THING.test(f.attribute) && !f.ends) {
      const named =
        /^(?:the|a|an|my|our)\s/i.test(f.value) || /^\p{Lu}\S*$/u.test(f.value) ? f.value : `the ${f.value}`;
      ctx.lastThing = { eventId: s.eventId, index: s.index, thing: named.replace(/^(?:my|our)\s/i, 'the ') };
    }
  }
  return resolve;
}

/**
 * What a question states before the request it ends in: "We now have 60 seats, can you update the
 * invoice?" states the seats; "Do you know if I have two kids?" states nothing (null).
 */
function statedBeforeRequest(text: string): string | null {
  const m = /^(.{8,}?)[,;:]?\s+(?:so\s+)?(?:can|could|would|will)\s+you\b/i.exec(text);
  if (!m) return null;
  const before = m[1] as string;
  return /^(?:do|does|did|is|are|was|were|can|could|would|will|should|have|has|what|when|where|who|why|how|which)\b/i.test(
    before,
  )
    ? null
    : before;
}

/** The kind of pet a fact says one has ("pet_dog" named Rex, or "pet_unnamed" dog), as its slots spell it. */
function petKindOf(f: AttributeFact): string | null {
  if (f.attribute === 'pet_unnamed') return kindSlug(f.value);
  return NAMES_A_PET.test(f.attribute) ? f.attribute.slice('pet_'.length) : null;
}

/** The attributes that name a pet ("pet_cat"), not its end ("pet_died") nor a pet without a name. */
const NAMES_A_PET = /^pet_(?!died$|gone$|none$|unnamed)/;

/** Every memory draft of one statement (entities included). */
export function extractFromStatement(s: Statement, ctx: ExtractContext): MemoryDraft[] {
  const out: MemoryDraft[] = [];
  const text = s.text;
  const who = displaySubject(s);
  const subjKey = subjectSlug(s.subject);
  const hedge = HEDGE.test(text) ? 0.15 : 0;
  const base = { subject: s.subject, speaker: s.speaker, role: s.role, sentence: text };
  // Facts only from users, systems and feedback, of a statement (not a pasted document), not a question.
  const saysFacts = !(s.role === 'assistant' || s.role === 'tool' || s.role === 'other');
  // A question may open with what it is about ("We now have 60 seats, can you update the invoice?").
  const stated = s.isQuestion ? statedBeforeRequest(text) : text;
  const facts = saysFacts && text.length <= MAX_STATEMENT && stated ? detectAttributeFacts(stated) : [];
  const withIt = withItResolved(facts, s, ctx);
  // A pet named here is no person: its name is typed so, here and in the statements after.
  for (const f of facts) if (NAMES_A_PET.test(f.attribute) && !f.ends) ctx.knownNames.set(f.value, 'pet');

  for (const e of spotEntities(text.length > 5000 ? text.slice(0, 5000) : text, ctx.knownNames)) {
    const conf = e.type === 'email' || e.type === 'url' ? 0.9 : 0.6;
    out.push(
      draft(
        s,
        'entity',
        `${e.name} (${e.type})`,
        `entity:${e.type}|${e.name.toLowerCase().slice(0, 140)}`,
        null,
        { ...base, entityType: e.type, name: e.name },
        conf,
        null,
      ),
    );
  }
  // An outcome received ends the want of it: said by the customer, or by the agent serving them (of the
  // end user the event is about, never of the agent).
  const receivedBy = saysFacts ? s.subject : s.role === 'assistant' ? s.subjectId : null;
  const received = receivedBy && !s.isQuestion && text.length <= MAX_STATEMENT ? detectOutcomeReceived(text) : null;
  if (received && receivedBy) {
    const key = subjectSlug(receivedBy);
    const slot = wantSlot(key, received.thing);
    if (slot)
      out.push(
        draft(
          s,
          'fact',
          received.phrase.replace(/^S\b/, saysFacts ? who : receivedBy),
          dedupeKeyOf('fact', key, `received ${received.thing}`),
          slot,
          { ...base, subject: receivedBy, attribute: 'received', value: received.thing, happened: true },
          0.8,
          null,
        ),
      );
  }
  if (!saysFacts) return out;
  // A "sentence" this long is a pasted document or log, not a statement: entities only.
  if (text.length > MAX_STATEMENT) return out;

  const instruction = detectInstruction(text);
  if (instruction) {
    out.push(
      draft(
        s,
        'instruction',
        instruction,
        dedupeKeyOf('instruction', null, instruction),
        topicKey(subjectSlug(s.subject), instruction),
        { ...base },
        (s.role === 'system' ? 0.9 : 0.85) - hedge,
        null,
      ),
    );
  }
  // A question's facts are the ones it states before its request; nothing else of it is read.
  if (s.isQuestion && facts.length === 0) return out;

  let semantic = instruction !== null;
  for (const f of facts) {
    const subject = f.subject ?? who;
    const key = subjectSlug(f.subject ?? s.subject);
    const content = f.phrase.replace(/^S\b/, subject);
    const petKind = petKindOf(f);
    out.push(
      draft(
        s,
        'fact',
        content,
        // An ended value is not a repeat of the value: "works at Acme" then "quit Acme" are two memories.
        dedupeKeyOf('fact', key, `${f.attribute}${f.ends ? ' ended' : ''} ${f.value}`),
        `${key}:${f.slot}`,
        {
          ...base,
          subject: f.subject ?? s.subject,
          attribute: f.attribute,
          value: f.value,
          ...(f.ends ? { ended: true } : {}),
          ...(f.endsValueIn ? { endsValueIn: [`${key}:${f.endsValueIn}`] } : {}),
          ...(f.endsSlotsOf ? { endsSlotsIn: [`${key}:${f.endsSlotsOf}${kindSlug(f.value)}_`] } : {}),
          ...(f.endsHead ? { endsValueIn: [`${key}:${f.endsHead.slot}`], endsHead: f.endsHead.head } : {}),
          ...(CHOSEN_THINGS.has(f.slot) ? { replaces: [`${key}:choice:${f.slot}`] } : {}),
          // A pet of a kind had again ends "no longer has a dog".
          ...(petKind ? { replaces: [`${key}:pet_none_${petKind}`] } : {}),
          ...(f.closes ? { replaces: [`${key}:${f.closes}`] } : {}),
          ...(f.happened ? { happened: true } : {}),
        },
        0.8 - hedge,
        null,
      ),
    );
    semantic = true;
  }
  if (s.isQuestion) return out;

  // Pastimes by kind: "we went camping" learned as "Melanie's hobbies and activities include camping".
  for (const p of detectPastimes(text)) {
    out.push(
      draft(
        s,
        'fact',
        pastimePhrase(who, p),
        dedupeKeyOf('fact', subjKey, `pastime ${p.name}`),
        // Each pastime its own slot: a new one adds to the others, never supersedes them.
        `${subjKey}:pastime_${p.name.replace(/\s+/g, '_')}`,
        { ...base, attribute: `pastime_${p.kind}`, value: p.name },
        0.7 - hedge,
        null,
      ),
    );
  }

  for (const said of detectPreferences(text)) {
    // The memory says it of the subject: "Melanie likes camping trips with their family", not "with my fam".
    const p = { ...said, object: withIt(ofTheSubject(withRelativeNamed(said.object, text))) };
    const verb = p.uses
      ? 'uses'
      : p.kind
        ? 'prefers'
        : p.polarity === 'like'
          ? 'likes'
          : p.polarity === 'dislike'
            ? 'dislikes'
            : 'wants';
    const content = p.favourite
      ? `${who}'s ${p.favourite.word} ${p.favourite.category} is ${p.object}`
      : `${who} ${verb} ${p.toVerb ? 'to ' : ''}${p.object}${kindNote(p.object, p.kind)}`;
    out.push(
      draft(
        s,
        'preference',
        content,
        dedupeKeyOf('preference', subjKey, `${p.polarity} ${p.object}`),
        p.kind
          ? `${subjKey}:choice:${p.kind}`
          : p.favourite
            ? `${subjKey}:favourite:${contentStems(p.favourite.category).join('-')}`
            : p.polarity === 'want'
              ? wantSlot(subjKey, p.object)
              : opinionSlot(subjKey, p.object),
        {
          ...base,
          polarity: p.polarity,
          object: p.object,
          ...(p.kind ? { choiceOf: p.kind } : {}),
          ...(p.favourite ? { favouriteOf: p.favourite.category } : {}),
          ...replacesOf(subjKey, p),
        },
        0.75 - hedge,
        null,
      ),
    );
    semantic = true;
  }

  // A habit or liking that ended closes the liking learned before ("I love coffee" -> "I stopped
  // drinking coffee"): its slot is that liking's opinion slot, by the thing and by the deed.
  const ended = detectEndedHabit(text);
  if (ended) {
    out.push(
      draft(
        s,
        'fact',
        `${who} ${ended.phrase}`,
        dedupeKeyOf('fact', subjKey, `ended ${ended.deed}`),
        opinionSlot(subjKey, ended.thing),
        {
          ...base,
          ended: true,
          object: ended.thing,
          replaces: [opinionSlot(subjKey, ended.deed)],
          // "My favorite drink is coffee", "I prefer coffee" or "I play tennis" (a pastime) ends too:
          // slots named by a category, not by the thing, so learn closes those of them whose value is
          // this thing (supersede.ts).
          endsValueIn: [`${subjKey}:favourite:`, `${subjKey}:choice:`, `${subjKey}:pastime_`, `${subjKey}:learning_`],
        },
        0.75 - hedge,
        null,
      ),
    );
    semantic = true;
  }

  // A habit held ("I don't drink coffee", then "I started drinking coffee again"): in the slot of the
  // thing, where a liking of it and its end are, so the newest of them holds.
  const held = ended ? null : detectHeldHabit(text);
  if (held) {
    out.push(
      draft(
        s,
        'fact',
        `${who} ${held.phrase}`,
        // "does not" is stop words: the key says which way, or the two would merge as repeats.
        dedupeKeyOf('fact', subjKey, `${held.does ? 'habit held' : 'habit abstained'} ${held.deed}`),
        opinionSlot(subjKey, held.thing),
        { ...base, object: held.thing, replaces: [opinionSlot(subjKey, held.deed)] },
        0.75 - hedge,
        null,
      ),
    );
    semantic = true;
  }

  const pastAction = PAST_ACTION.test(text);
  const firstPerson = FIRST_PERSON.test(text);
  if (firstPerson && (pastAction || WAS_WERE.test(text))) {
    const when = resolveDate(text, s.occurredAt, true);
    if (pastAction || when) {
      const date = when ? formatResolved(when) : s.occurredAt.toISOString().slice(0, 10);
      out.push(
        draft(
          s,
          'episode',
          `${who}: ${text}`,
          dedupeKeyOf('episode', subjKey, `${date} ${text}`),
          null,
          {
            ...base,
            date,
            datePhrase: when?.phrase ?? null,
            dateGranularity: when?.granularity ?? 'day',
            dateResolved: when !== null,
            // When it was told: the context dates the line so and writes the date its phrase names
            // beside the phrase, as for the raw turn ("Last Friday (2022-09-09)", said on the 14th).
            saidAt: s.occurredAt.toISOString(),
          },
          (when ? 0.75 : 0.6) - hedge,
          when ? when.date : s.occurredAt,
        ),
      );
      semantic = true;
    }
  }

  if (!semantic && firstPerson && s.eventType !== 'feedback' && STATE_ABOUT_SELF.test(text) && !NOT_A_FACT.test(text)) {
    const stems = contentStems(text);
    if (stems.length >= 4 && words(text).length <= 60) {
      out.push(
        draft(s, 'fact', `${who}: ${text}`, dedupeKeyOf('fact', subjKey, text), null, { ...base }, 0.5 - hedge, null),
      );
    }
  }
  return out;
}
