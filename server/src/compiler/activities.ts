/**
 * The pastimes a speaker says they do, by kind: "I'm off to go swimming with the kids", "we went
 * camping", "I just signed up for a pottery class", "playing my violin". Questions ask for them by
 * the kind ("What activities does Melanie partake in?", "What instruments does she play?"), a word
 * the turns never say; the memory learned from each names the kind, so the question's word finds it
 * and it cites the turn. A closed list of pastimes, not a general hypernym look-up: a dictionary's
 * "activity" holds nearly every noun (measured: docs/decisions/retrieval.md, hypernym expansion).
 */

export type PastimeKind = 'hobby' | 'sport' | 'instrument';

export interface Pastime {
  kind: PastimeKind;
  /** The pastime as the memory names it ("pottery", "rock climbing", "violin"). */
  name: string;
}

/** [name, the pattern of its forms] by kind; forms a sentence holds as whole words. */
const PASTIMES: Record<PastimeKind, Array<[string, string]>> = {
  hobby: [
    ['pottery', 'pottery|ceramics'],
    ['camping', 'camping|camped|camp(?:ing)? trips?'],
    ['hiking', 'hiking|hiked|hikes?'],
    ['swimming', 'swimming|swim|swam'],
    ['painting', 'painting|paintings|painted|paint'],
    ['drawing', 'sketching|sketches|drawing|drawings'],
    ['dancing', 'dancing|danced|dance classes|dance lessons'],
    ['singing', 'singing|sang|choir|karaoke'],
    ['cooking', 'cooking'],
    ['baking', 'baking|baked'],
    ['gardening', 'gardening|garden(?:ed)?'],
    ['fishing', 'fishing|fished'],
    ['knitting', 'knitting|knitted|crochet(?:ing)?'],
    ['sewing', 'sewing|quilting'],
    ['woodworking', 'woodworking|carpentry'],
    ['photography', 'photography'],
    ['writing', 'writing|poetry|journaling'],
    ['reading', 'reading'],
    ['video games', 'video games?|gaming'],
    ['board games', 'board games?'],
    ['chess', 'chess'],
    ['yoga', 'yoga'],
    ['meditation', 'meditation|meditating|meditate'],
    ['running', 'running|jogging|jog'],
    ['cycling', 'cycling|biking|bike rides?'],
    ['rock climbing', 'rock climbing|bouldering|climbing'],
    ['kayaking', 'kayaking|canoeing'],
    ['birdwatching', 'birdwatching|bird watching|birding'],
    ['volunteering', 'volunteering|volunteered|volunteer'],
    ['traveling', 'traveling|travelling|road trips?'],
    ['watching movies', 'watching movies|watching films|movie nights?|going to the movies'],
    ['exploring nature', 'exploring nature|nature walks?|being in nature|being outdoors'],
    ['hanging out with friends', 'hanging (?:out )?with (?:my )?friends'],
    ['picnics', 'picnics?|picnicking'],
  ],
  sport: [
    ['basketball', 'basketball'],
    ['soccer', 'soccer'],
    ['football', 'football'],
    ['baseball', 'baseball'],
    ['tennis', 'tennis'],
    ['volleyball', 'volleyball'],
    ['golf', 'golf|golfing'],
    ['skiing', 'skiing|ski(?:ed)?'],
    ['snowboarding', 'snowboarding'],
    ['surfing', 'surfing|surfed'],
    ['skateboarding', 'skateboarding|skating'],
    ['martial arts', 'martial arts'],
    ['karate', 'karate'],
    ['taekwondo', 'taekwondo'],
    ['boxing', 'boxing|kickboxing'],
    ['horseback riding', 'horseback riding|horse riding'],
    ['archery', 'archery'],
    ['bowling', 'bowling'],
    ['badminton', 'badminton'],
    ['weightlifting', 'weightlifting|weight lifting|lifting weights|weight training|strength training'],
    ['circuit training', 'circuit training|crossfit|hiit'],
    ['pilates', 'pilates'],
  ],
  instrument: [
    ['piano', 'piano'],
    ['guitar', 'guitar'],
    ['violin', 'violin|fiddle'],
    ['cello', 'cello'],
    ['clarinet', 'clarinet'],
    ['flute', 'flute'],
    ['saxophone', 'saxophone|sax'],
    ['trumpet', 'trumpet'],
    ['trombone', 'trombone'],
    ['drums', 'drums|drum kit'],
    ['ukulele', 'ukulele'],
    ['harp', 'harp'],
    ['banjo', 'banjo'],
    ['harmonica', 'harmonica'],
    ['accordion', 'accordion'],
    ['bass guitar', 'bass guitar'],
  ],
};

/**
 * The pastimes done outdoors, for a question that asks for those ("What outdoor activities does John
 * enjoy?"): of a person's pastimes, these answer it and the others (yoga, basketball, chess) do not.
 */
