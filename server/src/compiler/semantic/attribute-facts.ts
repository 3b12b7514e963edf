/**
 * Attribute facts read from a sentence (location, employer, favourite X, pets, plans...): the gate that
 * skips a sentence no pattern can read, the clauses a sentence is read in, and the reading of a
 * pattern's match into a fact with its slot, so a newer value supersedes the old.
 */
import { SOFTWARE_NAMES } from '../spot-entities.js';
import { ATTRIBUTE_PATTERNS } from './attribute-patterns.js';
import { ANIMAL, ENDS_IN_PLAN, NATIONALITIES } from './attribute-vocabulary.js';
import { ofTheSubject, withRelativeNamed } from './first-person.js';
import { KNOWN_KINDS, kindOf, plainOfGerund, thirdPerson } from './preferences.js';

export interface AttributeFact {
  attribute: string;
  value: string;
  /** The canonical sentence, with `S` for the subject. */
  phrase: string;
  /** A named third-person subject, when the sentence is about someone else. */
  subject?: string;
  /** What a newer value supersedes within (the attribute, or the attribute and value for facts that add up). */
  slot: string;
  /** The value ended ("no longer works at V"). */
  ends?: true;
  /** Ends the values equal to this one in the slots under this prefix, whatever their kind ("pet_"). */
  endsValueIn?: string;
  /** Ends every value of the slots under this prefix followed by the value ("pet_" + "dog": `pet_dog_rex`). */
  endsSlotsOf?: string;
  /** Ends the values of this slot whose head word is `head` ("graduated": a student's occupation). */
  endsHead?: { slot: string; head: string };
  /** A thing done rather than a state ("finished reading Dune"): it ends a value, the profile leaves it out. */
  happened?: true;
  /** Another slot of the subject's it closes: a move made ends the move planned (`planned_move`). */
  closes?: string;
}

/** The count a child's order says: "our third child" makes three. */
const ORDINALS: Record<string, string> = {
  second: 'two',
  third: 'three',
  fourth: 'four',
  fifth: 'five',
  sixth: 'six',
  seventh: 'seven',
  eighth: 'eight',
  '2nd': 'two',
  '3rd': 'three',
  '4th': 'four',
  '5th': 'five',
  '6th': 'six',
};

/** Words ending in s a count is never of ("I own two of those", "makes two as well"). */
const NOT_COUNTED =
  /^(?:as|is|was|has|does|this|his|its|yes|plus|less|unless|thus|ones|us|minutes|hours|days|weeks|months|years|times|dollars|euros|pounds|miles|kilos|points)$/i;

/**
 * Where one moves, lives or is from that is no place to live: a team, an office, a tool ("we moved to
 * the cloud", "I live in the terminal most days", "I'm from the platform team"). Lower case only: a
 * name in capitals may be a place ("Cloud Nine").
 */
const NOT_A_HOME =
  /\b(?:office|team|department|floor|desk|branch|campus|role|position|job|shift|project|server|cluster|region|channel|repo|repository|stack|cloud|version|release|framework|library|platform|tool|model|account|stage|phase|step|level|chapter|topic|question|thing|idea|terminal|editor|inbox|meeting|call|spreadsheet|codebase)s?\b/;
/** Words for a place to live a move may name in lower case ("moved to the suburbs"). */
const A_PLACE_WORD =
  /\b(?:suburbs?|countryside|country|city|coast|seaside|mountains?|village|town|island|states|north|south|east|west|neighbou?rhood|area|apartment|flat|house|home|place|condo|farm|abroad)$/i;
/** Whether a location's value names no place to live: a tool, a team, or (moved to, from) no place at all. */
function notAPlace(value: string, moved: boolean): boolean {
  const name = value.toLowerCase().replace(/^(?:the|a|an)\s+/, '');
  if (KNOWN_KINDS[name] !== undefined || SOFTWARE_NAMES.has(name) || NOT_A_HOME.test(value)) return true;
  // In lower case, a place is a word for one or a phrase naming one ("a small town in Ohio").
  return moved && /^\p{Ll}/u.test(value) && !/\s\p{Lu}/u.test(value) && !A_PLACE_WORD.test(value);
}

/** Allergens said in the plural after "allergic to" ("a peanut allergy": allergic to peanuts). */
const ALLERGEN_PLURALS = new Set([
  'peanut',
  'nut',
  'tree nut',
  'egg',
  'almond',
  'cashew',
  'walnut',
  'cat',
  'dog',
  'bee',
]);
/** Words before "allergy" that name no allergen ("a bad allergy", "my allergy"). */
const NOT_AN_ALLERGEN = /^(?:an?|the|my|bad|severe|mild|food|seasonal|skin|new|this|that|some)$/;

/** A planned thing whose date is also said as "our launch date is ..." (MY_THINGS): one slot for both. */
const DATED_SLOT: Record<string, string> = { launch: 'launch_date', release: 'release_date', deadline: 'deadline' };

/** The part a name part is stored under: a surname is the last name. */
const NAME_PARTS: Record<string, string> = { sur: 'last', family: 'last', given: 'first' };

/**
 * Habits kept by themselves, with no object ("I smoke", "I quit smoking"), by any word for them: the
 * habit (its slot) and how the memory says someone has it.
 */
const HABITS: Record<string, { habit: string; does: string }> = {
  smoke: { habit: 'smoking', does: 'smokes' },
  vape: { habit: 'vaping', does: 'vapes' },
  gamble: { habit: 'gambling', does: 'gambles' },
  drink: { habit: 'drinking', does: 'drinks alcohol' },
};
const habitOf = (word: string) =>
  HABITS[
    word
      .toLowerCase()
      .replace(/(?:e?r|ing|e)$/, '')
      .replace(/^(smok|vap|gambl)$/, '$1e')
  ];

/** Two words for one thing of someone's: one slot, so "my new manager is Tom" replaces "my boss is Priya". */
const SAME_SLOT: Record<string, string> = {
  time_zone: 'timezone',
  boss: 'manager',
  ide: 'editor',
  os: 'operating_system',
  main_database: 'database',
  primary_database: 'database',
  // A relative's slots ("home_of_mom") by one word for them: "my mother moved to Leeds" is the mom's move.
  mum: 'mom',
  mother: 'mom',
  father: 'dad',
  stepmum: 'stepmom',
  stepmother: 'stepmom',
  stepfather: 'stepdad',
  grandmother: 'grandma',
  grandfather: 'grandpa',
};

/** Attributes whose value holds the words that elsewhere end one (and, for, on...); also schedules and ages. */
const HOLDS_JOINING_WORDS = new Set(['diet', 'building', 'renewal']);