const OUTDOORS = new Set([
  'camping',
  'hiking',
  'swimming',
  'gardening',
  'fishing',
  'running',
  'cycling',
  'rock climbing',
  'kayaking',
  'birdwatching',
  'exploring nature',
  'picnics',
  'soccer',
  'football',
  'baseball',
  'golf',
  'skiing',
  'snowboarding',
  'surfing',
  'skateboarding',
  'horseback riding',
]);

/** Forms that name other things as often as the pastime: said with a word of doing, liking or starting only. */
const NEEDS_CUE = new Set([
  'reading',
  'writing',
  'running',
  'cooking',
  'climbing',
  'paint',
  'swim',
  'jog',
  'garden',
  'camp',
  'hikes',
  'hike',
  'ski',
  'volunteer',
  'sax',
  'fiddle',
  'meditate',
]);
/** A word of doing, liking or starting just before the pastime ("love painting", "went camping", "took up yoga"). */
const CUE =
  /\b(?:love|loves|loved|enjoy|enjoys|enjoyed|like|likes|liked|into|go|goes|going|went|gone|been|started|start|took up|take up|do|did|doing|practi[cs]e|practi[cs]ing|play|plays|playing|played|some|more|my|our|a|of|for|about|and|or|besides|than)\s+$/i;
/** Just after a list's separator ("- running, reading, or ..."). */
const LIST_ITEM = /(?:[,–—]|\s-|\bor)\s+$/;
/**
 * What follows a word that is then a task, not a pastime: "running the tests", "running into errors",
 * "running late", "running my own biz", "climbing the ladder", "reading the logs", "writing a script"; an event of it one goes
 * to ("a poetry reading", "a violin concert").
 */
const NOT_A_PASTIME_AFTER =
  /^\s+(?:(?:the|a|an|this|that|these|those|it|our|your|my|his|her|their|some|another)\s+)?(?:own\s+)?(?:into|out of|late|low|business(?:es)?|biz|company|companies|store|shop|studio|startup|firm|team|tests?|queries|query|commands?|scripts?|migrations?|jobs?|builds?|pipelines?|code|docs?|documentation|logs?|errors?|emails?|messages?|reports?|tickets?|specs?|functions?|ladder|server|servers|benchmarks?|a fever|readings?|slams?|concerts?|recitals?|festivals?)\b/i;

/** Said of someone else ("your painting", "his guitar") or not done ("don't like swimming", "never skied"). */
const NOT_OWN =
  /\b(?:your|his|her|their|you|he|she|they|someone|somebody|people|everyone|others|a (?:man|woman|guy|girl|boy|kid|couple))\s+(?:\w+\s+){0,2}$/i;
/**
 * A thing, not the doing of it: "a painting in my room", "the drawing you sent", "a basketball signed
 * by my favorite player"; unless made ("I made a painting too!").
 */