function trimValue(v: string, attribute: string): string {
  let out = v.replace(/[.,;:!?'’"]+$/, '').trim();
  // A diet's value, a schedule's ("Mondays and Wednesdays at 6pm"), a thing built ("a SaaS for
  // dentists"), a renewal's ("on March 3") and children's ages ("5 and 8") hold these words.
  if (!HOLDS_JOINING_WORDS.has(attribute) && !/^(?:schedule|age_of)_/.test(attribute))
    out = out.split(/\s+(?:as|with|since|because|and|but|for|when|while|after|before|until|so|to|from|on|at)\s+/i)[0];
  // A value cut at its length ends on the last word that says something ("animals with" -> "animals").
  else
    out = out
      // ...and not in the next clause ("allergic to shellfish | and I hate cilantro"; "peanuts and
      // tree nuts" is one allergy).
      .split(
        /\s+(?:(?:and|or)(?=\s+(?:I|we|you|he|she|they|it|my|our|that|this|so|also|then)\b)|but|so|because|since|which|though|although|when|while|if|as\s+well\s+as)\s+/i,
      )[0]
      .replace(/(?:\s+(?:and|or|with|of|to|the|a|an|some|most|like))+$/i, '');
  for (let i = 0; i < 3; i++)
    out = out
      .replace(
        /\s+(?:now|anymore|these days|recently|yesterday|today|last|this|next|(?:last|this|next) (?:week|month|year|weekend)|(?:a|one|two|few) (?:days?|weeks?|months?|years?) ago|ago|a while|good)$/i,
        '',
      )
      .replace(/[.,;:!?'’"]+$/, '')
      .trim();
  // When one moved or left is no part of the place or the employer ("to Austin last spring", "to
  // Porto in March 2025"); of an event trained for it is ("the half marathon in April").
  if (attribute === 'location' || attribute === 'employer' || attribute.startsWith('home_of_'))
    out = out.replace(WHEN_AFTER_A_PLACE, '').trim();
  // Where one works is no part of the role ("designer in Lisbon").
  if (attribute === 'occupation') out = out.split(/\s+in\s+/i)[0] as string;
  return out;
}

const WHEN_AFTER_A_PLACE =
  /\s+(?:(?:last|this|next) (?:spring|summer|fall|autumn|winter)|in (?:the )?(?:spring|summer|fall|autumn|winter)(?: of \d{4})?|(?:last|this|next|in|in early|in late) (?:January|February|March|April|May|June|July|August|September|October|November|December)(?: \d{4})?|in \d{4})$/i;

/** Words one of the attribute patterns needs: sentences without any skip the patterns. */
const ATTRIBUTE_GATE = new RegExp(
  String.raw`\b(?:url|endpoint|domain|host|hostname|port|region|server|database|db|environment|cluster|branch|command|deploy|version|deadline|date|sprint|repo|repository|monorepo|freeze|renew\w*|provider|admin|owner|contact|crm|users|freelance\w*|self-employed|myself|manage|lead|promoted|passed|died|lost|retired|sold|rid|traded|totall?ed|wrecked|crashed|smok\w*|vap(?:e|er|ing)|gambl\w*|drink(?:er|ing)?|quit|stopped|longer|surname|non-|ex-|eat|graduat\w*|student|rehom\w*|home|budget|salary|rent|weigh|weight|height|address|limit|rate|quota|UTC|GMT|[ECMP][SD]T|CES?T|EES?T|WES?T|BST|JST|KST|AES?T|NZ[DS]T|training|preparing|studying|practi[cs]ing|learning|drop|dropped|pulled|pull|withdrew|withdraw|gave|give|drive|bought|got|leased|adopted|rescued|live|lives|living|reside|based|staying|settled|moved|relocated|from|grew|born|raised|work|works|working|employed|joined|started|name|call|called|years?|y\/o|turned|e-?mail|phone|number|mobile|cell|married|single|engaged|divorced|dating|widowed|separated|broke|split|relationship|wife|husband|partner|girlfriend|boyfriend|fianc\S*|spouse|${ANIMAL}|${NATIONALITIES}|pet|goal|wake|bed|sleep|project|alone|personal|PB|PR|subscribed|membership|cancell?ed|unsubscribed|class|classes|lessons?|practice|shifts?|replaced|written|built|implemented|standup|stand-up|meeting|saved|turning|title|calls|wedding|trip|vacation|flights?|moving|relocating|holiday|postponed|rescheduled|pushed|planning|appointments?|sessions?|sync|retro|visited|been|run|completed|reading|re-reading|rereading|finished|commute|times|twice|once|daily|every|baby|child|kid|kids|children|twins|sister|brother|son|daughter|mom|mother|dad|father|cousin|aunt|uncle|grand\w+|niece|nephew|friend|roommate|neighbou?r|co-?founder|co-?worker|colleague|teammate|mentor|therapist|doctor|dentist|trainer|coach|landlord|accountant|lawyer|building|developing|have|own|makes|making|down|birthday|anniversary|time ?zone|hometown|language|major|nationality|pronouns|diet|religion|team|manager|boss|school|university|college|editor|ide|shell|terminal|browser|laptop|phone|car|os|operating|speak|vegan|vegetarian|pescatarian|allergic|allergy|allergies|diabetic|diabetes|asthma|celiac|coeliac|pregnant|diagnosed|intolerant|gluten|job|jobs|position|hired|laid|fired|unemployed|jobless|became|went|turned|become|gone|profession|occupation|role|plan|tier|subscription|package|edition|I['’]m\s+(?:now\s+)?an?|I\s+am\s+(?:now\s+)?an?|I['’]m\s+(?:now\s+)?\d+|I\s+am\s+(?:now\s+)?\d+)\b`,
  'i',
);

/**
 * A second clause that leaves its subject out ("I live in Lisbon and work as a data engineer at
 * Feedzai", "I'm vegetarian and allergic to shellfish"), said again with it, so the patterns read it
 * too. Only after the words such a clause opens with: "I'm tired and from now on ..." is no origin.
 */
const AND_CLAUSE =
  /\bI(?:['’]m|\s+am)?\s+[^.!?]*?(?:,\s*|\s+)(?:and|but)\s+(?:also\s+|now\s+)?(?:((?:work|live|speak|drive|own|have|grew\s+up|was\s+born)\b[^.!?]*)|((?:allergic|lactose|vegan|vegetarian|pescatarian|gluten|an?\s|based|living|from|originally|married|single|engaged|divorced|retired|on\s+the)\b[^.!?]*))/gi;

function clausesOf(text: string): string[] {
  const out = [text];
  // The first group says what one does ("I work ..."), the second what one is ("I'm allergic to ...").
  for (const [, does, is] of text.matchAll(AND_CLAUSE)) out.push(does ? `I ${does}` : `I'm ${is}`);
  return out;
}

export function detectAttributeFacts(text: string): AttributeFact[] {
  const out: AttributeFact[] = [];
  if (!ATTRIBUTE_GATE.test(text)) return out;
  // Shared by the clauses: a slot the whole sentence filled is not filled again by one of its clauses.
  const taken = new Set<string>();
  for (const clause of clausesOf(text)) readAttributeFacts(clause, taken, out);
  return out;
}

/** Attributes with one slot per thing they name ("pet_dog", "home_of_sister", "port_of_api"). */
const SLOT_PER_THING = new Set([
  'pet',
  'relative',
  'age_of',
  'home_of',
  'occupation_of',
  'port_of',
  'personal_best',
  'schedule',
  'written_in',
]);
/** Attributes whose thing is said as the speaker wrote it ("API base URL"), its slot in lower case. */
const SAID_AS_WRITTEN = new Set(['my', 'schedule', 'written_in', 'port_of']);

/** A kind as a slot spells it: "Guinea pig" -> "guinea_pig" (as the pet slots `pet_guinea_pig_...`). */
export function kindSlug(kind: string): string {
  return kind.toLowerCase().replace(/\s+/g, '_');
}

/** Attributes whose values add up, each its own slot ("speaks French", "speaks Spanish"). */
const ADDS_UP = new Set(['language', 'health', 'habit', 'location_left', 'subscription', 'building']);

/**
 * What a pattern caught that is no value of its attribute, attribute by attribute: each guard says
 * why. `moves`: said as a move ("we moved to ..."), where more words name no home.
 */
const NO_VALUE: Array<{ of: (attribute: string) => boolean; none: (value: string, moves: boolean) => boolean }> = [
  // An address has a number in it ("12 Oak St"; "my address is on file" says none).
  { of: (a) => a.endsWith('address'), none: (v) => !/\d/.test(v) },
  // A home is a place: not a word alone ("it", "there"), a plan ("the Enterprise plan"), a team or a tool.
  {
    of: (a) => a === 'location' || a.startsWith('home_of_'),
    none: (v, moves) =>
      /^(?:a|an|the|my|our|this|that|here|there|it)$/i.test(v) || ENDS_IN_PLAN.test(v) || notAPlace(v, moves),
  },
  // Where one is from in lower case is a place word ("the countryside") or no place ("from now on").
  { of: (a) => a === 'origin', none: (v) => notAPlace(v, true) || /^\d/.test(v) },
  // A birthday or an anniversary is a day of the year: "my birthday is next week" names none (its
  // line would say "next week" long after).
  {
    of: (a) => a === 'birthday' || a === 'anniversary',
    none: (v) => !/\d|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b/i.test(v),
  },
  // A branch's state is no branch: "the main branch is protected" names none.
  {
    of: (a) => a.endsWith('branch'),
    none: (v) =>
      /^(?:protected|locked|broken|green|red|failing|frozen|stable|clean|up to date|behind|ahead|outdated|stale|deployed|merged|deleted|read-only)\b/i.test(
        v,
      ),
  },
  // A trait or a liking said as a noun is no job ("a big fan", "an early riser", "a foodie").
  {
    of: (a) => a === 'occupation',
    none: (v) =>
      /\b(?:fan|lover|member|bit|lot|fun|person|big|little|huge|mess|wreck|believer|part|smoker|vaper|gambler|drinker|vegetarian|vegan|pescatarian|riser|sleeper|eater|learner|owl|introvert|extrovert|optimist|pessimist|perfectionist|procrastinator|worrier|overthinker|beginner|newbie|novice|foodie|homebody)\b/i.test(
        v,
      ),
  },
];

function namesNoValue(attribute: string, value: string, moves: boolean): boolean {
  return value === '' || NO_VALUE.some((guard) => guard.of(attribute) && guard.none(value, moves));
}

function readAttributeFacts(text: string, taken: Set<string>, out: AttributeFact[]): void {
  for (const p of ATTRIBUTE_PATTERNS) {
    const m = p.re.exec(text);
    if (!m) continue;
    const subject = p.named ? m[1] : undefined;
    // A word opening a chat line is no name ("Just moved to NYC!").
    if (
      subject &&
      /^(?:He|She|It|They|We|This|That|There|Everyone|Someone|Just|Finally|Recently|Also|Now|Today|Yesterday|Then|Still|Already|Officially|Anyway|So|Well|Oh|Hey|Hi|Actually|Basically|Honestly|Sadly|Luckily)$/.test(
        subject.split(/\s+/)[0] as string,
      )
    )
      continue;
    let attribute = p.attribute;
    let value: string;
    let v1 = '';
    if (p.named) value = m[2];
    else if (m.groups?.thing) {
      // The thing counted is the phrase's last word ("three road bikes": bikes), its slot the singular.
      const thing = m.groups.thing.toLowerCase().split(/\s+/).at(-1) as string;
      if (NOT_COUNTED.test(thing)) continue;
      v1 = m.groups.thing.toLowerCase();
      value = (m.groups.n as string).toLowerCase();
      // A child born is counted by its order ("our third child": three children).
      if (ORDINALS[value]) {
        value = ORDINALS[value] as string;
        v1 = 'children';
      }
      // Kids and children are one thing counted: "two kids", then "three children", is a new count.
      attribute = `${attribute}_${/^(?:kids?|child|children|bab(?:y|ies))$/.test(thing) ? 'child' : thing.replace(/(?:ies)$/, 'y').replace(/s$/, '')}`;
    } else if (attribute === 'habit') {
      const habit = habitOf(m.slice(1).find((g) => g !== undefined) ?? '');
      if (!habit) continue;
      value = habit.habit;
      v1 = habit.does;
    } else if (attribute === 'name_part') {
      const part = (m[1] as string).toLowerCase();
      v1 = NAME_PARTS[part] ?? part;
      value = m[2];
      attribute = `${v1}_name`;
    } else if (p.phrase.includes('V1')) {
      // Named groups where the value comes first ("Alice is my manager"), else the first two.
      const said = m.groups?.v1 ?? (m[1] as string);
      v1 = said.toLowerCase();
      value = m.groups?.v ?? (m[2] as string);
      const thing = kindSlug(v1);
      attribute =
        // A manager or boss by name is the one manager ("my manager Jonas", then "a new manager, Tom").
        attribute === 'relative' && (thing === 'manager' || thing === 'boss')
          ? 'manager'
          : attribute === 'my'
            ? // "budget for the trip": the trip's budget, a slot of its own.
              (SAME_SLOT[thing] ?? thing.replace(/_for_(?:the|this|my|our|a)_/, '_'))
            : SLOT_PER_THING.has(attribute)
              ? `${attribute}_${SAME_SLOT[thing] ?? thing}`
              : attribute;
      // Said as the speaker wrote it ("API base URL"), stored by its lower case.
      if (SAID_AS_WRITTEN.has(p.attribute)) v1 = said;
      // "stand-up" and "standup" are one meeting.
      if (p.attribute === 'schedule') attribute = attribute.replace('stand-up', 'standup');
      // A deed said of the subject: "go to the gym" -> "goes to the gym".
      if (p.attribute === 'frequency') {
        // "going to the gym" is the slot of "go to the gym".
        const deed = plainOfGerund(said.replace(/\s+/g, ' ').toLowerCase());
        v1 = thirdPerson(deed);
        attribute = `frequency_${deed.replace(/\s+/g, '_')}`;
      }
      if (p.attribute === 'planned') {
        // "moving to Denver" is the move planned; where a thing goes is said, not part of its slot (a
        // flight rescheduled is the same flight).
        v1 = said.replace(/\s+/g, ' ').replace(/^(?:moving|relocating)$/i, 'move');
        attribute =
          DATED_SLOT[v1.toLowerCase()] ??
          `planned_${v1
            .toLowerCase()
            .replace(/^[\p{L}-]+['’]s\s+/u, (m) => `${m.slice(0, -3).trim()}_`)
            .replace(/[^\p{L}]+/gu, '_')}`;
        if (m.groups?.dest) v1 = `${v1} ${m.groups.dest.replace(/\s+/g, ' ')}`;
      }
      if (p.attribute === 'personal_best') v1 = v1.replace(/\s+/g, ' ');
    } else if (m.groups?.allergen) {
      const allergen = m.groups.allergen.toLowerCase();
      if (NOT_AN_ALLERGEN.test(allergen)) continue;
      value = `allergic to ${ALLERGEN_PLURALS.has(allergen) ? `${allergen}s` : allergen}`;
    } else value = m.slice(1).find((g) => g !== undefined) as string;
    // A pattern's alternatives each capture the value (the one that matched is it): none is no value,
    // never a crash of learn.
    if (value === undefined) continue;
    // "My" opening a sentence is no name: "My girlfriend and I broke up" -> "their girlfriend".
    value = trimValue(value, attribute).replace(/^My\b/, 'my');
    if (namesNoValue(attribute, value, p.moves === true)) continue;
    // A diet replaces the one before (vegetarian -> vegan); allergies, intolerances, languages, pets
    // and relatives by name add up: each value is its own slot, so "allergic to shellfish as well" does not supersede "to peanuts".
    // (The attribute itself, and so the dedupe key, stays as it was: learning again merges, not doubles.)
    const addsUp =
      ADDS_UP.has(attribute) ||
      (attribute === 'diet' && !/^(?:vegan|vegetarian|pescatarian)$/i.test(value)) ||
      /^(?:pet|relative)_/.test(attribute);
    const kind = p.byKind ? kindOf(value) : null;
    if (p.byKind && !kind) continue;
    const slot = kind
      ? `${attribute}_${kind}`
      : addsUp
        ? `${attribute}_${value
            .toLowerCase()
            .replace(/\s+(?:as well|too|also)$/, '')
            .replace(/[^\p{L}]+/gu, '_')}`
        : attribute;
    // One fact per attribute from a sentence; per slot where slots are by kind or by value (a thing
    // given up and another taken up: "I stopped learning Spanish, I'm learning Japanese now").
    const takenKey = kind || addsUp ? `${slot}${p.ends ? ':ended' : ''}` : attribute;
    if (taken.has(takenKey)) continue;
    taken.add(takenKey);
    // Said of the subject ("their lifeline", not "my lifeline"), with the article its value takes ("an expert hiker").
    const phrase = p.phrase
      .replace('V1', v1)
      // "my pet Rex": the kind is the pet.
      .replace('pet pet ', 'pet ')
      .replace(/\bV\b/, ofTheSubject(withRelativeNamed(value, text)))
      // A role takes its article back ("works as a nurse"; the value is the role alone, "nurse").
      .replace(/\bworks as (?!(?:an?|the|their|his|her|my|our|first|head|chief|lead)\b)(?=\p{Ll})/u, 'works as a ')
      .replace(/\ba (?=[aeioAEIO])/, 'an ')
      .replace(/\b(parents|grandparents) lives\b/, '$1 live')
      .replace(/\b(lessons|classes|sessions|appointments|meetings) is on\b/, '$1 are on')
      .replace(/\bpronouns is\b/, 'pronouns are');
    out.push({
      attribute,
      value,
      phrase,
      subject,
      slot,
      ...(p.ends ? { ends: p.ends } : {}),
      ...(p.endsValueIn ? { endsValueIn: p.endsValueIn } : {}),
      ...(p.endsSlotsOf ? { endsSlotsOf: p.endsSlotsOf } : {}),
      ...(p.endsHead ? { endsHead: p.endsHead } : {}),
      ...(p.happened ? { happened: p.happened } : {}),
      // One's own move made is the move that was planned, wherever it was to.
      ...(p.moves && !subject && attribute === 'location' ? { closes: 'planned_move' } : {}),
    });
  }
}