const A_THING = /^(?:painting|drawing|basketball|football|baseball|volleyball)$/i;
const ONE_OF = /\b(?:a|an|the|this|that|one)\s+$/i;
const MADE_ONE = /\b(?:made|make|making|did|finished|created|started)\s+(?:a|an|the|this|that|one)\s+$/i;
const NEGATED =
  /\b(?:(?:do|does|did|have|has|had|is|are|was|were|ca|wo)n['’]?t|never|not|hate|hated|cannot|stopped|quit|gave up)\b/i;
/** A person of the speaker's, who may be the one doing it ("my brother plays guitar"). */
const THEIR_PERSON =
  /\b(?:my|our)\s+(?:husband|wife|partner|son|sons|daughter|daughters|kids?|children|child|brother|sister|mom|mother|dad|father|parents|friends?|boyfriend|girlfriend|boss|neighbou?r|cousin)\b/gi;

/** The clause before the pastime names one of the speaker's people and not the speaker after them. */
function someoneElses(clause: string): boolean {
  let last = -1;
  for (const m of clause.matchAll(THEIR_PERSON)) last = (m.index ?? 0) + m[0].length;
  return last >= 0 && !/\b(?:I|we|We|me|us)\b/.test(clause.slice(last));
}

/** The speaker in the sentence: a pastime in a sentence without them is someone else's. */
const FIRST_PERSON = /\b(?:I|I['’]m|I['’]ve|I['’]d|[Ww]e|[Ww]e['’]re|[Ww]e['’]ve|[Mm]y|[Oo]ur|me|us)\b/;

const MATCHERS = (Object.entries(PASTIMES) as Array<[PastimeKind, Array<[string, string]>]>).flatMap(([kind, list]) =>
  list.map(([name, forms]) => ({ kind, name, re: new RegExp(`\\b(?:${forms})\\b`, 'gi') })),
);

const WHOLE = MATCHERS.map(({ kind, name, re }) => ({ kind, name, re: new RegExp(`^(?:${re.source})$`, 'i') }));

/** The pastime a phrase names, whole ("piano", "rock climbing"): what "I gave up piano" gave up. */
export function pastimeNamed(phrase: string): Pastime | null {
  const said = phrase.trim().replace(/^(?:the|my)\s+/i, '');
  const found = WHOLE.find(({ re }) => re.test(said));
  return found ? { kind: found.kind, name: found.name } : null;
}

/** The pastimes a first-person sentence says the speaker does (none for a question or a negation). */
export function detectPastimes(sentence: string): Pastime[] {
  if (!FIRST_PERSON.test(sentence) || /\?\s*$/.test(sentence)) return [];
  const out: Pastime[] = [];
  const seen = new Set<string>();
  for (const { kind, name, re } of MATCHERS) {
    if (seen.has(name)) continue;
    re.lastIndex = 0;
    for (let m = re.exec(sentence); m; m = re.exec(sentence)) {
      const before = sentence.slice(Math.max(0, m.index - 40), m.index);
      const clause = before.split(/[,;:.!-]\s/).at(-1) ?? before;
      if (NOT_OWN.test(before) || NEGATED.test(clause) || someoneElses(clause)) continue;
      if (NOT_A_PASTIME_AFTER.test(sentence.slice(m.index + m[0].length))) continue;
      // Part of a compound word: "hand-painted", "sun-dried".
      if (sentence[m.index - 1] === '-') continue;
      if (A_THING.test(m[0]) && ONE_OF.test(before) && !MADE_ONE.test(before)) continue;
      // An item of a list of them counts as cued: "running, reading, or playing my violin".
      if (NEEDS_CUE.has(m[0].toLowerCase()) && !CUE.test(before) && !LIST_ITEM.test(before)) continue;
      seen.add(name);
      out.push({ kind, name });
      break;
    }
  }
  return out;
}

/**
 * How the memory says a pastime of each kind, with the kind's words a question asks by: the subject,
 * `infix`, the pastime, `suffix`. Written by pastimePhrase and read back by pastimeKindOf and
 * pastimeSubjectOf (a candidate row carries the content, not the memory's attributes).
 */
const PHRASES: Record<PastimeKind, { infix: string; suffix: string }> = {
  instrument: { infix: ' plays the ', suffix: ' (a musical instrument)' },
  sport: { infix: "'s sports and activities include ", suffix: '' },
  hobby: { infix: "'s hobbies and activities include ", suffix: '' },
};
const PHRASE_KINDS = Object.entries(PHRASES) as Array<[PastimeKind, { infix: string; suffix: string }]>;

export function pastimePhrase(who: string, p: Pastime): string {
  const { infix, suffix } = PHRASES[p.kind];
  return `${who}${infix}${p.name}${suffix}`;
}

/** The kind, subject and pastime of a memory's content written by pastimePhrase, or null for any other memory. */
function readPhrase(content: string): { kind: PastimeKind; subject: string; name: string } | null {
  for (const [kind, { infix, suffix }] of PHRASE_KINDS) {
    const at = content.indexOf(infix);
    if (at > 0 && content.endsWith(suffix) && content.length > at + infix.length + suffix.length)
      return {
        kind,
        subject: content.slice(0, at),
        name: content.slice(at + infix.length, content.length - suffix.length),
      };
  }
  return null;
}

/**
 * The kinds of pastime a question asks for as a list, by their kind's word in the plural ("What
 * activities ...", "Which instruments ..."). "What activity did she do with her mom in May?" asks
 * for one thing said once: the turn answers it, not the list.
 */
export function pastimeKindsAsked(query: string): Set<PastimeKind> {
  const out = new Set<PastimeKind>();
  if (/\binstruments\b/i.test(query)) out.add('instrument');
  if (/\b(?:sports|martial arts)\b/i.test(query)) out.add('sport');
  if (/\bgames\b/i.test(query)) out.add('hobby');
  if (/\b(?:activities|hobbies|pastimes|interests|exercises|workouts|for fun|(?:free|spare) time)\b/i.test(query)) {
    out.add('hobby');
    out.add('sport');
  }
  return out;
}

/** A question that asks for the pastimes done outdoors ("What outdoor activities ...?"). */
export function outdoorsAsked(query: string): boolean {
  return /\boutdoors?\b/i.test(query);
}

/** Whether a pastime memory's content (pastimePhrase) names one done outdoors. */
export function pastimeOutdoors(content: string): boolean {
  const name = readPhrase(content)?.name;
  return name !== undefined && OUTDOORS.has(name);
}

/** The kind of pastime a memory's content says (pastimePhrase), or null for any other memory. */
export function pastimeKindOf(content: string): PastimeKind | null {
  return readPhrase(content)?.kind ?? null;
}

/** Whom a pastime memory is of: the name its content opens with (pastimePhrase), or null. */
export function pastimeSubjectOf(content: string): string | null {
  return readPhrase(content)?.subject ?? null;
}
