/**
 * Semantic extraction: statements -> fact, preference, instruction, episode and entity drafts.
 * Each kind is a small set of English patterns over one sentence; facts about an attribute
 * (location, employer, favourite X...) carry an attributeKey so a newer value supersedes the old.
 */
import { detectPastimes, pastimeNamed, pastimePhrase } from './activities.js';
import { contentStems, dedupeKeyOf, subjectSlug, words } from './normalise.js';
import { formatResolved, resolveDate } from './resolve-dates.js';
import type { Statement } from './segment.js';
import { CAR_MAKES, type EntityType, SOFTWARE_NAMES, spotEntities } from './spot-entities.js';
import type { MemoryDraft, MemoryKind } from './types.js';

const FIRST_PERSON = /\b(?:I|I'm|I've|I'd|I'll|I’m|I’ve|my|me|we|we're|we've|our|us)\b/;
const HEDGE = /\b(?:maybe|might|perhaps|probably|possibly|i think|i guess|not sure|kind of|sort of)\b/i;
const I = String.raw`\bI(?:\s+(?:really|absolutely|just|also|still|totally|truly|genuinely|honestly|do|actually|now|currently|definitely|kinda|kind of|sort of|always|usually))*`;
const IM = String.raw`\b(?:I\s+am|I['’]m)(?:\s+(?:really|absolutely|just|also|still|totally|truly|now|currently|actually|definitely|so))*`;

// ---------- instructions ----------

const PERMANENCE =
  /\b(?:always|never|from now on|going forward|in (?:the )?future|by default|whenever|every time|each time|at all times|don['’]?t ever|do not ever)\b/i;
const BEHAVIOUR_VERB =
  /^(?:use|reply|respond|answer|write|format|include|add|mention|ask|call|address|run|check|test|commit|push|deploy|show|explain|avoid|send|cite|summari[sz]e|suggest|recommend|provide|speak|talk|translate|put|prefer|refer|remind|notify|tell|greet|sign|end|double-check|confirm|stop|make|remember|note|list|return|output|give me|let me|wait|follow|stick|limit|capitali[sz]e|document|comment|prefix|ping|email|copy|save|store|log|stay|leave|open|close|create|delete|remove|update|install|upgrade|pin|lint|review|bold|sort|round|convert|quote)\b/i;
const IMPERATIVE_LEAD =
  /^(?:please\s+|pls\s+|kindly\s+)?(?:(?:always|never|also|just)\s+)*(?:(?:do\s+not|don['’]?t)\s+)?([a-z-]+(?:\s+me)?)/i;
/** "Be concise", "Keep answers short": style instructions whose verb alone is too common to trust. */
const BE_STYLE =
  /^(?:please\s+)?(?:always\s+)?(?:be|stay)\s+(?:more\s+|very\s+)?(?:concise|brief|short|polite|formal|informal|direct|specific|precise|honest|careful|thorough|terse|succinct)\b/i;
const KEEP_STYLE =
  /^(?:please\s+)?(?:always\s+)?keep\s+(?:your\s+|the\s+|all\s+)?(?:answers?|responses?|replies|messages?|code|explanations?|summaries|it|things|output)\s+(?:short|brief|concise|simple|under|below|in|to|clean|formal|casual)\b/i;
const LEADING_PERMANENCE = /^(?:from now on|going forward|in (?:the )?future|by default|for all future \w+)\s*,?\s*/i;
const YOU_MODAL =
  /\b(?:you\s+(?:should|must|need to|have to|shall|will|are to)|i\s+(?:want|need|would like|['’]d like)\s+you\s+to|make sure (?:you|to)|be sure to|remember to)\s+(?:always\s+|never\s+|not\s+)?([a-z-]+)/i;

/**
 * Words that join a sentence on to what was said before it ("Oh and never...", "Btw, always..."), or
 * correct it ("Actually, respond in English from now on").
 */
const JOINED_ON =
  /^(?:(?:and|oh|oh and|also|plus|btw|by the way|one more thing|last thing|anyway|actually|ok|okay|well|wait|no|instead|correction|change of plan)\b\s*[,:]?\s*)+/i;

/**
 * What an instruction is about, when that takes one value at a time: the language answers are in, how
 * long they are, the units, the tone, bullet points or not. A later instruction of the same topic
 * supersedes the earlier ("respond in Spanish", then "actually, respond in English from now on"). None
 * for an instruction of several topics or of another kind ("always run the tests before pushing"),
 * none for a format said for some case only ("use tables for comparisons": several may hold), and none
 * for one about a work product ("write commit messages in English" holds beside "respond in Spanish").
 */
const INSTRUCTION_TOPICS: Array<[string, RegExp]> = [
  [
    'language',
    /\b(?:in|into)\s+(?:plain\s+|simple\s+|formal\s+)?(?:English|Spanish|French|German|Portuguese|Italian|Dutch|Polish|Swedish|Norwegian|Danish|Finnish|Greek|Turkish|Russian|Ukrainian|Arabic|Hebrew|Hindi|Bengali|Urdu|Japanese|Chinese|Mandarin|Cantonese|Korean|Vietnamese|Thai|Indonesian|Malay|Tagalog|Czech|Romanian|Hungarian|Catalan)\b/,
  ],
  [
    'length',
    /\b(?:short|shorter|brief|briefer|concise|succinct|terse|detailed|more detail|in depth|in-depth|longer|verbose|thorough|elaborate|one sentence|few sentences|under \d+ words)\b/i,
  ],
  ['units', /\b(?:metric|imperial|celsius|fahrenheit|kilometers|kilometres|miles)\b/i],
  ['tone', /\b(?:formal|informal|casual|polite|friendly|professional)\b/i],
  ['bullets', /\b(?:bullet points?|bullets|bulleted)\b(?![^.!?]*\b(?:for|when|if)\b)/i],
];

function topicKey(subjKey: string, instruction: string): string | null {
  const topic = instructionTopic(instruction);
  return topic ? `${subjKey}:instruction:${topic}` : null;
}

/**
 * An instruction about some work product rather than the answers ("write code comments in English",
 * "always write detailed commit messages"): it holds beside one about the answers, so it takes no topic.
 */
const ABOUT_A_WORK_PRODUCT =
  /\b(?:code|comments?|commits?|commit messages?|docs|documentation|readme|tests?|variables?|functions?|pull requests?|PRs?|tickets?|issues?|logs?|emails?|e-mails?|reports?|slides|tables?|changelog|clients?|customers?)\b/i;

export function instructionTopic(instruction: string): string | null {
  if (ABOUT_A_WORK_PRODUCT.test(instruction)) return null;
  const topics = INSTRUCTION_TOPICS.filter(([, re]) => re.test(instruction)).map(([topic]) => topic);
  return topics.length === 1 ? (topics[0] as string) : null;
}

/** A standing instruction to the agent, or null. Only users, systems and feedback give them. */
export function detectInstruction(text: string): string | null {
  const said = text.trim();
  const joined = JOINED_ON.exec(said);
  // Read without the joining words, kept as said.
  const found = detectStanding(joined ? said.slice(joined[0].length) : said);
  return found === null ? null : said;
}

function detectStanding(t: string): string | null {
  if (t.length < 6) return null;
  const lead = IMPERATIVE_LEAD.exec(t.replace(LEADING_PERMANENCE, ''));
  const leadVerb = lead ? lead[1].toLowerCase() : '';
  const imperative = lead !== null && BEHAVIOUR_VERB.test(leadVerb);
  const pleased = /^(?:please|pls|kindly)\b/i.test(t) || /,\s*please[.!]?$/i.test(t);
  const modal = YOU_MODAL.exec(t);
  const modalVerb = modal ? BEHAVIOUR_VERB.test(modal[1]) || /^(?:not|never|always|keep|be)$/.test(modal[1]) : false;
  if (/^(?:please\s+)?(?:call me|address me as)\b/i.test(t)) return t;
  if (BE_STYLE.test(t) || KEEP_STYLE.test(t)) return t;
  if (imperative && (PERMANENCE.test(t) || pleased || /^(?:never|always|don['’]?t|do not)\b/i.test(t))) return t;
  // A choice said against its alternative is a standing one: "Use tabs, not spaces", "Reply in
  // English, not Spanish".
  if (
    imperative &&
    /^[^,;]{3,60},\s*(?:not|never|instead\s+of|rather\s+than)\s+(?!(?:that|this|those|these|it|them|one|me|you)\b)[\w'’ -]{2,40}[.!]?$/i.test(
      t,
    )
  )
    return t;
  if (modalVerb && (PERMANENCE.test(t) || /\b(?:want|need|would like|['’]d like)\s+you\s+to\b/i.test(t))) return t;
  if (
    modalVerb &&
    /\byou\s+(?:should|must)\b/i.test(t) &&
    /\b(?:answers?|responses?|replies|code|output|format|style|tone)\b/i.test(t)
  )
    return t;
  return null;
}

// ---------- preferences ----------

interface Preference {
  polarity: 'like' | 'dislike' | 'want';
  object: string;
  /**
   * A choice among things of one kind ("I prefer dark mode", "I switched to light mode"): the kind
   * (the object's head noun, "mode") is its slot, so a later choice of the kind supersedes it.
   */
  kind?: string;
  /** What a team says it uses ("we use pnpm"): `S uses X`, a choice of its kind too. */
  uses?: boolean;
  /** The kind of the thing a switch was made from ("switched from Postgres to CockroachDB"): its choice ends. */
  replaces?: string;
  /** A want said of a thing, not a deed ("considering sports brands", "dream of visiting"): no "to" before it. */
  ofThing?: true;
  /** A deed, said with "to" ("I like to collect jerseys", "I'd love to visit Japan", "I wanna start"). */
  toVerb?: true;
  /**
   * "My favourite drink is green tea": the category (as the speaker spelled it, with its word for
   * favourite). One slot per category, so a new favourite drink supersedes the old one.
   */
  favourite?: { word: string; category: string };
}

/** "I prefer X" chooses X over others of its kind; so does "I switched to X". */
const PREFER = new RegExp(
  `${I}(?:\\s+have|['’]ve)?\\s+(?:just\\s+|now\\s+|finally\\s+)?(?:prefer|(?:always|usually|now\\s+always)\\s+(?:book|choose|pick|order|go\\s+for)|(?:switched|changed|converted|migrated|upgraded|downgraded)\\s+(?:over\\s+|back\\s+)?(?:from\\s+[^,.;!?]+?\\s+)?to)\\s+(?!to\\b)(.+)`,
  'i',
);

/** "We use Postgres and pnpm", "we're running on Kubernetes", "I use VS Code": what a team or a person uses (or chose, below). */
const WE_USE =
  /\b(?:we|I)(?:\s+(?:now|currently|still|mostly|mainly|also|just|only|usually|always))*(?:\s+|(?=['’]))(?:use|are using|['’]re using|am using|['’]m using|run on|are running on|['’]re running on|rely on|(?:['’]ve\s+|have\s+)?(?:just\s+|recently\s+)?(?:started|begun|began)\s+using)\s+(.+)/i;
/** What a team moved, switched or migrated, said before "to" ("our CI", "the main database", "everything"). */
const WHAT_MOVED = String.raw`(?:\s+(?:over|everything|(?:our|the)\s+(?:[\w-]+\s+){0,2}?[\w-]+))?\s+to`;
/** "We decided to go with Qdrant", "we settled on Vite", "let's go with Auth.js", "we upgraded to Postgres 16", "our CI runs on GitHub Actions": a team's choice of a named thing. */
const WE_CHOSE = new RegExp(
  String.raw`\b(?:[Ll]et['’]?s\s+(?:go\s+with|use|stick\s+with)|[Ww]e(?:\s+(?:finally|just|eventually|recently|now))?\s+(?:(?:have\s+)?decided\s+to\s+(?:go\s+with|use|adopt|host\s+(?:on|with)|deploy\s+(?:with|on|to|via))|chose|picked|settled\s+on|opted\s+for|standardi[sz]ed\s+on|(?:have\s+)?(?:upgraded|migrated|switched)${WHAT_MOVED}|deploy\s+(?:with|on|to|via)|host\s+(?:on|with)|build\s+with|test\s+with|run\s+(?:our\s+)?(?:CI|tests)\s+(?:on|with))|[Oo]ur\s+(?:CI|CI\/CD|builds?|pipelines?|tests)\s+(?:now\s+)?(?:runs?|are\s+run|is\s+run)\s+(?:on|with|in))\s+(\p{Lu}.*)`,
  'u',
);
/** "We moved our CI to CircleCI": a choice only when what it moved to is a known thing (not "we moved to Austin"). */
const WE_MOVED = new RegExp(
  String.raw`\b[Ww]e(?:\s+(?:finally|just|eventually|recently|now))?\s+(?:have\s+)?moved${WHAT_MOVED}\s+(\p{Lu}.*)`,
  'u',
);
/** "We switched from Postgres to CockroachDB", "I migrated from X to Y": the second replaces the first. */
const SWITCH_FROM =
  /\b(I|we)(?:\s+have|['’]ve)?\s+(?:just\s+|now\s+|finally\s+|recently\s+)?(?:switched|changed|converted|migrated)\s+(?:over\s+|back\s+)?(?:(?:our|my|the)\s+[\w-]+\s+)?from\s+(.+?)\s+(?:over\s+)?to\s+(.+)/i;

/** A runtime or tool a team is on, with its version: "we're on Node 20" (not "we're on vacation"). */
const WE_ON = /\b[Ww]e(?:['’]re|\s+are)\s+(?:now\s+|still\s+)?on\s+(\p{Lu}[\w.+#-]*\s+v?\d[\d.]*)(?!\w)/u;

/** A version moved to, said without its name the second time: "we moved from Python 3.11 to 3.12". */
const VERSION_MOVED =
  /\b(?:I|[Ww]e)(?:\s+have|['’]ve)?\s+(?:just\s+|finally\s+|recently\s+)?(?:moved|upgraded|migrated|switched|went)\s+from\s+(\p{L}[\w.+#-]*(?:\s+\p{L}[\w.+#-]*)?)\s+v?\d[\d.]*\s+to\s+v?(\d[\d.]*)\b/u;

/** "I replaced my Kindle with a Kobo": a switch (groups as SWITCH_FROM's: who, from, to). */
const REPLACED_WITH =
  /\b(I|we)(?:\s+have|['’]ve)?\s+(?:just\s+|finally\s+|recently\s+)?replaced\s+(?:my|our|the)\s+(.+?)\s+with\s+(.+)/i;

const LIKE = new RegExp(
  `${I}\\s+(?:love|loved|like|enjoy|adore|prefer|appreciate|am (?:really )?into|am (?:a )?(?:big |huge )?fan of|am passionate about)\\s+(.+)`,
  'i',
);
const LIKE_IM = new RegExp(
  `${IM}\\s+(?:(?:really|so|very)\\s+)?(?:into|a (?:big |huge )?fan of|passionate about|obsessed with|crazy about|keen on|fond of)\\s+(.+)`,
  'i',
);
const DISLIKE = new RegExp(
  `${I}\\s+(?:hate|dislike|detest|loathe|can['’]?t stand|cannot stand|don['’]?t (?:really )?(?:like|enjoy|love)|do not (?:like|enjoy)|never liked)\\s+(.+)`,
  'i',
);
const DISLIKE_IM = new RegExp(`${IM}\\s+not\\s+(?:really\\s+)?(?:into|a (?:big )?fan of|keen on|fond of)\\s+(.+)`, 'i');
const WANT = new RegExp(
  `${I}(?:\\s+|(?=['’]))(?:want|wanna|would (?:really )?(?:love|like)|['’]d (?:really )?(?:love|like)|wish|hope|plan|intend|dream(?:\\s+of)?|aim)\\s+(?:to\\s+)?(.+)`,
  'i',
);
const WANT_IM = new RegExp(
  // "going" is a want only before "to" and a verb: "I'm going to a conference", "going for my dreams" are not.
  // Case-sensitive: a capital after "going to" is a place gone to ("I'm going to Tokyo in May").
  `${IM}\\s+(?:planning|hoping|going(?=\\s+to\\s+(?!(?:a|an|the|my|our|his|her|their|this|that|some|see|need|have|be)\\b)[a-z])|aiming|looking forward|thinking about|considering)\\s+(?:to\\s+)?(.+)`,
);
const FAVOURITE =
  /\bmy\s+(?:new\s+|current\s+|all-time\s+|absolute\s+)?(favou?rite|go-to)\s+([a-z][a-z -]{1,30}?)\s+(?:is|are|was|has to be)\s+(?:now\s+)?(.+)/i;
/** The same said the other way round, as a whole sentence: "Green is my favorite color now." */
const FAVOURITE_FIRST =
  /^\s*(?!(?:this|that|it|which|what|there|here|mine|yours|he|she|they)\b)([\p{L}\p{N}'’&-]+(?:\s+[\p{L}\p{N}'’&-]+){0,3})\s+(?:is|are)\s+(?:now\s+|still\s+)?my\s+(?:new\s+|current\s+|all-time\s+|absolute\s+)?(favou?rite|go-to)\s+([a-z][a-z -]{1,30}?)(?:\s+now)?\s*[.!]?\s*$/iu;

/** Verbs that end a habit, a diet or a thing learned: "I stopped drinking coffee", "I gave up being vegan". */
const GIVE_UP = String.raw`(?:stopped|quit|gave\s+up|given\s+up)`;

/**
 * A habit or a liking that ended: "I stopped drinking coffee", "I gave up eating meat" (smoking is a
 * habit of its own, with or without what is smoked: the attribute patterns' `habit`).
 */
const HABIT_GERUND = '(?:drinking|eating|using|playing|watching|taking|buying|wearing|listening to|going to)';
const HABIT_VERB = '(?:drink|eat|use|play|watch|take|buy|wear|listen to|go to)';
const STOPPED = new RegExp(
  `${I}(?:\\s+(?:have|['’]ve)|['’]ve)?\\s+(?:just\\s+|finally\\s+|recently\\s+)?(?<verb>${GIVE_UP})\\s+(?<deed>${HABIT_GERUND})\\s+(?<thing>.+)`,
  'i',
);
/** A pastime given up, said without a verb for it: "I gave up piano", "I quit tennis last year". */
const STOPPED_PASTIME = new RegExp(
  `${I}(?:\\s+(?:have|['’]ve)|['’]ve)?\\s+(?:just\\s+|finally\\s+|recently\\s+)?(?<verb>${GIVE_UP})\\s+(?:the\\s+|my\\s+)?(?<thing>[\\p{L}-]+(?:\\s+[\\p{L}-]+)??)(?=\\s*(?:[,.;!?]|$)|\\s+(?:last|this|a|after|because|when|for\\s+good|years?|months?|weeks?|altogether|completely|and|but|lessons|classes)\\b)`,
  'iu',
);
/** "I don't drink coffee any more", "I no longer eat meat". */
const NO_LONGER = new RegExp(
  `${I}\\s+(?:(?:don['’]?t|do\\s+not)\\s+(?<deed>${HABIT_VERB})\\s+(?<thing>[^,.;!?]+?)\\s+any\\s?more\\b|no\\s+longer\\s+(?<deed2>${HABIT_VERB})\\s+(?<thing2>.+))`,
  'i',
);

/** A habit or liking that ended, as the memory says it after the subject, and the thing it was of. */
export interface EndedHabit {
  /** "stopped drinking coffee", "no longer eats meat". */
  phrase: string;
  /** "coffee": its opinion slot is the one "I love coffee" was learned into. */
  thing: string;
  /** "drinking coffee": the slot of "I love drinking coffee". */
  deed: string;
}

/**
 * The slot of a liking or disliking of a thing ("likes coffee"), which a later opinion of it and a
 * habit given up ("stopped drinking coffee") supersede.
 */
function opinionSlot(subjKey: string, object: string): string {
  return `${subjKey}:opinion:${contentStems(object).join('-')}`;
}

/** A deed's plain form from its gerund: "going to the gym" -> "go to the gym", "running" -> "run". */
function plainOfGerund(deed: string): string {
  const [head, ...rest] = deed.split(' ');
  if (!head?.endsWith('ing')) return deed;
  const stem = head.slice(0, -3);
  const plain = /(?:nn|mm|pp)$/.test(stem)
    ? stem.slice(0, -1)
    : /(?:at|it|iz|v|c|g)$/.test(stem) && stem !== 'do'
      ? `${stem}e`
      : stem;
  return [plain, ...rest].join(' ');
}

/** "drink" -> "drinks", "watch" -> "watches", "go to" -> "goes to". */
function thirdPerson(verb: string): string {
  const [head, ...rest] = verb.toLowerCase().split(/\s+/);
  const h = head as string;
  return [/(?:ch|sh|s|x|o)$/.test(h) ? `${h}es` : `${h}s`, ...rest].join(' ');
}

/** Words one of the habit patterns needs: sentences without any skip them. */
const ENDED_GATE = new RegExp(String.raw`\b(?:${GIVE_UP}|any\s?more|no\s+longer)\b`, 'i');

export function detectEndedHabit(text: string): EndedHabit | null {
  if (!ENDED_GATE.test(text)) return null;
  const stopped = STOPPED.exec(text);
  if (stopped?.groups && !inRelativeClause(text, stopped.index)) {
    const thing = cleanObject(stopped.groups.thing as string);
    if (!thing) return null;
    const verb = (stopped.groups.verb as string).toLowerCase().replace(/\s+/g, ' ').replace('given up', 'gave up');
    const deed = `${(stopped.groups.deed as string).toLowerCase()} ${thing}`;
    return { phrase: `${verb} ${deed}`, thing, deed };
  }
  const bare = STOPPED_PASTIME.exec(text);
  if (bare?.groups && !inRelativeClause(text, bare.index)) {
    // Only a pastime ("I quit Acme" is a job left, read by the attribute patterns).
    const pastime = pastimeNamed(bare.groups.thing as string);
    if (pastime) {
      const verb = (bare.groups.verb as string).toLowerCase().replace(/\s+/g, ' ').replace('given up', 'gave up');
      return { phrase: `${verb} ${pastime.name}`, thing: pastime.name, deed: pastime.name };
    }
  }
  const no = NO_LONGER.exec(text);
  if (!no?.groups || inRelativeClause(text, no.index)) return null;
  const thing = cleanObject((no.groups.thing ?? no.groups.thing2) as string);
  if (!thing) return null;
  const verb = (no.groups.deed ?? no.groups.deed2) as string;
  return { phrase: `no longer ${thirdPerson(verb)} ${thing}`, thing, deed: `${verb.toLowerCase()} ${thing}` };
}

/** What one drinks, without the amount ("two cups of coffee" is coffee): a word or two, cut before a time or manner. */
const DRUNK = String.raw`(?:(?:a\s+lot|lots|plenty|tons|a\s+cup|a\s+glass|a\s+bottle|(?:\w+\s+)?(?:cups?|glasses|mugs?|bottles|cans?|shots?))\s+of\s+)?(?<thing>[a-z]+(?:\s+(?!(?:after|before|at|in|on|with|when|because|during|every|each|a|an|the|any|anymore|again|or|and|but|now|these|daily|too|either|today|lately|more|less|instead)\b)[a-z]+)?)`;
/**
 * A held habit of drink, each way of saying it its own pattern (a name may not repeat in one pattern):
 * "I don't drink coffee", "I started drinking coffee again", "I drink coffee every morning".
 */
const DRINKS: Array<{ re: RegExp; does: boolean }> = [
  {
    re: new RegExp(
      String.raw`\bI\s+(?:(?:just|also|still|honestly|actually|really)\s+)?(?:don['’]?t|do\s+not|never)\s+drink\s+${DRUNK}(?=\s*(?:[,.;!?]|$)|\s+(?:at\s+all|now|these\s+days|because|since|and|but|either|as)\b)`,
      'i',
    ),
    does: false,
  },
  {
    re: new RegExp(
      String.raw`\bI\s+(?:(?:have|['’]ve)\s+)?(?:(?:just|recently|finally|now)\s+)?(?:started|began|took\s+up)\s+drinking\s+${DRUNK}`,
      'i',
    ),
    does: true,
  },
  {
    re: new RegExp(
      String.raw`\bI\s+(?:(?:usually|always|now|still|also|mostly|often)\s+)?drink\s+${DRUNK}(?=\s+(?:every|each|daily|a\s+day|in\s+the\s+(?:morning|evening)|most\s+(?:days|mornings)|now|again|these\s+days)\b)`,
      'i',
    ),
    does: true,
  },
];
/** A habit held: "does not drink coffee" or "drinks coffee", in the slot a liking of it and its end share. */
export function detectHeldHabit(text: string): { phrase: string; thing: string; deed: string; does: boolean } | null {
  if (!/\bdrink/i.test(text)) return null;
  for (const { re, does } of DRINKS) {
    const m = re.exec(text);
    if (!m?.groups || inRelativeClause(text, m.index)) continue;
    const thing = m.groups.thing?.toLowerCase();
    if (
      !thing ||
      /^(?:it|that|this|them|much|enough|alcohol|anything|something|nothing|and|or|any\s?more)$/.test(thing)
    )
      continue;
    return { phrase: `${does ? 'drinks' : 'does not drink'} ${thing}`, thing, deed: `drinking ${thing}`, does };
  }
  return null;
}

/**
 * A comma before a short closing phrase of manner that qualifies the object ("short answers, in
 * German", "tea, without sugar"): part of the preference, not a new clause, so the comma goes before
 * the object is cut at the first clause boundary (else "in German" was lost).
 */
const QUALIFIER_COMMA =
  /,\s+(?=(?:in|with|without|by|via|over|on)\s+(?:the\s+|a\s+)?[\p{L}\d-]+(?:\s+[\p{L}\d-]+)?\s*(?:[.!?;]|$))/iu;

/** Words an object cut short must not end on. */
const DANGLING =
  /^(?:a|an|the|and|or|of|to|for|with|in|on|at|by|from|as|you|i|i['’]d|i['’]m|me|my|your|our|their|his|her|its|so|that|which|who|whom|how|what|it|is|are|was|were|be|than|very|more|most)$/i;

/**
 * Whether the "I" at `index` opens a relative clause: "pottery, which I use for self-expression",
 * "something I love is...", "a job I enjoy every day", "what I like to hear". What follows it is said of
 * the thing before, not a liking or a want of the speaker's.
 */
function inRelativeClause(text: string, index: number): boolean {
  const before = text.slice(Math.max(0, index - 60), index);
  return (
    /\b(?:which|whom|who|what|whatever|something|anything|everything|nothing|stuff|things?|ones?)\s+$/i.test(before) ||
    // A noun before it ("a job I enjoy"), unless the noun ends an opening phrase ("in my free time I enjoy").
    /(?<!\b(?:in|on|at|for|during|with|from|of|after|before|since|by|to|over|through)\s+)\b(?:a|an|the|this|these|those|my|our|some|any|every|each)\s+(?:[\w'’-]+\s+){1,2}$/i.test(
      before,
    )
  );
}

/** Longest object kept whole; a longer one is cut at its last phrase boundary within it. */
const OBJECT_WORDS = 10;
/** Words that open a new phrase: an object cut short is cut before the last of them. */
const OPENS_PHRASE = /^(?:and|or|with|in|on|at|for|to|from|that|which|who|like|because|before|after|during|near)$/i;

/** The object of a preference: cut at the first clause boundary, at most OBJECT_WORDS words. */
function cleanObject(raw: string): string | null {
  let o = raw
    .replace(QUALIFIER_COMMA, ' ')
    .split(
      /[,;:!?()]|\.(?!\w)|\s*[-–—]+\s+|\s+(?:but|because|since|although|though|so(?!\s+(?:much|many|far|long|well)\b)|when|while|and (?:I|we|it|that|this|they|she|he|my)(?:['’]\w+)?|as well as)\s+/i,
    )[0];
  o = o.replace(/\s+(?:so much|a lot|very much|too|as well|anymore|any more|lately|these days|right now|now)$/i, '');
  // When it was chosen is no part of what was chosen ("the Business plan last week"); a time to come
  // is ("make it for my family this weekend", "visit Japan next spring").
  o = o.replace(
    /(?:^|\s+)(?:yesterday|today|recently|last (?:week|weekend|month|year|night|time)|(?:a|one|two|three|few|couple of) (?:days?|weeks?|months?|years?) ago|ago)$/i,
    '',
  );
  o = o.replace(/^(?:to\s+)/i, '').trim();
  const w = o.split(/\s+/).filter(Boolean);
  if (w.length === 0) return null;
  if (/^(?:it|that|this|them|you|him|her|those|these|so|too|one|the idea|what)$/i.test(o)) return null;
  if (
    /^(?:you|your|yours|they|their|he|his|she|her|it|we|i|when|if|how|that|what|everyone|everything|someone|something|just)\b/i.test(
      o,
    )
  )
    return null;
  if (contentStems(o).length === 0) return null;
  if (w.length > OBJECT_WORDS) {
    // Cut before the last phrase that starts within the limit ("a good school for my kids | and a house"),
    // and not on a word that only leads into the rest.
    w.length = OBJECT_WORDS;
    let opens = w.length - 1;
    while (opens >= 2 && !OPENS_PHRASE.test(w[opens] as string)) opens--;
    if (opens >= 2) w.length = opens;
    while (w.length > 1 && DANGLING.test(w[w.length - 1] as string)) w.pop();
    return w.join(' ');
  }
  return o;
}

/** An object without the phrase or clause after its head: "vegetarian recipes that take under 30 minutes" -> "vegetarian recipes". */
function headOf(object: string): string {
  return object.split(
    /\s+(?:in|on|for|with|without|at|over|under|to|from|of|by|than|instead|when|while|that|which|who|where|such as|like|as|because|if|since|during|after|before|until|within)\s+/i,
  )[0] as string;
}

/**
 * The kind of thing a chosen object is: the stem of its head noun, the last content word before a
 * preposition ("dark mode in every editor" -> "mode", "the Dracula theme" -> "theme"). One word
 * ("Qdrant") is its own kind, unless KNOWN_KINDS names it (choiceKind: "tea" is a drink).
 */
function kindOf(object: string): string | null {
  // The head noun ends where a prepositional phrase or a relative clause starts: "vegetarian recipes
  // that take under 30 minutes" is of recipes, not of minutes.
  const head = headOf(object);
  // A dotted name is its own kind, not its suffix's: "Next.js" and "Auth.js" are no two of a "js".
  if (/^[\p{L}\d-]+(?:\.[\p{L}\d-]+)+$/u.test(head.trim())) return head.trim().toLowerCase();
  // A version is no kind: "Postgres 15" is a `postgr`.
  const stems = contentStems(head).filter((stem) => !/^[\d.]+$/.test(stem));
  return stems.length > 0 ? (stems[stems.length - 1] as string) : null;
}

/**
 * Things whose kind no word of theirs says ("I use VS Code", then "I switched to Neovim": both are
 * editors; "I prefer tea", then "I prefer coffee now": drinks), so a choice of one supersedes a choice
 * of another. A small closed list, as places and car makes have theirs; any other name is its own kind
 * (its head noun, kindOf). Memories learned before it keep the key they were learned with.
 */
const KNOWN_KINDS: Record<string, string> = Object.fromEntries(
  Object.entries({
    editor:
      'vs code|vscode|visual studio code|visual studio|vim|neovim|nvim|emacs|sublime|sublime text|intellij|intellij idea|webstorm|pycharm|goland|rider|xcode|android studio|zed|cursor|atom|nano|helix|notepad++',
    database:
      'postgres|postgresql|mysql|mariadb|sqlite|mongodb|mongo|cockroachdb|yugabytedb|dynamodb|cassandra|oracle|sql server|mssql|supabase|planetscale|neon|firestore|couchdb|clickhouse|duckdb',
    browser: 'chrome|google chrome|firefox|safari|edge|microsoft edge|brave|arc|opera|vivaldi|chromium',
    // A Mac, a MacBook or a PC chosen over Windows or Linux is chosen for its system.
    'operating system':
      'linux|windows|macos|mac os|osx|ubuntu|debian|fedora|arch|arch linux|nixos|mint|linux mint|mac|macbook|macbook pro|macbook air|imac|pc|windows pc|chromebook',
    'package manager': 'npm|pnpm|yarn|bun|poetry|pip|uv|conda|homebrew|brew',
    shell: 'bash|zsh|fish|powershell|nushell',
    ci: 'github actions|circleci|circle ci|jenkins|travis|travis ci|gitlab ci|buildkite|drone|teamcity|bitbucket pipelines|azure pipelines',
    'test runner': 'jest|vitest|mocha|jasmine|ava|pytest|unittest|rspec|minitest|junit|playwright test|cypress',
    hosting:
      'vercel|netlify|heroku|fly.io|fly|render|railway|aws|amazon web services|gcp|google cloud|azure|digitalocean|digital ocean|cloudflare pages|cloudflare workers|hetzner|linode',
    phone:
      'iphone|pixel|google pixel|galaxy|samsung galaxy|oneplus|android phone|nothing phone|xiaomi|motorola|moto|fairphone',
    laptop: 'thinkpad|xps|dell xps|surface laptop|framework laptop|zenbook|spectre|razer blade|yoga',
    'web framework':
      'next.js|nextjs|next|remix|nuxt|sveltekit|astro|gatsby|rails|ruby on rails|django|laravel|express|fastify|nestjs|flask|fastapi|spring boot|phoenix',
    'auth provider': 'auth.js|nextauth|clerk|auth0|lucia|passport|firebase auth|supabase auth|cognito|workos|stytch',
    // Notion is no one kind (notes, documents, tasks): what it is used for says which (PURPOSE_KINDS).
    'task manager':
      'todoist|ticktick|things 3|omnifocus|any.do|microsoft to do|todo.txt|remember the milk|apple reminders|wunderlist|trello|asana|clickup',
    'notes app':
      'obsidian|evernote|onenote|apple notes|bear|logseq|roam|roam research|simplenote|joplin|google keep|standard notes',
    'password manager': '1password|bitwarden|lastpass|dashlane|keepass|keepassxc|proton pass',
    'music service': 'spotify|apple music|tidal|youtube music|deezer|pandora|amazon music|soundcloud',
    drink:
      'tea|green tea|black tea|herbal tea|coffee|black coffee|espresso|latte|cappuccino|flat white|matcha|hot chocolate|water|sparkling water|juice|orange juice|beer|wine|red wine|white wine|soda|cola|kombucha',
  }).flatMap(([kind, names]) => names.split('|').map((name): [string, string] => [name, kind])),
);

/** A chosen thing's name as KNOWN_KINDS lists it: its head, lower case, without article or version. */
function choiceName(object: string): string {
  return headOf(object)
    .toLowerCase()
    .replace(/^(?:the|a|an)\s+/, '')
    .replace(/\s+(?:now|instead|again)$/, '')
    .replace(/\s+v?\d[\d.]*$/, '');
}

/**
 * What a thing used for a purpose is, by the purpose ("Notion for my to-do lists" is a task manager, as
 * Todoist is): the words a purpose is said in, to the kind KNOWN_KINDS gives the things made for it.
 */
const PURPOSE_KINDS: Record<string, string> = Object.fromEntries(
  Object.entries({
    'task manager':
      'to-do list|to-do lists|todo list|todo lists|to-dos|todos|tasks|task list|task lists|task management|to-do app|todo app',
    'notes app': 'notes|note-taking|note taking|taking notes',
    'password manager': 'passwords',
    'music service': 'music|streaming music|music streaming|listening to music',
  }).flatMap(([kind, purposes]) => purposes.split('|').map((p): [string, string] => [p, kind])),
);

/** "for my to-do lists" at an object's end: the purpose, without the owner. */
const PURPOSE = /\s+for\s+(?:(?:my|our|their|his|her|the|all|all of)\s+)*(.+?)\s*$/i;

/**
 * The kind a choice is of: a known thing's (KNOWN_KINDS: "Postgres 15 for the api" is a database),
 * else a known purpose's ("Notion for my to-do lists": a task manager), else its head noun's.
 */
function choiceKind(object: string): string | null {
  const purpose = PURPOSE.exec(object)?.[1]?.toLowerCase();
  const known = KNOWN_KINDS[choiceName(object)] ?? (purpose ? PURPOSE_KINDS[purpose] : undefined);
  if (known) return known.replace(/\s+/g, '_');
  const head = kindOf(object);
  return (head && KIND_OF_HEAD.get(head)) ?? head;
}

/**
 * A known kind by the word that names it ("the MySQL database" is of the kind "database", as "Postgres"
 * is), when one kind alone ends in that word ("manager" ends three).
 */
const KIND_OF_HEAD = (() => {
  const byHead = new Map<string, string | null>();
  for (const kind of new Set(Object.values(KNOWN_KINDS))) {
    const head = contentStems(kind).at(-1);
    if (head) byHead.set(head, byHead.has(head) ? null : kind.replace(/\s+/g, '_'));
  }
  return new Map([...byHead].filter((e): e is [string, string] => e[1] !== null));
})();

/** The kinds KNOWN_KINDS and PURPOSE_KINDS name, as choiceKind writes them ("task_manager"). */
const NAMED_KINDS = new Set(
  [...Object.values(KNOWN_KINDS), ...Object.values(PURPOSE_KINDS)].map((k) => k.replace(/\s+/g, '_')),
);

/**
 * What kind of thing a choice is, said after it when no word of it says so ("uses MySQL (database)",
 * "prefers Todoist (task manager)"): "What database do we use?" finds the memory by its kind.
 */
function kindNote(object: string, kind: string | undefined): string {
  if (!kind || !NAMED_KINDS.has(kind)) return '';
  const label = kind.replace(/_/g, ' ');
  return contentStems(object).includes(contentStems(label).at(-1) ?? '') ? '' : ` (${label})`;
}

/** Whether a thing is one KNOWN_KINDS names (a version aside): "CircleCI" is, "Austin" is not. */
function isKnownThing(object: string): boolean {
  return KNOWN_KINDS[choiceName(object)] !== undefined;
}

/** The kind a switch ("from Y to X") leaves, when it is not the kind of what it chose (that one supersedes anyway). */
function replacedKind(switched: RegExpExecArray | null, kind: string): { replaces?: string } {
  const from = switched ? cleanObject(switched[2] as string) : null;
  const replaces = from ? choiceKind(from) : null;
  return replaces && replaces !== kind ? { replaces } : {};
}

/** What a team uses, one choice per thing named ("Postgres 15 and pnpm"), and what it switched to. */
function teamChoices(text: string, switched: RegExpExecArray | null): Preference[] {
  const out: Preference[] = [];
  if (switched && /^we$/i.test(switched[1] as string)) {
    const to = cleanObject(switched[3] as string);
    // A plan switched to is the account's plan (an attribute fact), not a thing the team uses.
    const kind = to && !ENDS_IN_PLAN.test(to) ? choiceKind(to) : null;
    if (to && kind) out.push({ polarity: 'like', object: to, kind, uses: true, ...replacedKind(switched, kind) });
    return out;
  }
  const moved = WE_MOVED.exec(text);
  const used = WE_USE.exec(text) ?? WE_CHOSE.exec(text) ?? moved ?? WE_ON.exec(text);
  const objects = used && !inRelativeClause(text, used.index) ? cleanObject(used[1] as string) : null;
  for (const object of objects?.split(/\s*,\s*|\s+and\s+/) ?? []) {
    const kind = choiceKind(object);
    if (used === moved && !isKnownThing(object)) continue;
    if (object.length > 0 && kind) out.push({ polarity: 'like', object, kind, uses: true });
  }
  return out;
}

export function detectPreferences(text: string): Preference[] {
  const out: Preference[] = [];
  const fav = FAVOURITE.exec(text);
  const first = fav ? null : FAVOURITE_FIRST.exec(text);
  if (fav || first) {
    const [word, category, object] = fav ? [fav[1], fav[2], fav[3]] : [first?.[2], first?.[3], first?.[1]];
    const obj = cleanObject(object as string);
    if (obj)
      out.push({
        polarity: 'like',
        object: obj,
        favourite: { word: (word as string).toLowerCase(), category: (category as string).trim().toLowerCase() },
      });
  }
  const dis = DISLIKE.exec(text) ?? DISLIKE_IM.exec(text);
  if (dis && !inRelativeClause(text, dis.index)) {
    const obj = cleanObject(dis[1]);
    if (obj) out.push({ polarity: 'dislike', object: obj });
  }
  const want = WANT.exec(text) ?? WANT_IM.exec(text);
  if (want && !/^you\b/i.test(want[1]) && !inRelativeClause(text, want.index)) {
    const obj = cleanObject(want[1]);
    const lead = want[0].slice(0, want[0].length - (want[1] as string).length);
    const ofThing = /\b(?:considering|thinking about|looking forward(?:\s+to)?|dream of)\s+$/i.test(lead);
    const toVerb = !ofThing && /(?:\bto|\bwanna)\s+$/i.test(lead);
    if (obj)
      out.push({ polarity: 'want', object: obj, ...(ofThing ? { ofThing } : {}), ...(toVerb ? { toVerb } : {}) });
  }
  const version = VERSION_MOVED.exec(text);
  if (version) {
    const object = `${version[1]} ${version[2]}`;
    const kind = choiceKind(object);
    if (kind) return [...out, { polarity: 'like', object, kind, uses: true }];
  }
  const replaced = REPLACED_WITH.exec(text);
  const switched = SWITCH_FROM.exec(text) ?? replaced;
  const team = teamChoices(text, switched);
  if (team.length > 0) return [...out, ...team];
  // "I replaced my Kindle with a Kobo": a choice of the new one, ending the old one's kind.
  const replacement = replaced && !/^we$/i.test(replaced[1] as string) ? cleanObject(replaced[3] as string) : null;
  const replacementKind = replacement ? choiceKind(replacement) : null;
  if (replacement && replacementKind) {
    out.push({
      polarity: 'like',
      object: replacement,
      kind: replacementKind,
      ...replacedKind(replaced, replacementKind),
    });
    return out;
  }
  const choice = PREFER.exec(text);
  if (choice && !fav) {
    // When the switch was made is no part of what was chosen ("day shifts this month").
    const obj = cleanObject(choice[1] as string)?.replace(/\s+this\s+(?:week|month|year)$/i, '') ?? null;
    const kind = obj && !ENDS_IN_PLAN.test(obj) ? choiceKind(obj) : null;
    if (obj && kind) {
      out.push({ polarity: 'like', object: obj, kind, ...replacedKind(switched, kind) });
      return out;
    }
  }
  const like = LIKE.exec(text) ?? LIKE_IM.exec(text);
  if (like && !fav && !inRelativeClause(text, like.index)) {
    const obj = cleanObject(like[1]);
    const toVerb = /^\s*to\s+/i.test(like[1] as string);
    if (obj) out.push({ polarity: 'like', object: obj, ...(toVerb ? { toVerb } : {}) });
  }
  return out;
}

// ---------- attribute facts ----------

interface AttributeFact {
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
}

const VALUE = String.raw`((?:[\p{L}\p{N}'’.&-]+)(?:\s+[\p{L}\p{N}'’.&-]+){0,4})`;
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

/** A count of things, as a number or a word. */
const COUNT = String.raw`(?<n>\d+|no|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)`;
/** Words ending in s a count is never of ("I own two of those", "makes two as well"). */
const NOT_COUNTED =
  /^(?:as|is|was|has|does|this|his|its|yes|plus|less|unless|thus|ones|us|minutes|hours|days|weeks|months|years|times|dollars|euros|pounds|miles|kilos|points)$/i;

/** An organization's name: up to four capitalised words ("Spotify", "Kaiser Permanente"). */
const ORG = String.raw`([\p{Lu}][\p{L}\p{N}&.-]*(?:['’]s)?(?:\s+[\p{Lu}][\p{L}\p{N}&.-]*(?:['’]s)?){0,3})`;
/**
 * A named third person opening the sentence, after the relation that introduces them or not ("Leo
 * ...", "My sister Ana ..."): the fact is the person's own (subject Ana), their relation one of its own.
 */
const NAME_SUBJ = String.raw`^(?:(?:My|Our)\s+(?:husband|wife|partner|boyfriend|girlfriend|fianc[ée]e?|sister|brother|son|daughter|mom|mum|mother|dad|father|cousin|aunt|uncle|grandma|grandmother|grandpa|grandfather|niece|nephew|best\s+friend|friend|boss|manager|roommate|neighbou?r|co-?founder|co-?worker|colleague|teammate)\s+)?([\p{Lu}][\p{Ll}]+(?:\s+[\p{Lu}][\p{Ll}]+)?)`;

/** A plan's name ("Business", "Pro Max", "Team+") and the words for a plan. */
const PLAN_NAME = String.raw`([\p{Lu}\p{N}][\p{L}\p{N}+-]*(?:\s+[\p{Lu}\p{N}][\p{L}\p{N}+-]*)?)`;
const PLAN_WORD = String.raw`(?:plan|tier|subscription|package|edition)\b`;
/** A value naming a plan ("the Enterprise plan"): moving to it is no move of house. */
const ENDS_IN_PLAN = new RegExp(`${PLAN_WORD}$`, 'i');

/** A stay of a while, said after "staying in/at": a trip or a visit, not a home. */
const A_STAY = String.raw`\b(?:for\s+(?:the|a|an|one|two|three|four|five|six|few|couple|some|\d+)\b|this\s+(?:week|weekend|month|summer|winter|spring|fall|autumn)|next\s+(?:week|weekend|month)|tonight|until|till|through|over\s+the|on\s+(?:vacation|holiday|a\s+trip|business)|while|(?:a|the|my|our)\s+(?:hotel|hostel|friend|airbnb|motel|resort|inn|parents))`;
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

/** The words a company's name ends in ("Acme Corp", "Initech Inc.", "Hooli Labs"). */
const COMPANY_SUFFIX = String.raw`Inc\.?|Corp\.?|Corporation|LLC|Ltd\.?|GmbH|Labs|Technologies|Software|Systems|Solutions|Group|Company|Co\.`;

/** Nationalities said of oneself ("I'm Canadian"). */
const NATIONALITIES =
  'American|Canadian|Mexican|Brazilian|Argentinian|Argentine|Chilean|Colombian|Peruvian|British|English|Scottish|Welsh|Irish|French|German|Spanish|Portuguese|Italian|Dutch|Belgian|Swiss|Austrian|Swedish|Norwegian|Danish|Finnish|Polish|Czech|Greek|Turkish|Russian|Ukrainian|Romanian|Hungarian|Chinese|Japanese|Korean|Indian|Pakistani|Bangladeshi|Filipino|Vietnamese|Thai|Indonesian|Malaysian|Singaporean|Australian|Nigerian|Kenyan|Ghanaian|Egyptian|Moroccan|Israeli|Iranian|Lebanese|South African|New Zealander';

/** Kinds of pet a sentence names ("guinea pig" before "pig"-less words; "pup" after "puppy"). */
const ANIMAL =
  'dog|cat|puppy|pup|kitten|kitty|horse|pony|parrot|budgie|bird|rabbit|bunny|hamster|guinea pig|ferret|chinchilla|gerbil|turtle|tortoise|snake|lizard|gecko|iguana|goldfish|fish|hedgehog';
/** A pet's kind, or the word pet itself ("my pet Rex"). */
const PET_WORD = `${ANIMAL}|pet`;
/** Words before a pet that has been with one a while ("our old dog Rex"). */
const PET_ADJ = String.raw`(?:old\s+|sweet\s+|beloved\s+|little\s+|new\s+)?`;
/** Words before a pet just introduced ("a new puppy", "a golden retriever"). */
const NEW_PET_ADJ = String.raw`(?:new\s+|little\s+|[\p{Ll}-]+\s+)?`;

/** When a pet came, said between its kind and its name ("a kitten yesterday, her name is Luna"). */
const PET_WHEN = String.raw`(?:\s+(?:yesterday|today|recently|last\s+(?:week|month|year|weekend)|this\s+(?:week|month|year|weekend|morning)|a\s+(?:few\s+)?(?:days|weeks|months)\s+ago))?`;
/** Several pets of a kind before their names: "we have two dogs, Rex and Bella", "3 cats named ...". */
const PETS_LISTED = String.raw`\b(?:(?:I|[Ww]e)\s+(?:(?:now|also|still)\s+)?(?:have|own|got|adopted|rescued)|[Mm]y|[Oo]ur)\s+(?:two|three|four|2|3|4)\s+(?:${NEW_PET_ADJ})?(?<v1>${ANIMAL})s?(?:[,:]\s*|\s+(?:called|named)\s+|\s+-\s+)`;

/** The relatives whose age is said ("my daughter just turned 5", "my son is turning 8"). */
const AGED_RELATIVE =
  '(daughter|son|sister|brother|kid|child|baby|niece|nephew|grandson|granddaughter|mom|mother|dad|father)';
/** A pet named after "my" or "our" ("our old dog Rex"), where a pet given away may be named so. */
const OWNED_PET = String.raw`(?:(?:my|our)\s+${PET_ADJ}(?:${PET_WORD})\s+)?`;
/** How often a thing is done ("three times a week", "every morning", "daily"): the value's group `v`. */
const HOW_OFTEN = String.raw`(?:once|twice|three\s+times|four\s+times|five\s+times|six\s+times|\d+\s+times|\d+\s*x|two\s+days|three\s+days|four\s+days|five\s+days)\s+(?:a|per|each|every)\s+(?:week|month|day)|every\s+(?:day|morning|evening|weekday|other\s+day)|daily`;
/** Games and sports one says one plays so often. */
const SPORT_PLAYED = 'tennis|golf|soccer|football|basketball|chess|squash|padel|pickleball|volleyball';
/** "My (new) goal (for this year) is (now)": what follows is the goal. */
const MY_GOAL_IS = String.raw`\b[Mm]y\s+(?:new\s+|main\s+|current\s+|big(?:gest)?\s+|ultimate\s+|next\s+|only\s+|personal\s+|fitness\s+|career\s+)?goal\s+(?:(?:for\s+(?:this|next|the)\s+(?:year|month|week|season|summer)|now|right\s+now|these\s+days)\s+)?(?:is|has\s+become|became)\s+(?:now\s+)?`;
/** Things planned for a date ("my sister's wedding", "the trip"). */
const PLANNED_THING =
  'wedding|trip|vacation|holiday|party|surgery|interview|exam|recital|concert|launch|release|deadline|demo|move|visit|graduation|ceremony|conference|flight|appointment';
/** A planned thing whose date is also said as "our launch date is ..." (MY_THINGS): one slot for both. */
const DATED_SLOT: Record<string, string> = { launch: 'launch_date', release: 'release_date', deadline: 'deadline' };
/** A service one subscribes to, by its name ("Netflix", "Spotify Premium", "Disney+"). */
const SERVICE = String.raw`([\p{Lu}][\p{L}\p{N}+]*(?:\s+[\p{Lu}][\p{L}\p{N}+]*)?)`;
/** "I've (now) ...": a tally of things done so far follows. */
const SO_FAR = String.raw`\bI(?:\s+have|['’]ve)\s+(?:now\s+|already\s+|just\s+|officially\s+)*`;

/** A day of the week, or days, a recurring thing is on ("Tuesdays", "weekends"). */
const WEEKDAYS = '(?:(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)days?|weekends|weekdays)';
/** The months and the days of the week, by name. */
const MONTH_NAMES = 'January|February|March|April|May|June|July|August|September|October|November|December';
/** "I" or "I've been" before a routine's verb ("I've been going to bed at 10"): said of a while up to now. */
const I_LATELY = String.raw`I(?:['’]ve\s+been\s+|\s+have\s+been\s+|\s+)`;
/** The people one works with or sees for care, by role ("my cofounder Maria", "my therapist is Dr. Lee"). */
const WORK_AND_CARE =
  'co-?founder|business partner|co-?worker|colleague|teammate|mentor|therapist|doctor|dentist|trainer|personal trainer|coach|landlord|accountant|lawyer';
/** A person's name, with a title before it ("Dr. Lee"). */
const TITLED_NAME = String.raw`((?:(?:Dr|Mr|Mrs|Ms|Prof)\.?\s+)?[\p{Lu}][\p{Ll}'’-]+)`;
const DAY_NAMES = 'Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday';
/** When a planned thing takes place: a month, a day of it, a season or a time ahead. */
const PLANNED_WHEN = String.raw`(?:(?:(?:early|mid|late)[ -])?(?:${MONTH_NAMES})(?:\s+\d{1,2}(?:st|nd|rd|th)?)?(?:,?\s+\d{4})?|\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:${MONTH_NAMES})(?:\s+\d{4})?|(?:next|this)\s+(?:week|month|year|spring|summer|fall|autumn|winter|weekend)|(?:the\s+)?(?:spring|summer|fall|autumn|winter)(?:\s+of\s+\d{4})?|(?:${DAY_NAMES})|\d{4}-\d\d-\d\d)`;
/** A place by its name, up to three capitalised words ("Lisbon", "New York City"). */
const PLACE_NAME = String.raw`\p{Lu}[\p{L}.'’-]*(?:\s+\p{Lu}[\p{L}.'’-]*){0,2}`;
/** A race or a lift one has a personal best in. */
const RACE = String.raw`\d+\s?k|\d+\s?km|\d+\s?m|half[ -]marathon|marathon|mile|deadlift|squat|bench(?:\s+press)?|triathlon|ultra|5K|10K`;
/** A personal best's value: a time or a weight. */
const RACE_TIME = String.raw`\d[\d:.,]*(?:\s*(?:minutes|mins|seconds|secs|hours|hrs|kg|kgs|lbs|pounds))?|sub-\d+(?::\d\d)?`;
/** A book's title: in quotes, or capitalised words with the small words between ("The Name of the Wind"). */
const TITLE = String.raw`(?:["“]([^"”]{2,80})["”]|((?:[Tt]he\s+|[Aa]n?\s+)?[\p{Lu}\p{N}][\p{L}\p{N}'’:-]*(?:\s+(?:(?:of|the|and|a|an|in|to|for|on|at)\s+)*[\p{Lu}\p{N}][\p{L}\p{N}'’:-]*){0,7}))`;

/** The words for a partner: "my girlfriend", "my fiancée". */
const PARTNER_WORD = '(?:wife|husband|partner|girlfriend|boyfriend|fianc[ée]e?|spouse)';

/** A diet, an allergy or an intolerance. */
const DIET = String.raw`(vegan|vegetarian|pescatarian|allergic to [a-z ]{2,40}|lactose intolerant|gluten[- ]free|on an? (?:strict |new )?(?:keto|ketogenic|paleo|low[- ]carb|low[- ]fat|mediterranean|plant[- ]based|carnivore|dairy[- ]free|sugar[- ]free|low[- ]sodium) diet)\b`;

/** How much of a language one speaks, said before it ("a bit of Arabic", "some German"). */
const SOME_OF = String.raw`(?:(?:a\s+(?:bit|little)\s+of|some|basic|fluent|conversational)\s+)?`;

/** A part of a person's name, as said before "name" ("surname", "last name"). */
const NAME_PART = '(last|first|middle|family|sur|given)';
const PERSON_NAME = String.raw`([\p{Lu}][\p{L}'’-]+(?:\s+[\p{Lu}][\p{L}'’-]+)?)`;
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
/** What may follow "quit drinking" and still be drinking alcohol: nothing, or when or how it ended. */
const NOTHING_OR_WHEN = String.raw`(?=\s*(?:[,.;!?]|$)|\s+(?:alcohol|booze|altogether|completely|entirely|for\s+good|cold\s+turkey|last|this|a\s+(?:year|month|week|while|few|couple)|\d+|two|three|four|five|six|since|in|after|when|because|and|but|now|years|months|weeks|yesterday|recently|anymore|any\s+more)\b)`;
/** Food one smokes is no habit ("I smoke brisket on weekends"). */
const NOT_SMOKED_FOOD = String.raw`(?!\s+(?:my\s+own\s+|the\s+|a\s+|some\s+)?(?:meats?|brisket|salmon|fish|ribs|pork|chicken|turkey|cheese|sausages?|ham|bacon|wood|chips|food))`;

/** A team's things with one value at a time, said with "the" as well ("the staging URL is now ..."). */
const TEAM_THINGS = [
  'api base url|api url|base url|api endpoint|endpoint',
  '(?:staging|production|prod|dev|test) (?:server|url|database|db|environment|host|cluster)',
  'default branch|main branch|deploy command|deployment command|build command|test command',
  'node version|python version|launch date|release date|sprint length',
].join('|');
/** Things of someone's (or a team's) with one value at a time, said as "my/our X is Y": a person's are "my" only. */
const MY_THINGS = [
  'birthday|anniversary|timezone|time zone|hometown|native language|first language|major|nationality|pronouns|diet|religion',
  'team|manager|boss|tech lead|team lead|product manager|school|university|college',
  'editor|ide|shell|terminal|browser|laptop|phone|car|os|operating system',
  '(?:main |primary )?database',
  TEAM_THINGS,
  'domain|hostname|host|port|region|deadline',
  '(?:home |mailing |shipping |postal |billing )?address',
].join('|');
/** Two words for one thing of someone's: one slot, so "my new manager is Tom" replaces "my boss is Priya". */
const SAME_SLOT: Record<string, string> = {
  time_zone: 'timezone',
  boss: 'manager',
  ide: 'editor',
  os: 'operating_system',
  main_database: 'database',
  primary_database: 'database',
};
/**
 * Things of someone's said both ways: "my editor is Vim" (an attribute) and "I switched to VS Code" (a
 * choice of the kind editor). Each replaces the other's slot, so the newer holds.
 */
const CHOSEN_THINGS = new Set(['editor', 'shell', 'browser', 'operating_system', 'phone', 'laptop', 'database']);
/** A value: a URL, a host or a version (dots inside), or a few words up to the clause's end. */
const MY_VALUE = String.raw`(?:https?:\/\/)?[\w-]+(?:\.[\w-]+)+(?::\d+)?(?:\/[^\s,;!?]*[^\s,;!?.])?|[^,.;!?]{2,40}`;

const ATTRIBUTE_PATTERNS: {
  re: RegExp;
  attribute: string;
  phrase: string;
  named?: boolean;
  /** The statement ends the value ("I quit my job at Acme"): its own memory, which supersedes the value. */
  ends?: true;
  /** One slot per kind of thing named (the value's head noun): "training for the half marathon" is `training_marathon`. */
  byKind?: true;
  /** A move ("moved to V"): V must name a place (a capital, or a word for one: "the suburbs"). */
  moves?: true;
  /**
   * Ends the values equal to the value in the slots under this prefix: "Rex passed away" ends
   * `pet_dog_rex`, a slot named by a kind the statement need not say (learn's supersession).
   */
  endsValueIn?: string;
  /** Ends every value of the slots under this prefix followed by the value: "no longer have a dog" ends `pet_dog_rex`. */
  endsSlotsOf?: string;
  /**
   * Ends the values of a slot whose head word is this ("graduated" ends the occupation "PhD student",
   * and no other occupation): what the statement ends is not its own value.
   */
  endsHead?: { slot: string; head: string };
  /** A thing done rather than a state: it ends the value, the subject's profile leaves it out (its episode tells it). */
  happened?: true;
}[] = [
  {
    re: new RegExp(`${I}\\s+(?:live|reside|am based|am living|am staying|now live)\\s+(?:in|at)\\s+${VALUE}`, 'iu'),
    attribute: 'location',
    phrase: 'S lives in V',
  },
  {
    re: new RegExp(`${IM}\\s+(?:living|based|settled)\\s+(?:in|at|out\\s+of)\\s+${VALUE}`, 'iu'),
    attribute: 'location',
    phrase: 'S lives in V',
  },
  // Lived somewhere for a while up to now: "I've lived in Austin for 5 years", "since 2019".
  {
    re: new RegExp(`\\bI(?:\\s+have|['’]ve)\\s+(?:lived|been\\s+living)\\s+in\\s+${ORG}(?=\\s+(?:for|since)\\b)`, 'u'),
    attribute: 'location',
    phrase: 'S lives in V',
  },
  // What one does not eat ("I can't eat gluten", "I don't eat pork", "I can't have dairy"; not "I don't
  // have big plans"): each its own slot, as allergies
  // are ("I don't eat meat anymore" is a habit given up, read apart).
  {
    re: /\bI\s+(?:(?:can['’]?t|cannot|can\s+not|don['’]?t|do\s+not|never)\s+eat|(?:can['’]?t|cannot|can\s+not)\s+have)\s+(?!to\b|[^.!?]*\bany\s?more\b)(?!(?:that|this|it|them|much|more|too|any|anything|everything|something|enough|a\s+lot|out|there|here|now|today|tonight|right|well|properly|a\s+thing|after|before|late|early|until|breakfast|lunch|dinner)\b)([a-z][a-z -]{1,30}?)(?=\s*(?:[,.;!?]|$)|\s+(?:because|since|as|due|at\s+all|or|and)\b)/i,
    attribute: 'diet',
    phrase: 'S does not eat V',
  },
  // An allergy said as a noun ("I have a peanut allergy", "I've got a severe shellfish allergy"): the
  // allergy's slot, as "I'm allergic to peanuts" (the thing said in the plural where it takes one).
  {
    re: /\bI(?:\s+have|['’]ve\s+got|\s+got|\s+suffer\s+from)\s+(?:an?\s+)?(?:(?:severe|mild|bad|serious|life-threatening|slight)\s+)?(?<allergen>[a-z]+(?:\s+nut)?)\s+allerg(?:y|ies)\b/i,
    attribute: 'diet',
    phrase: 'S is V',
  },
  // A lasting health condition ("I'm diabetic", "I have asthma", "I have celiac disease"): each its own
  // slot; what an assistant planning meals or trips must keep in mind.
  {
    re: /\bI(?:['’]m|\s+am)\s+(?:also\s+)?(diabetic|pre-?diabetic|celiac|coeliac|epileptic|asthmatic|anemic|anaemic|pregnant|colou?r-?blind|deaf|hard\s+of\s+hearing|blind)\b(?!\s+(?:friendly|options?|food|recipes?)\b)/i,
    attribute: 'health',
    phrase: 'S is V',
  },
  {
    re: /\bI(?:\s+have|['’]ve\s+got|\s+suffer\s+from|\s+was\s+diagnosed\s+with|\s+got\s+diagnosed\s+with)\s+((?:type\s+[12]\s+)?diabetes|asthma|celiac\s+disease|coeliac\s+disease|epilepsy|migraines|ADHD|autism|arthritis|high\s+blood\s+pressure|hypertension|IBS|Crohn['’]s(?:\s+disease)?|a\s+bad\s+back|back\s+pain|sleep\s+apnea|anxiety|depression|long\s+covid)\b/i,
    attribute: 'health',
    phrase: 'S has V',
  },
  // Staying somewhere is living there only when no stay of a while is said ("staying in Paris for the
  // weekend", "at a hotel", "until Friday": a trip, not a home).
  {
    re: new RegExp(`${IM}\\s+staying\\s+(?:in|at)\\s+(?![^.!?]*${A_STAY})${VALUE}`, 'iu'),
    attribute: 'location',
    phrase: 'S lives in V',
  },
  // Training for an event, and dropping out of it: "I'm training for the Lisbon half marathon", then "I
  // had to drop out of the half marathon" (the second ends the first: one slot per kind of event).
  {
    re: new RegExp(
      `${IM}\\s+(?:(?:still|now|currently)\\s+)?(?:training|practi[cs]ing)\\s+for\\s+(?:the|a|an|my|our)?\\s*${VALUE}`,
      'iu',
    ),
    attribute: 'training',
    phrase: 'S is training for the V',
    byKind: true,
  },
  {
    re: new RegExp(
      `${IM}\\s+(?:(?:still|now|currently)\\s+)?(?:preparing|studying)\\s+for\\s+(?:the|a|an|my|our)?\\s*${VALUE}`,
      'iu',
    ),
    attribute: 'training',
    phrase: 'S is preparing for the V',
    byKind: true,
  },
  {
    re: new RegExp(
      `${I}(?:\\s+(?:have|['’]ve|had\\s+to)|['’]ve)?\\s+(?:just\\s+|finally\\s+|had\\s+to\\s+)?(?:dropped\\s+out\\s+of|drop\\s+out\\s+of|pulled\\s+out\\s+of|pull\\s+out\\s+of|withdrew\\s+from|withdraw\\s+from|gave\\s+up\\s+on|give\\s+up\\s+on)\\s+(?:the|a|an|my|our)?\\s*${VALUE}`,
      'iu',
    ),
    attribute: 'training',
    phrase: 'S dropped out of the V',
    ends: true,
    byKind: true,
  },
  // What someone is learning, one slot per thing learned (two languages add up), and learning it
  // given up ("I stopped learning Spanish, I'm learning Japanese now"): the given-up one first, so a
  // sentence saying both is read as both.
  {
    re: new RegExp(
      `${I}(?:\\s+(?:have|['’]ve)|['’]ve)?\\s+(?:just\\s+|finally\\s+)?${GIVE_UP}(?:\\s+on)?\\s+learning\\s+(?:to\\s+play\\s+|how\\s+to\\s+play\\s+)?(?:the\\s+)?${VALUE}`,
      'iu',
    ),
    attribute: 'learning',
    phrase: 'S stopped learning V',
    ends: true,
    byKind: true,
  },
  {
    re: new RegExp(
      `(?:${IM}|\\bI(?:\\s+have|['’]ve)\\s+been|\\bI(?:\\s+have|['’]ve)?\\s+(?:just\\s+|recently\\s+)?(?:started|began))\\s+(?:(?:still|now|currently)\\s+)?learning\\s+(?:to\\s+play\\s+|how\\s+to\\s+play\\s+)?(?:the\\s+)?(?!(?:a\\s+lot|lots|so\\s+much|much|more|about|from|that|this|it|to|how|what|new\\s+things|a\\s+bit)\\b)${VALUE}`,
      'iu',
    ),
    attribute: 'learning',
    phrase: 'S is learning V',
    byKind: true,
  },
  // A move into a home somewhere ("we moved to a bigger apartment in Porto"): the place, not the home.
  {
    re: new RegExp(
      `\\b(?:I|we)(?:\\s+(?:have|['’]ve)|['’]ve)?\\s+(?:just\\s+|recently\\s+|finally\\s+)?(?:moved|relocated)\\s+(?:in)?to\\s+(?:a|an|our|my|the)\\s+(?:[\\p{L}-]+\\s+){0,3}?(?:apartment|flat|house|home|place|condo|studio|loft)\\s+(?:in|near)\\s+${VALUE}`,
      'iu',
    ),
    attribute: 'location',
    phrase: 'S lives in V',
  },
  {
    re: new RegExp(
      // "I moved away from Lisbon to Berlin": the place left is passed over.
      `(?:${I}|\\bwe)(?:\\s+(?:have|['’]ve)|['’]ve)?\\s+(?:just\\s+|recently\\s+|finally\\s+)?(?:moved|relocated)\\s+(?:(?:away\\s+|over\\s+)?from\\s+[\\p{L}.'’ -]+?\\s+)?(?:back\\s+)?(?:to|into)\\s+${VALUE}`,
      'iu',
    ),
    attribute: 'location',
    phrase: 'S lives in V',
    moves: true,
  },
  // Where one used to live, then where one lives: "I used to live in Boston but moved to Denver".
  {
    re: new RegExp(
      `${I}\\s+used\\s+to\\s+live\\s+in\\s+[^,.;!?]+?,?\\s+(?:but|and)\\s+(?:then\\s+|now\\s+|recently\\s+)?(?:I\\s+)?(?:have\\s+)?(?:moved|relocated)\\s+(?:back\\s+)?to\\s+${VALUE}`,
      'iu',
    ),
    attribute: 'location',
    phrase: 'S lives in V',
    moves: true,
  },
  // A place left ("I no longer live in Lisbon", "I don't live in Lisbon anymore", "I moved out of
  // Lisbon"): its own slot, ending "lives in Lisbon" only (a place named: "moved out of my parents'
  // house" says nothing of the town).
  {
    re: new RegExp(
      String.raw`(?:${I}|\b[Ww]e)\s+(?:no\s+longer\s+live\s+in\s+${ORG}|(?:don['’]?t|do\s+not)\s+live\s+in\s+${ORG}\s+any\s?more\b|(?:(?:have|['’]ve)\s+)?(?:(?:just|finally|recently)\s+)?(?:moved|relocated)\s+(?:out\s+of|away\s+from)\s+${ORG}(?!\s+(?:to|into)\b))`,
      'u',
    ),
    attribute: 'location_left',
    phrase: 'S no longer lives in V',
    endsValueIn: 'location',
  },
  // "I used to live in Paris", "I lived in Tokyo for 3 years before moving here": a place left too.
  {
    re: new RegExp(
      String.raw`(?:${I}|\b[Ww]e)\s+(?:used\s+to\s+live\s+in\s+${ORG}|lived\s+in\s+${ORG}(?=\s+(?:for\s+[^.!?]{1,25}?\s+)?(?:before|until)\b))`,
      'u',
    ),
    attribute: 'location_left',
    phrase: 'S used to live in V',
    endsValueIn: 'location',
  },
  // Working remotely from a town is living there ("I work remotely from Lisbon").
  {
    re: new RegExp(String.raw`${I}\s+(?:work|am\s+working|['’]m\s+working)\s+remotely\s+from\s+${ORG}`, 'u'),
    attribute: 'location',
    phrase: 'S lives in V',
    moves: true,
  },
  {
    re: new RegExp(
      `${NAME_SUBJ}\\s+(?:(?:still|now|currently)\\s+)?(?:lives|is living|is based|resides)\\s+(?:in|at)\\s+${VALUE}`,
      'u',
    ),
    attribute: 'location',
    phrase: 'S lives in V',
    named: true,
  },
  // A move said without its subject, as a chat line is ("Just moved to NYC!", "Finally relocated to Denver").
  {
    re: new RegExp(
      `(?:^|[.!?]\\s+)(?:(?:Just|Finally|Recently|Officially|So|Well|Also)\\s+)?(?:[Jj]ust\\s+|[Ff]inally\\s+|[Rr]ecently\\s+)?(?:[Mm]oved|[Rr]elocated)\\s+(?:back\\s+)?to\\s+${VALUE}`,
      'u',
    ),
    attribute: 'location',
    phrase: 'S lives in V',
    moves: true,
  },
  {
    re: new RegExp(
      `${NAME_SUBJ}\\s+(?:has\\s+)?(?:(?:just|recently|finally)\\s+)?(?:moved|relocated)\\s+(?:back\\s+)?to\\s+${VALUE}`,
      'u',
    ),
    attribute: 'location',
    phrase: 'S lives in V',
    moves: true,
    named: true,
  },
  // Where someone close lives ("my sister lives in Paris", "my parents moved to Florida"): one slot per
  // relative, so a move replaces the place before.
  {
    re: new RegExp(
      `\\b[Mm]y\\s+(sister|brother|son|daughter|mom|mother|dad|father|parents|cousin|aunt|uncle|grandma|grandmother|grandpa|grandfather|grandparents|niece|nephew|best friend|boss|manager|roommate)\\s+(?:(?:still|now|currently|just|recently|finally)\\s+)?(?:(?:lives|live|is living|are living|is based|are based|resides|reside)\\s+(?:in|at)|(?:has\\s+|have\\s+)?(?:moved|relocated)\\s+(?:back\\s+)?to)\\s+${VALUE}`,
      'u',
    ),
    attribute: 'home_of',
    phrase: "S's V1 lives in V",
  },
  { re: new RegExp(`${IM}\\s+(?:originally\\s+)?from\\s+${VALUE}`, 'iu'), attribute: 'origin', phrase: 'S is from V' },
  // Born in a year is no place one is from ("I was born in 1990").
  { re: /\bI\s+was\s+born\s+in\s+((?:19|20)\d{2})\b/, attribute: 'birth_year', phrase: 'S was born in V' },
  // A nationality said as one ("I'm Canadian", "I am a British citizen").
  {
    re: new RegExp(
      String.raw`${IM}\s+(?:an?\s+)?(${NATIONALITIES})(?=\s*(?:[,.;!?]|$)|\s+(?:citizen|national|and|but|so|by|too|as)\b)`,
      'u',
    ),
    attribute: 'nationality',
    phrase: 'S is V',
  },
  {
    re: new RegExp(`${I}\\s+(?:grew up|was born|was raised)\\s+in\\s+${VALUE}`, 'iu'),
    attribute: 'origin',
    phrase: 'S is from V',
  },
  {
    re: new RegExp(
      `${I}(?:\\s+(?:work|am working|now work)|(?:\\s+have|['’]ve)\\s+been\\s+(?:working|employed))(?:\\s+(?:remotely|full[- ]time|part[- ]time|freelance))?\\s+(?:at|for|by)\\s+${VALUE}`,
      'iu',
    ),
    attribute: 'employer',
    phrase: 'S works at V',
  },
  {
    re: new RegExp(`${I}\\s+work\\s+(?:at|for)\\s+[^,.;!?]+?\\s+as\\s+(?:an?\\s+)?${VALUE}`, 'iu'),
    attribute: 'occupation',
    phrase: 'S works as V',
  },
  {
    re: new RegExp(`${I}\\s+work\\s+as\\s+(?:an?\\s+)?[^,.;!?]+?\\s+(?:at|for)\\s+${ORG}`, 'u'),
    attribute: 'employer',
    phrase: 'S works at V',
  },
  {
    re: new RegExp(`${IM}\\s+(?:working|employed)\\s+(?:at|for|by)\\s+${VALUE}`, 'iu'),
    attribute: 'employer',
    phrase: 'S works at V',
  },
  {
    re: new RegExp(
      `${I}(?:\\s+(?:have|['’]ve))?\\s+(?:just\\s+|recently\\s+|finally\\s+|officially\\s+)?(?:joined|started (?:a new job |working )?(?:at|for))\\s+${ORG}`,
      'u',
    ),
    attribute: 'employer',
    phrase: 'S works at V',
  },
  // A new job named with its role ("I started a new job as a data engineer at Spotify", "I got a
  // position as a nurse with Kaiser", "I was hired by Stripe", "I moved to Portland for a new job at
  // Nike", "I accepted a job offer from Stripe"): the employer, and the role below.
  {
    re: new RegExp(
      `${I}(?:\\s+(?:have|['’]ve)|['’]ve)?\\s+(?:just\\s+|finally\\s+)?(?:(?:started|got|landed|accepted|took|began)\\s+(?:a|my|the|an)\\s+(?:new\\s+|first\\s+|full-time\\s+|part-time\\s+)?(?:job|position|role)(?:\\s+as\\s+(?:an?\\s+)?[^,.;!?]+?)?\\s+(?:at|with)|(?:got|was|been)\\s+hired\\s+(?:at|by)|(?:accepted|got|took)\\s+(?:a|the)\\s+(?:new\\s+)?job\\s+offer\\s+(?:from|at|with)|(?:moved|relocated)\\s+to\\s+[^,.;!?]+?\\s+for\\s+(?:a|my|the)\\s+(?:new\\s+)?(?:job|position|role)\\s+(?:at|with))\\s+${ORG}`,
      'u',
    ),
    attribute: 'employer',
    phrase: 'S works at V',
  },
  // Introducing oneself by one's company ("Hi, I'm Carla from Acme Corp"): a name a company's suffix
  // ends (Corp, Inc, Labs, ...); "I'm Ana from Lisbon" is where one is from, not read here.
  {
    re: new RegExp(
      String.raw`\b(?:I['’]m|I\s+am|[Tt]his\s+is)\s+\p{Lu}\p{Ll}+(?:\s+\p{Lu}\p{Ll}+)?\s*,?\s+(?:from|at|with)\s+((?:\p{Lu}[\p{L}\p{N}&.-]*\s+){0,3}(?:${COMPANY_SUFFIX}))(?![\p{L}])`,
      'u',
    ),
    attribute: 'employer',
    phrase: 'S works at V',
  },
  // Said without its subject, as a chat line is ("New job at Zalando!", "Just started a new job at Figma").
  {
    re: new RegExp(
      `(?:^|[.!?]\\s+)(?:(?:Just|Finally|So|Also|Big news:?)\\s+)?(?:(?:[Ss]tarted|[Gg]ot|[Ll]anded)\\s+)?(?:[Aa]\\s+|[Mm]y\\s+)?(?:[Nn]ew|[Ff]irst)\\s+(?:job|position|role)\\s+(?:at|with)\\s+${ORG}`,
      'u',
    ),
    attribute: 'employer',
    phrase: 'S works at V',
  },
  {
    re: new RegExp(
      `${I}(?:\\s+(?:have|['’]ve)|['’]ve)?\\s+(?:just\\s+|finally\\s+)?(?:started|got|landed|accepted|took|began)\\s+(?:a|my|the|an)\\s+(?:new\\s+|first\\s+|full-time\\s+|part-time\\s+)?(?:job|position|role)\\s+as\\s+(?:an?\\s+)?${VALUE}`,
      'iu',
    ),
    attribute: 'occupation',
    phrase: 'S works as V',
  },
  // A new job with no employer named, or none by name ("I got a new job as a paramedic with the city"):
  // the employer before is no longer current.
  {
    re: /\bI(?:\s+(?:have|['’]ve)|['’]ve)?\s+(?:just\s+|finally\s+|recently\s+)?(?:started|got|landed|accepted|took|began)\s+a\s+(new\s+(?:job|position|role))\b(?!(?:\s+as\s+(?:an?\s+)?[^,.;!?]+?)?\s+(?:at|with|in|for)\s+(?:the\s+)?\p{Lu})/u,
    attribute: 'employer',
    phrase: 'S started a V',
  },
  // The role a job was joined in, and a promotion ("I joined Datadog as a staff engineer", "I got
  // promoted to senior engineer"): the occupation they name replaces the one before.
  {
    re: new RegExp(
      `${I}(?:\\s+(?:have|['’]ve)|['’]ve)?\\s+(?:just\\s+|recently\\s+|finally\\s+)?joined\\s+[^,.;!?]+?\\s+as\\s+(?:an?\\s+|the\\s+|their\\s+|our\\s+)?${VALUE}`,
      'iu',
    ),
    attribute: 'occupation',
    phrase: 'S works as V',
  },
  {
    re: new RegExp(
      `${I}(?:\\s+(?:have|['’]ve)|['’]ve)?\\s+(?:just\\s+|recently\\s+|finally\\s+)?(?:got|was|been)\\s+promoted\\s+to\\s+(?:an?\\s+|the\\s+)?${VALUE}`,
      'iu',
    ),
    attribute: 'occupation',
    phrase: 'S works as V',
  },
  // A job left for another, said in one breath ("I left Google and joined Meta", "I quit Acme to join
  // Initech"): the second is the employer (the first, a capitalised name, is passed over).
  {
    re: new RegExp(
      `${I}(?:\\s+(?:have|['’]ve)|['’]ve)?\\s+(?:just\\s+|finally\\s+|recently\\s+)?(?:left|quit)\\s+(?:my\\s+(?:job|position|role)\\s+at\\s+)?(?:the\\s+)?[\\p{Lu}][\\p{L}\\p{N}&.-]*(?:\\s+[\\p{Lu}][\\p{L}\\p{N}&.-]*){0,3}\\s+(?:(?:and|,)\\s+(?:(?:just|then|now)\\s+)?(?:joined|started\\s+(?:working\\s+)?at|went\\s+to\\s+work\\s+(?:at|for))|to\\s+(?:join|work\\s+(?:at|for)|start\\s+at))\\s+${ORG}`,
      'u',
    ),
    attribute: 'employer',
    phrase: 'S works at V',
  },
  // Leaving a job ends it: "I quit my job at Acme", "I was laid off from Initech" supersede "works at".
  {
    re: new RegExp(
      `${I}(?:\\s+(?:have|['’]ve)|['’]ve)?\\s+(?:just\\s+|finally\\s+|recently\\s+|officially\\s+)?(?:(?:quit|left|lost)\\s+my\\s+(?:job|position|role)\\s+(?:at|with)|quit|(?:resigned|retired)\\s+from|(?:was|got|been)\\s+(?:laid\\s+off|fired|let\\s+go)\\s+(?:from|by|at))\\s+(?:the\\s+)?${ORG}`,
      'u',
    ),
    attribute: 'employer',
    phrase: 'S no longer works at V',
    ends: true,
  },
  // A job lost with no employer named ("I was laid off", "I lost my job", "I'm unemployed"): the
  // employer ends (a named one is read above, "laid off from Initech").
  {
    re: /\bI(?:\s+(?:was|got|have\s+been)|['’]ve\s+been)\s+(?:just\s+|recently\s+|finally\s+)?(laid\s+off|fired|let\s+go)\b(?!\s+(?:from|by|at)\s+\p{Lu})/u,
    attribute: 'employer',
    phrase: 'S was V',
    ends: true,
  },
  {
    re: /\bI\s+(?:(?:have|['’]ve)\s+)?(?:just\s+|recently\s+|finally\s+)?(?:lost|quit|left)\s+my\s+(job)\b(?!\s+(?:at|with)\s+\p{Lu})/u,
    attribute: 'employer',
    phrase: 'S no longer has a V',
    ends: true,
  },
  {
    re: /\b(?:I['’]m|I\s+am)\s+(?:now\s+|currently\s+|still\s+)?(unemployed|between\s+jobs|out\s+of\s+work|jobless)\b/u,
    attribute: 'employer',
    phrase: 'S is V',
    ends: true,
  },
  // "I don't work at Acme anymore", "I no longer work for Initech" (one value group per pattern).
  {
    re: new RegExp(
      `${I}\\s+(?:don['’]?t|do\\s+not)\\s+work\\s+(?:at|for)\\s+(?:the\\s+)?${ORG}\\s+any\\s?more\\b`,
      'u',
    ),
    attribute: 'employer',
    phrase: 'S no longer works at V',
    ends: true,
  },
  {
    re: new RegExp(`${I}\\s+no\\s+longer\\s+work\\s+(?:at|for)\\s+(?:the\\s+)?${ORG}`, 'u'),
    attribute: 'employer',
    phrase: 'S no longer works at V',
    ends: true,
  },
  // Retired: no employer any more ("I retired last year", "I'm retired now").
  {
    re: /\b(?:I\s+(?:have\s+|['’]ve\s+)?(?:(?:just|finally|recently|officially|already)\s+)?(retired)\b(?!\s+(?:my|our|the|a|an|it|him|her|them)\b)|(?:I['’]m|I\s+am)\s+(?:now\s+|officially\s+|happily\s+)?(retired)\b)/i,
    attribute: 'employer',
    phrase: 'S is retired',
    ends: true,
  },
  // Graduated, or a student no more ("I graduated from MIT", "I'm no longer a student"): a student's
  // occupation ends (only that: "I graduated in 2010" said by an engineer ends no job).
  {
    re: new RegExp(
      `\\bI\\s+(?:have\\s+|['’]ve\\s+)?(?:(?:just|finally|recently|officially|already)\\s+)?graduated\\s+from\\s+(?:the\\s+)?${ORG}`,
      'u',
    ),
    attribute: 'graduated',
    phrase: 'S graduated from V',
    endsHead: { slot: 'occupation', head: 'student' },
  },
  {
    re: /\b(?:I\s+(?:have\s+|['’]ve\s+)?(?:(?:just|finally|recently|officially|already)\s+)?(graduated)\b|(?:I['’]m|I\s+am)\s+(?:(?:now\s+)?(?:a\s+)?(graduate)\b(?!\s+student)|no\s+longer\s+a\s+(?:\w+\s+)?(student)\b|not\s+a\s+(?:\w+\s+)?(student)\s+any\s?more\b))/i,
    attribute: 'graduated',
    phrase: 'S is no longer a student',
    endsHead: { slot: 'occupation', head: 'student' },
  },
  {
    re: new RegExp(`${NAME_SUBJ}\\s+(?:(?:still|now|currently)\\s+)?works\\s+(?:at|for)\\s+${VALUE}`, 'u'),
    attribute: 'employer',
    phrase: 'S works at V',
    named: true,
  },
  {
    re: new RegExp(`${I}\\s+work\\s+as\\s+(?:an?\\s+)?${VALUE}`, 'iu'),
    attribute: 'occupation',
    phrase: 'S works as V',
  },
  {
    // The last word a job's, not a word ending like one ("a shooting guard for the team": not "for").
    re: /\b(?:I\s+am|I['’]m)\s+(?:now\s+)?(?:an?\s+)((?:[a-z-]+\s+){0,2}(?:(?!(?:for|or|nor|her|over|after|ever|never|other|under|either|neither|rather|together|whether|per|event|moment|different|excellent|important|recent|present|extensive|positive|negative|massive|active|creative|productive|supportive)\b)[a-z-]+(?:er|or|ist|ian|ant|ent|eer|ect|ive)|[a-z-]*(?:nurse|chef|student|doctor|lawyer|manager|analyst|scientist|consultant|officer|founder|ceo|cto|intern|teacher|artist|writer|dev|engineer|mom|dad|parent|vet|guard|player|coach|captain|pilot|forward|goalie|pitcher|athlete)))\b/i,
    attribute: 'occupation',
    phrase: 'S is a V',
  },
  // "I'm employed as a teacher", "I'm working as a nurse".
  {
    re: new RegExp(`${IM}\\s+(?:employed|working)\\s+as\\s+(?:an?\\s+)?${VALUE}`, 'iu'),
    attribute: 'occupation',
    phrase: 'S works as V',
  },
  // "I'm a software developer at Microsoft": the employer (the role is read above).
  {
    re: new RegExp(
      `\\b(?:I['’]m|I\\s+am)\\s+(?:now\\s+|currently\\s+)?(?:an?|the)\\s+(?:[\\p{Ll}-]+\\s+){0,3}?(?:developer|engineer|designer|manager|nurse|teacher|doctor|lawyer|analyst|scientist|consultant|researcher|accountant|architect|writer|editor|professor|student|intern|director|lead|founder|cto|ceo|pm|product\\s+manager|marketer|recruiter|barista|chef|paramedic|pharmacist|therapist|technician|officer|administrator|specialist|coordinator|associate|representative)\\s+(?:at|for|with)\\s+${ORG}`,
      'u',
    ),
    attribute: 'employer',
    phrase: 'S works at V',
  },
  {
    re: /\bmy\s+(?:job\s+title|title|position)\s+is\s+(?:now\s+)?(?:an?\s+)?([^,.;!?]{2,40})/i,
    attribute: 'occupation',
    phrase: 'S works as V',
  },
  {
    re: /\bmy\s+(?:job|profession|occupation|role)\s+is\s+(?:an?\s+)?([^,.;!?]{2,40})/i,
    attribute: 'occupation',
    phrase: 'S works as V',
  },
  {
    re: new RegExp(String.raw`\b[Mm]y\s+name(?:\s+is|['’]s)\s+(?:now\s+)?${PERSON_NAME}`, 'u'),
    attribute: 'name',
    phrase: "S's name is V",
  },
  // A name changed replaces the one before: "I changed my name to Ana Jones".
  {
    re: new RegExp(
      String.raw`\bI\s+(?:have\s+|['’]ve\s+)?(?:(?:just|legally|officially|finally|recently)\s+)*changed\s+my\s+name\s+(?:back\s+)?to\s+${PERSON_NAME}`,
      'u',
    ),
    attribute: 'name',
    phrase: "S's name is V",
  },
  // A part of the name, one slot per part ("surname" and "family name" are the last name): "My last
  // name is Smith", then "I changed my last name to Jones" supersedes it.
  {
    re: new RegExp(
      `\\b[Mm]y\\s+${NAME_PART}\\s*name\\s+(?:is\\s+(?:now\\s+)?|(?:was\\s+|has\\s+been\\s+)?changed\\s+to\\s+)${PERSON_NAME}`,
      'u',
    ),
    attribute: 'name_part',
    phrase: "S's V1 name is V",
  },
  {
    re: new RegExp(
      `\\bI\\s+(?:have\\s+|['’]ve\\s+)?(?:(?:just|legally|officially|finally|recently)\\s+)*changed\\s+my\\s+${NAME_PART}\\s*name\\s+(?:back\\s+)?to\\s+${PERSON_NAME}`,
      'u',
    ),
    attribute: 'name_part',
    phrase: "S's V1 name is V",
  },
  // The name one goes by, in capitals ("call me Sam", "I prefer to be called Sam"; not "call me Monday").
  {
    re: /\b(?:(?:[Cc]all|[Ee]veryone\s+calls|[Pp]eople\s+call|[Mm]y\s+friends\s+call|[Ff]riends\s+call|[Mm]ost\s+people\s+call)\s+me|I(?:['’]d)?\s+prefer\s+(?:to\s+be\s+called|to\s+go\s+by|being\s+called)|I\s+go\s+by)\s+(?!(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|January|February|March|April|May|June|July|August|September|October|November|December|Today|Tomorrow|Tonight|Later|Back|Anytime|ASAP)\b)(\p{Lu}[\p{L}'’-]+(?:\.?\s+\p{Lu}[\p{L}'’-]+)?)/u,
    attribute: 'preferred_name',
    phrase: 'S goes by V',
  },
  {
    re: /\b(?:I\s+am|I['’]m)\s+(?:now\s+)?(\d{1,3})(?:\s+years?\s+old|\s+y\/o|\b)(?!\s*(?:%|percent|minutes|hours|days|weeks|months|km|miles|kg|kgs|kilos|lbs|pounds|cm|ft|feet|foot|inches|['’′"”]|\.\d|,\d|:\d|[-–/]\d|k\b|th\b|st\b|nd\b|rd\b))/i,
    attribute: 'age',
    phrase: 'S is V years old',
  },
  { re: /\bI\s+(?:just\s+)?turned\s+(\d{1,3})\b/i, attribute: 'age', phrase: 'S is V years old' },
  // A birthday ahead ("I'm turning 30 next month", "my daughter is turning 8 next week"): the age's slot,
  // said as it was (a year older only from then).
  {
    re: /\b(?:I['’]m|I\s+am|I['’]ll\s+be|I\s+will\s+be)\s+(?:turning\s+)?(\d{1,3})\s+(?:years\s+old\s+)?(?=(?:next|this|on|in|tomorrow|soon)\b)/i,
    attribute: 'age',
    phrase: 'S is turning V',
  },
  {
    re: /\b(?:I['’]m|I\s+am)\s+turning\s+(\d{1,3})\b/i,
    attribute: 'age',
    phrase: 'S is turning V',
  },
  {
    re: new RegExp(
      String.raw`\b(?:[Mm]y|[Oo]ur)\s+${AGED_RELATIVE}(?:\s+[\p{Lu}][\p{Ll}'’-]+)?\s+(?:is|will\s+be)\s+turning\s+(\d{1,3})\b`,
      'u',
    ),
    attribute: 'age_of',
    phrase: "S's V1 is turning V",
  },
  // A relative's age ("my daughter just turned 5", "my son Leo is 7"): one slot per relative, so a
  // birthday supersedes the age before.
  {
    re: new RegExp(
      String.raw`\b(?:[Mm]y|[Oo]ur)\s+${AGED_RELATIVE}(?:\s+[\p{Lu}][\p{Ll}'’-]+)?\s+(?:just\s+|recently\s+)?(?:turned|is\s+now|is)\s+(\d{1,2})(?:\s+years?\s+old)?\b(?!\s*(?:%|percent|minutes|hours|days|weeks|months|km|miles|feet|ft|cm|kg|pounds|lbs|points|times))`,
      'u',
    ),
    attribute: 'age_of',
    phrase: "S's V1 is V years old",
  },
  {
    // "my email is X", and a new one: "my email changed, it is now X", "my e-mail is now X".
    re: /\bmy\s+(?:(?:new|current|updated|work|personal|private)\s+)*(?:e-?mail|e-mail address|email address)\b[^.!?@]{0,40}?\b(?:is|to|now)\s+(?:now\s+)?([\w.+-]+@[\w.-]+\.[a-z]{2,})/i,
    attribute: 'email',
    phrase: "S's e-mail is V",
  },
  {
    // "my new phone number is ...", "my work cell is ...": a new number supersedes the old.
    re: /\bmy\s+(?:(?:new|current|updated|work|personal|private|home|cell|mobile)\s+)*(?:phone|phone number|number|mobile|cell)\b[^.!?\d+]{0,40}?\b(?:is|to|now)\s+(?:now\s+)?(\+?[\d ()-]{6,20}\d)/i,
    attribute: 'phone',
    phrase: "S's phone number is V",
  },
  {
    re: /\b(?:I\s+am|I['’]m)\s+(?:now\s+|happily\s+|recently\s+)?(married|single|engaged|divorced|widowed|separated|in a relationship)\b/i,
    attribute: 'relationship_status',
    phrase: 'S is V',
  },
  { re: /\bI\s+(?:just\s+)?got\s+(married|engaged|divorced)\b/i, attribute: 'relationship_status', phrase: 'S is V' },
  // "I've been married for 10 years", "we have been married since 2015".
  {
    re: /\b(?:I|[Ww]e)(?:\s+have|['’]ve)\s+been\s+(?:happily\s+)?(married|engaged|divorced|separated)\s+(?:for|since)\b/,
    attribute: 'relationship_status',
    phrase: 'S is V',
  },
  // Dating someone ends being single: "I started dating Alex", "I'm dating Sam now".
  {
    re: /\bI(?:\s+(?:just|recently|finally|have|['’]ve)|['’]ve)*\s*(?:started\s+dating|began\s+dating|been\s+dating|am\s+(?:now\s+)?dating)\s+([\p{Lu}][\p{Ll}'’-]+)|\bI['’]m\s+(?:now\s+)?dating\s+([\p{Lu}][\p{Ll}'’-]+)/u,
    attribute: 'relationship_status',
    phrase: 'S is dating V',
  },
  // A work shift, one at a time: "I work the night shift", "I switched to day shifts".
  {
    re: /\b(?:I\s+(?:(?:now|still|usually|mostly)\s+)?work|(?:I['’]m|I\s+am)\s+(?:now\s+|still\s+)?(?:on|working)|I\s+(?:(?:just|recently|have|['’]ve)\s+)*(?:switched|moved|changed|went\s+back)\s+to)\s+(?:the\s+)?(night|day|morning|evening|late|early|graveyard|swing|overnight|weekend)\s+shifts?\b(?![^.!?]*\b(?:tomorrow|tonight|today|on\s+(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)|this\s+(?:week|weekend)|next)\b)/i,
    attribute: 'shift',
    phrase: 'S works the V shift',
  },
  // A partner left ("Sam and I broke up", "I split up with my boyfriend"): the partner slot ends.
  {
    re: new RegExp(
      String.raw`\b([Mm]y\s+${PARTNER_WORD}|[\p{Lu}][\p{Ll}'’-]+)\s+and\s+I\s+(?:just\s+|recently\s+|finally\s+)?(?:broke\s+up|split\s+up|separated)\b`,
      'u',
    ),
    attribute: 'partner',
    phrase: 'S broke up with V',
    ends: true,
  },
  {
    re: new RegExp(
      String.raw`\bI\s+(?:just\s+|recently\s+|finally\s+)?(?:broke\s+up|split\s+up)\s+with\s+(my\s+${PARTNER_WORD}|[\p{Lu}][\p{Ll}'’-]+)`,
      'u',
    ),
    attribute: 'partner',
    phrase: 'S broke up with V',
    ends: true,
  },
  // "We broke up" said of the one partner there is: the partner slot ends.
  {
    re: /\b[Ww]e\s+(?:just\s+|recently\s+|finally\s+)?(broke\s+up|split\s+up|separated)\b(?!\s+with\b)/u,
    attribute: 'partner',
    phrase: 'S broke up with their partner',
    ends: true,
  },
  // Getting married, said with the partner ("Zoe and I are getting married next June", "we're
  // engaged"): engaged until the wedding.
  {
    re: new RegExp(
      String.raw`\b(?:(?:[Mm]y\s+${PARTNER_WORD}|[\p{Lu}][\p{Ll}'’-]+)\s+and\s+I\s+are|[Ww]e(?:\s+are|['’]re))\s+(?:now\s+|officially\s+)?(getting\s+married|engaged)\b`,
      'u',
    ),
    attribute: 'relationship_status',
    phrase: 'S is engaged',
  },
  // A divorce ends it too: "Emma and I divorced last year", "I got divorced from my husband".
  {
    re: new RegExp(
      String.raw`\b(?:([Mm]y\s+${PARTNER_WORD}|[\p{Lu}][\p{Ll}'’-]+)\s+and\s+I\s+(?:just\s+|recently\s+|finally\s+|officially\s+)?(?:got\s+)?divorced|I\s+(?:just\s+|recently\s+|finally\s+|officially\s+)?(?:divorced|got\s+divorced\s+from)\s+(my\s+${PARTNER_WORD}|[\p{Lu}][\p{Ll}'’-]+))\b`,
      'u',
    ),
    attribute: 'partner',
    phrase: 'S divorced V',
    ends: true,
  },
  {
    re: new RegExp(
      String.raw`\b[Mm]y\s+(${PARTNER_WORD})(?:['’]s name)?(?:\s*(?:is\s+|,\s*)|\s+)([\p{Lu}][\p{Ll}'’-]+)\b`,
      'u',
    ),
    attribute: 'partner',
    phrase: "S's V1 is V",
  },
  // How many of a thing someone has: a newer count replaces the older ("That makes three bikes I own
  // now", then "I am down to two bikes"), one slot per thing counted.
  {
    re: new RegExp(
      `\\b(?:I|we)\\s+(?:now\\s+|currently\\s+|still\\s+|already\\s+)?have\\s+${COUNT}\\s+(?<thing>(?:[a-z-]+\\s+)?(?:kids|children|sons|daughters|siblings|brothers|sisters|grandchildren|dogs|cats|pets|bikes|bicycles|cars|plants|guitars|cameras|houses|apartments|laptops|computers|tattoos|horses|chickens|fish|rabbits|seats|licenses|licences|employees|servers|offices|stores|locations))\\b`,
      'i',
    ),
    attribute: 'count',
    phrase: 'S has V V1',
  },
  // A child born, by its order: "we just had our third child", "I gave birth to our fourth baby".
  {
    re: /\b(?:I|[Ww]e)\s+(?:(?:just|finally|recently)\s+)?(?:had|welcomed|gave\s+birth\s+to)\s+(?:our|my)\s+(?<n>second|third|fourth|fifth|sixth|seventh|eighth|2nd|3rd|4th|5th|6th)\s+(?<thing>baby|child|kid)\b/u,
    attribute: 'count',
    phrase: 'S has V V1',
  },
  {
    re: new RegExp(
      `\\b(?:I\\s+(?:now\\s+|currently\\s+|still\\s+)?own|(?:I['’]m|I\\s+am)\\s+(?:now\\s+)?down\\s+to)\\s+${COUNT}\\s+(?<thing>(?:[a-z-]+\\s+)?[a-z]{2,}s)\\b`,
      'i',
    ),
    attribute: 'count',
    phrase: 'S has V V1',
  },
  {
    re: new RegExp(
      `\\b(?:makes|making)\\s+${COUNT}\\s+(?<thing>(?:[a-z-]+\\s+)?[a-z]{2,}s)\\s+(?:that\\s+)?I\\s+(?:now\\s+)?(?:own|have)\\b`,
      'i',
    ),
    attribute: 'count',
    phrase: 'S has V V1',
  },
  // A pet named as it is introduced: "I just adopted a cat, her name is Miso", "I have a golden
  // retriever called Biscuit" (a few common breeds stand for the dog).
  {
    re: new RegExp(
      String.raw`\b(?:I|[Ww]e)\s+(?:just\s+|finally\s+|recently\s+)?(?:adopted|got|rescued|have)\s+an?\s+${NEW_PET_ADJ}(${ANIMAL}|retriever|labrador|poodle|terrier|beagle|spaniel|shepherd|bulldog|husky|tabby)${PET_WHEN}(?:[,.;!]?\s+(?:and\s+)?(?:her|his|its|their)\s+name\s+is|\s+(?:called|named))\s+([\p{Lu}][\p{Ll}'’-]+)\b`,
      'u',
    ),
    attribute: 'pet',
    phrase: "S's pet V1 is called V",
  },
  // The car someone drives, by its make ("I drive a Tesla Model 3", "bought a Honda Civic"): one slot.
  {
    re: new RegExp(
      `\\b(?:I\\s+(?:now\\s+|still\\s+)?drive|(?:bought|got|leased)(?:\\s+myself)?)\\s+an?\\s+(?:new\\s+|used\\s+|old\\s+|second-hand\\s+)?(?:(?:19|20)\\d{2}\\s+)?((?:${CAR_MAKES})(?:\\s+[\\p{Lu}\\p{N}][\\p{L}\\p{N}-]*){0,2})`,
      'u',
    ),
    attribute: 'car',
    phrase: 'S drives a V',
  },
  // A car sold or written off ends the car slot ("I sold my Tesla"; after a new one: "sold my Tesla
  // and bought a Honda Civic" is the Honda, read above).
  {
    re: new RegExp(
      `\\bI\\s+(?:(?:have|['’]ve)\\s+)?(?:(?:just|finally|recently)\\s+)?(?:sold|got\\s+rid\\s+of|traded\\s+in|totaled|totalled|wrecked|crashed)\\s+my\\s+(?:old\\s+|beloved\\s+)?(car|(?:${CAR_MAKES})(?:\\s+[\\p{Lu}\\p{N}][\\p{L}\\p{N}-]*){0,2})`,
      'u',
    ),
    attribute: 'car',
    phrase: 'S no longer has their V',
    ends: true,
  },
  // Having no car ends the car slot too: "I no longer own a car", "I don't have a car anymore"; "I
  // don't have a car, I bike everywhere" says a state, not a change.
  {
    re: /\bI\s+(?:no\s+longer\s+(?:have|own|drive)\s+a\s+(car)\b|(?:don['’]t|do\s+not)\s+(?:have|own|drive)\s+a\s+(car)\s+any\s?more\b)/,
    attribute: 'car',
    phrase: 'S no longer has a V',
    ends: true,
  },
  {
    re: /\bI\s+(?:don['’]t|do\s+not)\s+(?:have|own)\s+a\s+(car)\b(?!\s+any\s?more)/,
    attribute: 'car',
    phrase: 'S does not have a V',
    ends: true,
  },
  {
    re: new RegExp(
      String.raw`\b(?:[Mm]y|[Oo]ur)\s+${PET_ADJ}(${PET_WORD})(?:['’]s name is|\s+is\s+(?:called|named)|\s+is|\s+(?:called|named)|,)?\s+([\p{Lu}][\p{Ll}'’-]+)\b(?!\s+(?:has\s+|had\s+|just\s+)?(?:passed\s+away|died))`,
      'u',
    ),
    attribute: 'pet',
    phrase: "S's pet V1 is called V",
  },
  // Pets introduced together: "we have two dogs, Rex and Bella", "I have 3 cats: Tom, Kit and Miso".
  // The first, second and last names are read (one pattern each: a pattern gives one value).
  {
    re: new RegExp(String.raw`${PETS_LISTED}(?<v>[\p{Lu}][\p{Ll}'’-]+)`, 'u'),
    attribute: 'pet',
    phrase: "S's pet V1 is called V",
  },
  {
    re: new RegExp(String.raw`${PETS_LISTED}[\p{Lu}][\p{Ll}'’-]+,\s+(?<v>[\p{Lu}][\p{Ll}'’-]+),?\s+and\s+`, 'u'),
    attribute: 'pet',
    phrase: "S's pet V1 is called V",
  },
  {
    re: new RegExp(
      String.raw`${PETS_LISTED}[\p{Lu}][\p{Ll}'’-]+(?:,\s+[\p{Lu}][\p{Ll}'’-]+)*,?\s+and\s+(?<v>[\p{Lu}][\p{Ll}'’-]+)`,
      'u',
    ),
    attribute: 'pet',
    phrase: "S's pet V1 is called V",
  },
  // A pet that died ends its slot: "our dog Rex died", "we lost our cat Luna", "Rex passed away".
  {
    re: new RegExp(
      String.raw`\b(?:[Mm]y|[Oo]ur)\s+${PET_ADJ}(?:${PET_WORD})\s+([\p{Lu}][\p{Ll}'’-]+)\s+(?:has\s+|had\s+|just\s+|sadly\s+)?(?:passed\s+away|died)\b`,
      'u',
    ),
    attribute: 'pet_died',
    phrase: "S's pet V passed away",
    ends: true,
    endsValueIn: 'pet_',
  },
  {
    re: new RegExp(
      String.raw`\b(?:I|[Ww]e)\s+(?:just\s+|recently\s+|sadly\s+)?(?:lost|had\s+to\s+put\s+down)\s+(?:my|our)\s+${PET_ADJ}(?:${PET_WORD})\s+([\p{Lu}][\p{Ll}'’-]+)\b`,
      'u',
    ),
    attribute: 'pet_died',
    phrase: "S's pet V passed away",
    ends: true,
    endsValueIn: 'pet_',
  },
  // A name alone may be anyone's ("Prince died"): said as told, still ending a pet of that name.
  {
    re: /(?:^|[.!?]\s+)(?!(?:He|She|It|They|We|I|Everyone|Nobody|Someone|This|That|There|My|Our)\b)([\p{Lu}][\p{Ll}'’-]+)\s+(?:has\s+|had\s+|just\s+|sadly\s+)?(?:passed\s+away|died)\b/u,
    attribute: 'pet_died',
    phrase: 'S said V passed away',
    ends: true,
    endsValueIn: 'pet_',
  },
  // A pet given away or rehomed ends its slot as a death does: "we gave Max away to my parents", "I had
  // to rehome our cat Luna", "we found a new home for Rex".
  {
    re: new RegExp(
      String.raw`\b(?:I|[Ww]e)\s+(?:(?:just|recently|sadly|finally)\s+)?(?:had\s+to\s+)?(?:(?:gave|give|given)\s+${OWNED_PET}([\p{Lu}][\p{Ll}'’-]+)\s+away|(?:gave|give|given)\s+away\s+${OWNED_PET}([\p{Lu}][\p{Ll}'’-]+)|re-?homed?\s+${OWNED_PET}([\p{Lu}][\p{Ll}'’-]+)|found\s+a\s+(?:new|good|loving)\s+home\s+for\s+${OWNED_PET}([\p{Lu}][\p{Ll}'’-]+))\b`,
      'u',
    ),
    attribute: 'pet_gone',
    phrase: 'S gave V away',
    ends: true,
    endsValueIn: 'pet_',
  },
  // A pet without a name ("I have a cat", "we got a puppy"), and its death ("my cat died"): one slot per
  // kind of pet, ended by the death of a pet of that kind with no name said.
  {
    re: new RegExp(
      String.raw`\b(?:I|[Ww]e)\s+(?:(?:now|also|still|just|finally|recently)\s+)?(?:have|own|adopted|got|rescued)\s+an?\s+${NEW_PET_ADJ}(${ANIMAL})(?=\s*(?:[,.;!?]|$)|\s+(?:and|who|at|in|too|now|as\s+well)\b)(?![^.!?]*\b(?:called|named|name\s+is)\b)`,
      'u',
    ),
    attribute: 'pet_unnamed',
    phrase: 'S has a V',
  },
  {
    re: new RegExp(
      String.raw`\b(?:[Mm]y|[Oo]ur)\s+${PET_ADJ}(${ANIMAL})\s+(?:has\s+|had\s+|just\s+|sadly\s+)?(?:passed\s+away|died)\b`,
      'u',
    ),
    attribute: 'pet_died',
    phrase: "S's V passed away",
    ends: true,
    endsValueIn: 'pet_',
  },
  // No pet of a kind any more ("I no longer have a dog", "we don't have a cat anymore"): every pet of
  // that kind ends, named ("my dog Rex") or not ("I have a dog").
  {
    re: new RegExp(
      String.raw`\b(?:I|[Ww]e)\s+(?:no\s+longer\s+(?:have|own)\s+an?\s+(${ANIMAL})\b|(?:don['’]t|do\s+not)\s+(?:have|own)\s+an?\s+(${ANIMAL})\s+any\s?more\b)`,
      'u',
    ),
    attribute: 'pet_none',
    phrase: 'S no longer has a V',
    ends: true,
    endsValueIn: 'pet_',
    endsSlotsOf: 'pet_',
  },
  // The port a service listens on ("Our API runs on port 8080", "the backend listens on port 3000"):
  // one slot per service.
  {
    re: /\b(?:[Oo]ur|[Tt]he|[Mm]y)\s+(?<v1>API|api|app|server|service|backend|frontend|web\s?app|site|database|db|proxy|gateway|worker)\s+(?:now\s+)?(?:runs|is\s+running|listens|is\s+listening|is\s+served|is|lives)\s+on\s+port\s+(?<v>\d{2,5})\b/u,
    attribute: 'port_of',
    phrase: "S's V1 runs on port V",
  },
  // How a team deploys, said as a command ("We deploy with make deploy", "we deploy by running
  // `./scripts/deploy.sh`"): the deploy command's slot, as "our deploy command is ...".
  {
    re: /\b[Ww]e\s+(?:usually\s+|always\s+|now\s+)?deploy\s+(?:with|using|by\s+running|via)\s+[`'"]?((?:make|npm|pnpm|yarn|npx|bun|\.\/|bash|sh|kubectl|helm|terraform|fly|vercel|docker|cargo|go|python|git)[\w./:@=-]*(?:\s+[\w./:@=-]+){0,4}?)[`'"]?(?=\s*(?:[,.;!?]|$)|\s+(?:from|on|and|but|every)\b)/u,
    attribute: 'deploy_command',
    phrase: "S's deploy command is V",
  },
  // The company one works for, said as one's own: "our company is Acme Corp", "my employer is Initech".
  {
    re: /\b(?:[Mm]y|[Oo]ur)\s+(?:company|employer|startup)\s+is\s+(?:called\s+|named\s+)?(\p{Lu}[\p{L}\p{N}&.'’-]*(?:\s+\p{Lu}[\p{L}\p{N}&.'’-]*){0,3})/u,
    attribute: 'employer',
    phrase: 'S works at V',
  },
  // What someone close does for a living ("my husband works as a teacher"): one slot per relative.
  {
    re: new RegExp(
      String.raw`\b[Mm]y\s+(husband|wife|partner|boyfriend|girlfriend|sister|brother|son|daughter|mom|mum|mother|dad|father|best friend|roommate)\s+(?:(?:now|still|currently)\s+)?(?:works|is working)\s+as\s+(?:an?\s+)?${VALUE}`,
      'u',
    ),
    attribute: 'occupation_of',
    phrase: "S's V1 works as a V",
  },
  // The people around someone, by name ("my sister Ana is getting married", "my boss, Priya, ...", "my
  // cofounder Maria", "my therapist is Dr. Lee"): each one its own slot, two sisters add up.
  {
    re: new RegExp(
      String.raw`\b(?:[Mm]y|[Oo]ur)\s+(sister|brother|son|daughter|mom|mother|dad|father|cousin|aunt|uncle|grandma|grandmother|grandpa|grandfather|niece|nephew|best friend|boss|manager|roommate|neighbou?r|${WORK_AND_CARE})(?:['’]s name is|\s+is\s+(?:called|named)|\s+(?:called|named)|,)?\s+${TITLED_NAME}\b`,
      'u',
    ),
    attribute: 'relative',
    phrase: "S's V1 is V",
  },
  // Introduced with "have" ("I have a 3 year old son named Max", "I have a sister called Ana").
  {
    re: new RegExp(
      String.raw`\bI\s+(?:also\s+)?have\s+an?\s+(?:(?:\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten)[- ](?:year|month)s?[- ]old\s+|(?:older|younger|little|big|baby|twin)\s+)?(son|daughter|brother|sister|cousin|niece|nephew|stepson|stepdaughter)\s+(?:named|called)\s+${TITLED_NAME}\b`,
      'u',
    ),
    attribute: 'relative',
    phrase: "S's V1 is V",
  },
  // The same with "is" ("my therapist is Dr. Lee"), for the people one sees for work or care: a boss
  // said so is the manager's one slot ("my boss is Priya", then "... is Tom").
  {
    re: new RegExp(String.raw`\b[Mm]y\s+(${WORK_AND_CARE})\s+is\s+${TITLED_NAME}\b`, 'u'),
    attribute: 'relative',
    phrase: "S's V1 is V",
  },
  {
    // "my timezone is CET", "our staging server is now stg-2.acme.internal", "our API base URL changed
    // to https://...": one slot per thing named, a newer value replaces the older.
    re: new RegExp(
      String.raw`\b(?:my|our)\s+(?:new\s+|current\s+|updated\s+)?(${MY_THINGS})(?:\s+(?:there|here|at\s+(?:work|[A-Z][\w&.-]*(?:\s+[A-Z][\w&.-]*){0,2})))?\s+(?:is|are|(?:has\s+(?:been\s+)?|have\s+(?:been\s+)?|was\s+|were\s+)?changed\s+to|(?:has\s+)?moved\s+to)\s+(?:now\s+)?(?:called\s+|named\s+)?(${MY_VALUE})`,
      'i',
    ),
    attribute: 'my',
    phrase: "S's V1 is V",
  },
  {
    re: new RegExp(
      String.raw`\b[Tt]he\s+(?:new\s+|current\s+|updated\s+)?(${TEAM_THINGS})\s+(?:is|(?:has\s+(?:been\s+)?|was\s+)?changed\s+to|(?:has\s+)?moved\s+to)\s+(?:now\s+)?(${MY_VALUE})`,
      'i',
    ),
    attribute: 'my',
    phrase: "S's V1 is V",
  },
  // What a team's thing is written in ("our API is written in Go", "the backend is built with Rust").
  {
    re: /\b(?:our|my|the)\s+((?:[\w-]+\s+)?(?:api|app|backend|frontend|service|server|website|site|cli|sdk|library|project|codebase|monorepo|bot|mobile app))\s+is\s+(?:now\s+)?(?:written|built|implemented)\s+(?:in|with)\s+([\w#+.]*\w[#+]*)/i,
    attribute: 'written_in',
    phrase: "S's V1 is written in V",
  },
  // A new one named after it: "I got a new manager, Tom", "we have a new boss named Priya".
  {
    re: /\b(?:I|[Ww]e)\s+(?:(?:just|finally|now)\s+)?(?:got|have|has)\s+a\s+new\s+(manager|boss|tech lead|team lead)(?:\s*[,:]\s*|\s+(?:named|called)\s+)([\p{Lu}][\p{Ll}'’-]+)\b/u,
    attribute: 'my',
    phrase: "S's V1 is V",
  },
  // The same said the other way round: "Alice is my manager now", "Tom is my new boss".
  {
    re: /(?:^|[.!?;]\s+|,\s+(?:and|but|so)\s+|\b(?:and|but|so|now)\s+)(?!(?:He|She|It|They|This|That|There|Who|What|Which|Everyone|Nobody|Someone|Mine)\b)(?<v>[\p{Lu}][\p{Ll}'’-]+(?:\s+[\p{Lu}][\p{Ll}'’-]+)?)\s+is\s+(?:now\s+)?(?:officially\s+)?my\s+(?:new\s+|current\s+)?(?<v1>manager|boss|tech lead|team lead|product manager)\b/u,
    attribute: 'my',
    phrase: "S's V1 is V",
  },
  // What one is building or working on ("I'm building a SaaS for dentists", "we're working on a mobile
  // app for runners"): each its own slot, one thing built does not end another. A project is the
  // project's slot (one at a time, below).
  {
    re: /\b(?:I['’]m|I\s+am|[Ww]e['’]re|[Ww]e\s+are)\s+(?:(?:currently|now|still|also)\s+)?(?<v1>building|developing|working\s+on)\s+(?<v>(?:an?|my|our)\s+(?!(?:lot|bit|little|way|plan|habit|routine|tan|relationship)\b)(?![^,.;!?]*\bproject\b)[^,.;!?]{3,60}?)(?=\s+(?:because|since|so|but|right now|these days|at the moment|and\s+(?:I|we|it)|with\s+(?:my|our|a)\s+\w+\s+(?:and|but))\b|[,.;!?]|$)/u,
    attribute: 'building',
    phrase: 'S is V1 V',
  },
  // The team one is on ("I'm on the payments team", "I joined the search team", "I moved to the
  // platform team"): one at a time, as "my team is X" says it.
  {
    re: /\b(?:(?:I['’]m|I\s+am)\s+(?:(?:now|currently|still)\s+)?(?:on|in|part\s+of)|I\s+(?:(?:have|['’]ve)\s+)?(?:(?:just|recently|finally)\s+)?(?:joined|moved\s+(?:over\s+)?to|switched\s+to|transferred\s+to|was\s+moved\s+to))\s+the\s+(?!(?:same|whole|entire|other|new|first|second|home|away|winning|losing|national|right|wrong)\b)([\p{L}\p{N}&-]+(?:\s+[\p{L}\p{N}&-]+){0,2}?)\s+team\b/iu,
    attribute: 'team',
    phrase: 'S is on the V team',
  },
  // The project one works on, one at a time ("I'm working on a project called Atlas", then "I moved to
  // the Orion project"): a new one supersedes it, as a team does.
  {
    re: /\b(?:working\s+on|started|leading|building|joined|moved\s+to|switched\s+to)\s+a\s+(?:new\s+)?project\s+(?:called|named)\s+([\p{Lu}][\p{L}\p{N}-]*(?:\s+[\p{Lu}][\p{L}\p{N}-]*)?)/u,
    attribute: 'project',
    phrase: 'S works on the project V',
  },
  {
    re: /\b(?:I['’]m|I\s+am|I)\s+(?:(?:now|currently|still|just|recently|mostly|mainly)\s+)?(?:working\s+on|work\s+on|on|leading|lead|joined|moved\s+(?:over\s+)?to|switched\s+to|transferred\s+to|was\s+moved\s+to|got\s+moved\s+to|was\s+put\s+on|got\s+put\s+on)\s+(?:the\s+([\p{Lu}][\p{L}\p{N}-]*(?:\s+[\p{Lu}][\p{L}\p{N}-]*)?)\s+project\b|[Pp]roject\s+([\p{Lu}][\p{L}\p{N}-]*))/u,
    attribute: 'project',
    phrase: 'S works on the project V',
  },
  // A goal said as one ("my goal is to run a marathon", then "my new goal is to lose 10 pounds"): one at
  // a time ("one of my goals" adds none).
  {
    re: new RegExp(String.raw`${MY_GOAL_IS}(?:simply\s+|just\s+)?to\s+([^,.;!?]{3,80})`, 'u'),
    attribute: 'goal',
    phrase: "S's goal is to V",
  },
  {
    re: new RegExp(String.raw`${MY_GOAL_IS}((?:a|an|the)\s+[^,.;!?]{3,60})`, 'u'),
    attribute: 'goal',
    phrase: "S's goal is V",
  },
  // Who one lives with ("I live with my girlfriend", "I moved in with two roommates", "I live alone now"):
  // one value at a time; "I live with chronic pain" is no household.
  {
    re: /\bI\s+(?:(?:now|still|currently|actually)\s+)?(?:live|am\s+living|['’]m\s+living|moved\s+in|have\s+moved\s+in|['’]ve\s+moved\s+in)\s+with\s+((?:my|our|a|an|two|three|four|some|\d+)\s+(?![^,.;!?]*\b(?:pain|illness|condition|disease|disorder|anxiety|depression|ADHD|diabetes|allerg\w*|mess|regrets?|consequences)\b)[^,.;!?]{2,40}?)(?=\s*(?:[,.;!?]|$)|\s+(?:in|at|near|now|and|but|since|for|who|because)\b)/u,
    attribute: 'lives_with',
    phrase: 'S lives with V',
  },
  {
    re: /\bI\s+(?:(?:now|still|currently|actually)\s+)?(?:live|am\s+living|['’]m\s+living)\s+(alone|by\s+myself|on\s+my\s+own)\b/u,
    attribute: 'lives_with',
    phrase: 'S lives V',
  },
  // A daily routine by the clock: when one wakes up and goes to bed ("I wake up at 7", then "I get up
  // at 6 now", "I've been waking up at 6"); a morning of one day ("tomorrow", "on Friday") is no routine.
  {
    re: new RegExp(
      String.raw`\b${I_LATELY}(?:(?:usually|normally|always|now|typically|generally|still|often)\s+)?(?:wak(?:e|ing)\s+up|get(?:ting)?\s+up)\s+(?:at|around|by|before)\s+((?:\d{1,2}(?::\d\d)?|\d{1,2}\s*(?:am|pm|a\.m\.|p\.m\.))(?:\s*(?:am|pm|a\.m\.|p\.m\.))?)(?![^.!?]*\b(?:tomorrow|tonight|on\s+(?:${DAY_NAMES})|this\s+(?:morning|week|weekend)|next)\b)`,
      'iu',
    ),
    attribute: 'wake_time',
    phrase: 'S wakes up at V',
  },
  {
    re: new RegExp(
      String.raw`\b${I_LATELY}(?:(?:usually|normally|always|now|typically|generally|still|often)\s+)?go(?:ing)?\s+to\s+(?:bed|sleep)\s+(?:at|around|by|before)\s+((?:\d{1,2}(?::\d\d)?)(?:\s*(?:am|pm|a\.m\.|p\.m\.))?|midnight)(?![^.!?]*\b(?:tomorrow|tonight|on\s+(?:${DAY_NAMES})|this\s+(?:week|weekend)|next)\b)`,
      'iu',
    ),
    attribute: 'bedtime',
    phrase: 'S goes to bed at V',
  },
  // The same said of a while up to now ("I've been going to the gym 3 times a week"): the slot of the
  // deed's plain form, so either way of saying it supersedes the other.
  {
    re: new RegExp(
      String.raw`\bI(?:\s+have|['’]ve)\s+been\s+(?<v1>going\s+to\s+the\s+gym|working\s+out|going\s+running|going\s+swimming|going\s+climbing|going\s+to\s+yoga|doing\s+yoga|running|swimming|lifting|meditating|playing\s+(?:${SPORT_PLAYED}))\s+(?<v>${HOW_OFTEN})`,
      'u',
    ),
    attribute: 'frequency',
    phrase: 'S V1 V',
  },
  // Money put aside so far for a thing ("I've saved $3,000 for my trip", then "I've now saved $5,000").
  {
    re: /\bI(?:\s+have|['’]ve)\s+(?:(?:now|already|finally|just)\s+)?saved\s+(?:up\s+)?(?:about\s+|around\s+|almost\s+|over\s+)?([$€£]\s?\d[\d,.]*(?:\s?(?:k|thousand))?|\d[\d,.]*\s?(?:dollars|euros|pounds|usd|eur|gbp))/iu,
    attribute: 'savings',
    phrase: 'S has saved V',
  },
  // When a planned thing takes place, and its change ("my sister's wedding is in June", then "... got
  // postponed to September"; "we moved the trip to May"): one slot per thing named.
  {
    re: new RegExp(
      String.raw`\b(?:[Mm]y|[Oo]ur|[Tt]he)\s+(?<v1>(?:[\p{L}'’-]+\s+){0,2}?(?:${PLANNED_THING}|due\s+date))(?:\s+date)?(?:\s+(?<dest>to\s+${PLACE_NAME}))?\s+(?:is|will\s+be|(?:has\s+been|was|got|is\s+being)\s+(?:postponed|moved|pushed(?:\s+back)?|rescheduled|brought\s+forward|changed)\s+(?:to|until))\s+(?:now\s+)?(?:on\s+|in\s+|for\s+)?(?<v>${PLANNED_WHEN})`,
      'u',
    ),
    attribute: 'planned',
    phrase: "S's V1 is planned for V",
  },
  {
    re: new RegExp(
      String.raw`\b(?:I|[Ww]e|[Tt]hey)\s+(?:(?:just|finally|had\s+to)\s+)?(?:moved|pushed(?:\s+back)?|postponed|rescheduled|delayed|brought\s+forward)\s+(?:my|our|the)\s+(?<v1>(?:[\p{L}'’-]+\s+){0,2}?(?:${PLANNED_THING}))\s+(?:back\s+)?(?:to|until)\s+(?<v>${PLANNED_WHEN})`,
      'u',
    ),
    attribute: 'planned',
    phrase: "S's V1 is planned for V",
  },
  {
    re: new RegExp(
      String.raw`\b(?:I['’]m|I\s+am|[Ww]e['’]re|[Ww]e\s+are)\s+(?:(?:now|currently|still)\s+)?(?:planning|taking|going\s+on|booking|having)\s+(?:a|my|our)\s+(?<v1>trip|vacation|holiday|party|wedding)\b[^.!?]{0,40}?\s+(?:in|on|for)\s+(?<v>${PLANNED_WHEN})`,
      'u',
    ),
    attribute: 'planned',
    phrase: "S's V1 is planned for V",
  },
  // A move to come ("I'm moving to Denver next month"): a plan, dated, not yet where one lives.
  {
    re: new RegExp(
      String.raw`\b(?:I['’]m|I\s+am|[Ww]e['’]re|[Ww]e\s+are)\s+(?:(?:now|finally|officially|actually|also)\s+)?(?<v1>moving|relocating)\s+(?<dest>(?:back\s+)?to\s+${PLACE_NAME})\s+(?:in\s+|on\s+|at\s+the\s+end\s+of\s+|by\s+)?(?<v>${PLANNED_WHEN})`,
      'u',
    ),
    attribute: 'planned',
    phrase: "S's V1 is planned for V",
  },
  // A tally of things done so far, one per thing ("I've read 12 books this year", then "I've now read
  // 15"): the newer count holds. Apart from things owned ("I have 12 books").
  {
    re: new RegExp(String.raw`${SO_FAR}read\s+${COUNT}\s+(?<thing>books|novels)\b`, 'i'),
    attribute: 'count_read',
    phrase: 'S has read V V1',
  },
  {
    re: new RegExp(
      String.raw`${SO_FAR}(?:visited|been\s+to)\s+${COUNT}\s+(?<thing>countries|states|continents|national\s+parks)\b`,
      'i',
    ),
    attribute: 'count_visited',
    phrase: 'S has visited V V1',
  },
  {
    re: new RegExp(
      String.raw`${SO_FAR}(?:run|completed|finished|done)\s+${COUNT}\s+(?<thing>(?:half[ -])?marathons|triathlons|ultras|races)\b`,
      'i',
    ),
    attribute: 'count_run',
    phrase: 'S has run V V1',
  },
  // When a recurring thing takes place ("my pottery class is on Tuesdays", then "my pottery class moved
  // to Thursdays"): one slot per thing.
  {
    re: new RegExp(
      String.raw`\b[Mm]y\s+(?<v1>(?:[\p{L}-]+\s+){0,2}?(?:class|classes|lessons?|practice|training|sessions?|appointments?|meeting|standup|stand-up|shift|club|group))\s+(?:is|are|(?:has\s+|have\s+)?(?:been\s+|was\s+|were\s+|got\s+)?(?:moved|changed|switched|rescheduled)\s+to|is\s+now)\s+(?:now\s+)?(?:on\s+)?(?<v>${WEEKDAYS}(?:\s*(?:,|and|&)\s*${WEEKDAYS})*(?:\s+(?:at|from)\s+\d{1,2}(?::\d\d)?\s*(?:am|pm)?)?)`,
      'u',
    ),
    attribute: 'schedule',
    phrase: "S's V1 is on V",
  },
  // The same said of the one who goes: "I started a pottery class on Tuesdays", "I have piano lessons
  // every Thursday" (the slot of "my pottery class is on ...").
  {
    re: new RegExp(
      String.raw`\bI\s+(?:(?:just|recently|now|also|still)\s+)?(?:started|have|take|attend|joined|go\s+to|signed\s+up\s+for)\s+(?:a|an|my|the)?\s*(?<v1>(?:[\p{L}-]+\s+){1,2}?(?:class|classes|lessons?|practice|training|club))\s+(?:on\s+(?=\S+days\b|weekends|weekdays)|every\s+)(?<v>${WEEKDAYS}(?:\s*(?:,|and|&)\s*${WEEKDAYS})*(?:\s+(?:at|from)\s+\d{1,2}(?::\d\d)?\s*(?:am|pm)?)?)`,
      'u',
    ),
    attribute: 'schedule',
    phrase: "S's V1 is on V",
  },
  {
    re: new RegExp(
      String.raw`\b(?:[Mm]y|[Oo]ur|[Tt]he)\s+(?:(?:team|daily|weekly|morning|regular|usual)\s+)*(?<v1>(?:[\p{L}-]+\s+)??(?:standup|stand-up|meeting|class|lesson|practice|session|appointment|call|sync|retro|shift))\s+(?:is|(?:has\s+)?(?:been\s+)?(?:was\s+|got\s+)?(?:moved|changed|pushed|rescheduled)\s+(?:back\s+)?to|is\s+now)\s+(?:now\s+)?(?:at\s+)?(?<v>\d{1,2}(?::\d\d)?\s*(?:am|pm|a\.m\.|p\.m\.)?|noon)(?!\s*(?:minutes|mins|hours|people|%|\d))(?![^.!?]*\b(?:tomorrow|today|tonight|this\s+(?:week|morning|afternoon)|next\s+week|on\s+${WEEKDAYS})\b)`,
      'u',
    ),
    attribute: 'schedule',
    phrase: "S's V1 is at V",
  },
  // A subscription or membership held, each its own slot, and one cancelled ("I have a Netflix
  // subscription", "I cancelled my Netflix subscription").
  {
    re: new RegExp(
      String.raw`\bI\s+(?:(?:now|also|still)\s+)?(?:have|['’]ve\s+got|got|pay\s+for|signed\s+up\s+for|bought)\s+(?:a|an)\s+(?:new\s+)?${SERVICE}\s+(?:subscription|membership)\b`,
      'u',
    ),
    attribute: 'subscription',
    phrase: 'S has a V subscription',
  },
  {
    re: new RegExp(
      String.raw`\bI\s+(?:(?:just|finally|recently|also)\s+)?subscribed\s+to\s+${SERVICE}\b(?!\s+(?:for|on|with)\b)`,
      'u',
    ),
    attribute: 'subscription',
    phrase: 'S has a V subscription',
  },
  {
    re: new RegExp(
      String.raw`\bI\s+(?:(?:just|finally|recently|also)\s+)?(?:(?:cancell?ed|ended|dropped|got\s+rid\s+of)\s+my\s+${SERVICE}\s+(?:subscription|membership)|unsubscribed\s+from\s+${SERVICE}|cancell?ed\s+(?:my\s+)?${SERVICE}(?=\s*(?:[,.;!?]|$)|\s+(?:last|this|yesterday|today|because|and|but|after)\b))`,
      'u',
    ),
    attribute: 'subscription_ended',
    phrase: 'S cancelled their V subscription',
    ends: true,
    endsValueIn: 'subscription_',
  },
  // A personal best, one per event ("my personal best in the 5k is 28 minutes", then "my 5k PB is now
  // 25 minutes", "I set a new personal best of 3:45 in the marathon").
  {
    re: new RegExp(
      String.raw`\b[Mm]y\s+(?:new\s+|current\s+)?(?<v1>${RACE})\s+(?:personal\s+(?:best|record)|PB|PR)\s+(?:is|was\s+just|is\s+now|now\s+stands\s+at|went\s+down\s+to)\s+(?:now\s+)?(?<v>${RACE_TIME})`,
      'iu',
    ),
    attribute: 'personal_best',
    phrase: "S's personal best in the V1 is V",
  },
  {
    re: new RegExp(
      String.raw`\b[Mm]y\s+(?:new\s+|current\s+)?(?:personal\s+(?:best|record)|PB|PR)\s+(?:in|for)\s+(?:the\s+|a\s+)?(?<v1>${RACE})\s+(?:is|was\s+just|is\s+now|now\s+stands\s+at)\s+(?:now\s+)?(?<v>${RACE_TIME})`,
      'iu',
    ),
    attribute: 'personal_best',
    phrase: "S's personal best in the V1 is V",
  },
  {
    re: new RegExp(
      String.raw`\bI\s+(?:just\s+|finally\s+)?(?:set|ran|hit|got|achieved)\s+a\s+(?:new\s+)?(?:personal\s+(?:best|record)|PB|PR)\s+of\s+(?<v>${RACE_TIME})\s+(?:in|for)\s+(?:the\s+|a\s+|my\s+)?(?<v1>${RACE})`,
      'iu',
    ),
    attribute: 'personal_best',
    phrase: "S's personal best in the V1 is V",
  },
  // The book one is reading now, one at a time ("I'm reading The Hobbit", then "I'm now reading Dune");
  // finishing it ends it.
  {
    re: new RegExp(
      String.raw`\b(?:I['’]m|I\s+am|I\s+(?:just\s+|recently\s+)?started)\s+(?:(?:now|currently|still|finally)\s+)?(?:reading|re-reading|rereading)\s+${TITLE}`,
      'u',
    ),
    attribute: 'reading',
    phrase: 'S is reading V',
  },
  {
    re: new RegExp(
      String.raw`\bI\s+(?:(?:have|['’]ve)\s+)?(?:just\s+|finally\s+)?finished\s+(?:reading|the\s+book)\s+${TITLE}`,
      'u',
    ),
    attribute: 'reading_finished',
    phrase: 'S finished reading V',
    ends: true,
    endsValueIn: 'reading',
    happened: true,
  },
  // How long the commute takes: one value at a time, with a number.
  {
    re: /\b[Mm]y\s+(?:daily\s+|new\s+|morning\s+)?commute\s+(?:is|takes|(?:has\s+)?(?:gone|went)\s+(?:up|down)\s+to|(?:has\s+)?(?:dropped|grown)\s+to)\s+(?:now\s+)?(?:only\s+|about\s+|around\s+|roughly\s+|just\s+)?(\d+(?:\.\d+)?\s*(?:minutes|mins|hours?|hrs|miles|km)(?:\s+each\s+way|\s+one\s+way)?|an?\s+hour(?:\s+and\s+a\s+half)?|half\s+an\s+hour)/u,
    attribute: 'commute',
    phrase: "S's commute is V",
  },
  // How often one does a thing ("I go to the gym three times a week", then "I now go five times a
  // week" said in full): one value per thing done.
  {
    re: new RegExp(
      String.raw`\bI\s+(?:(?:now|usually|still|currently|normally|typically|try\s+to|also)\s+)?(?<v1>go\s+to\s+the\s+gym|work\s+out|go\s+running|go\s+swimming|go\s+climbing|go\s+to\s+yoga|do\s+yoga|run|swim|lift|meditate|play\s+(?:${SPORT_PLAYED}))\s+(?:now\s+)?(?<v>${HOW_OFTEN})`,
      'u',
    ),
    attribute: 'frequency',
    phrase: 'S V1 V',
  },
  // An amount with one value at a time ("my budget is now $800", "my rent went up to 1,400 euros"):
  // a number is needed (a budget may also be "frozen until April", a state, no value).
  {
    re: /\b(?:my|our)\s+(?:new\s+|current\s+|monthly\s+|annual\s+|yearly\s+|weekly\s+|total\s+)?((?:budget|salary|rent|weight|target weight|goal weight|height|credit limit|mortgage payment|hourly rate|rate|quota)(?:\s+for\s+(?:the|this|my|our|a)\s+[a-z]+(?:\s+[a-z]+)?(?=\s+(?:is|has|went|was|dropped|rose)\b))?)\s+(?:is|(?:has\s+)?(?:been\s+)?(?:changed|raised|increased|cut|reduced|lowered|bumped|set)\s+to|(?:went|has\s+gone|is)\s+(?:up|down)\s+to|dropped\s+to|rose\s+to)\s+(?:now\s+)?(?:only\s+|about\s+|around\s+|roughly\s+)?([$€£¥]\s?\d[\d,.]*(?:\s?(?:k|m|million|thousand)\b)?|\d[\d,.]*(?:\s?(?:k|m|million|thousand)\b)?(?:\s?(?:%|dollars|euros|pounds|usd|eur|gbp|kg|kgs|kilos|lbs|cm|m|ft|feet|an\s+hour|per\s+hour|a\s+month|per\s+month|a\s+year|per\s+year))?)/i,
    attribute: 'my',
    phrase: "S's V1 is V",
  },
  // A weight said as a verb ("I weigh 80 kg", "I'm down to 75 kg now"): the slot of "my weight is ...".
  {
    re: /\b(?:I\s+(?:now\s+|currently\s+|only\s+)?weigh|(?:I['’]m|I\s+am)\s+(?:now\s+|finally\s+)?down\s+to)\s+(?:about\s+|around\s+|roughly\s+|just\s+|only\s+)?(\d[\d.,]*\s?(?:kg|kgs|kilos|kilograms|lbs|pounds))\b/i,
    attribute: 'weight',
    phrase: "S's weight is V",
  },
  // A time zone said by its abbreviation ("I'm in EST now", "I'm on CET these days"), the slot of "my
  // timezone is ...".
  {
    re: /\b(?:I['’]m|I\s+am|[Ww]e['’]re|[Ww]e\s+are)\s+(?:now\s+|currently\s+)?(?:in|on)\s+(?:the\s+)?((?:UTC|GMT)(?:\s?[+-]\s?\d{1,2}(?::\d{2})?)?|[ECMP][SD]T|CES?T|EES?T|WES?T|BST|IST|JST|KST|SGT|HKT|AES?[DS]?T|NZ[DS]T|BRT|ART)(?:\s+(?:time|time\s?zone))?\b(?!\s*[-/])/u,
    attribute: 'timezone',
    phrase: "S's timezone is V",
  },
  {
    re: /\b(?:I\s+speak|my\s+language\s+is)\s+([\p{Lu}][\p{L}]+(?:\s+and\s+[\p{Lu}][\p{L}]+)?)/u,
    attribute: 'language',
    phrase: 'S speaks V',
  },
  // Languages listed ("I speak English, French and a bit of Arabic"): the second and the last are
  // read too (a pattern gives one value; each language is its own slot).
  {
    re: new RegExp(String.raw`\bI\s+(?:also\s+)?speak\s+\p{Lu}\p{L}+,?\s+(?:and\s+)?${SOME_OF}(\p{Lu}\p{L}+)`, 'u'),
    attribute: 'language',
    phrase: 'S speaks V',
  },
  {
    re: new RegExp(
      String.raw`\bI\s+(?:also\s+)?speak\s+\p{Lu}\p{L}+(?:,\s+${SOME_OF}\p{Lu}\p{L}+)+,?\s+(?:and|or)\s+${SOME_OF}(\p{Lu}\p{L}+)`,
      'u',
    ),
    attribute: 'language',
    phrase: 'S speaks V',
  },
  // The plan (tier, subscription) of a product an account is on: an upgrade or a downgrade is its new value.
  {
    re: new RegExp(
      `\\b(?:I\\s+am|I['’]m|we\\s+are|we['’]re)\\s+(?:now\\s+|currently\\s+|still\\s+)?on\\s+(?:the|a|an|our)\\s+${PLAN_NAME}\\s+${PLAN_WORD}`,
      'iu',
    ),
    attribute: 'plan',
    phrase: 'S is on the V plan',
  },
  {
    re: new RegExp(
      `\\b(?:I|we)(?:\\s+(?:have|['’]ve)|['’]ve)?\\s+(?:just\\s+|finally\\s+|now\\s+)?(?:upgraded|downgraded|switched|moved|changed|migrated)\\s+(?:(?:our|my|the)\\s+(?:account|subscription|plan)\\s+)?(?:from\\s+(?:the\\s+)?[^,.;!?]+?\\s+)?to\\s+(?:the|a|an)\\s+${PLAN_NAME}\\s+${PLAN_WORD}`,
      'iu',
    ),
    attribute: 'plan',
    phrase: 'S is on the V plan',
  },
  // "I'm vegetarian", "I'm a vegetarian now", "I became vegan last year", "I went vegan".
  {
    re: new RegExp(
      `\\bI(?:(?:['’]m| am)\\s+(?:(?:now|also|strictly|fully|mostly)\\s+)?(?:an?\\s+)?|\\s+(?:(?:just|recently|finally)\\s+)?(?:became|went|turned|have\\s+become|['’]ve\\s+become|have\\s+gone|['’]ve\\s+gone)\\s+(?:an?\\s+)?)${DIET}`,
      'i',
    ),
    attribute: 'diet',
    phrase: 'S is V',
  },
  // A diet given up ("I'm not vegetarian anymore", "I'm no longer vegan", "I stopped being vegan"):
  // it ends the diet, as a job left ends the employer (after the diet above: "I'm not vegan any
  // more, I'm vegetarian now" is the new diet).
  {
    re: new RegExp(
      String.raw`\bI(?:(?:['’]m|\s+am)\s+(?:not|no\s+longer)|(?:\s+(?:have|['’]ve)|['’]ve)?\s+(?:just\s+)?${GIVE_UP}\s+being)\s+(?:an?\s+)?(vegan|vegetarian|pescatarian)\b`,
      'i',
    ),
    attribute: 'diet',
    phrase: 'S is no longer V',
    ends: true,
  },
  // An allergy or intolerance that ended ("I'm not allergic to peanuts anymore", "I'm no longer
  // lactose intolerant"): its own slot ends (allergies add up). "I'm not allergic to cats" alone says
  // no allergy ended: "anymore" or "no longer" is needed.
  {
    re: /\bI(?:['’]m|\s+am)\s+(?:no\s+longer\s+|not\s+(?=(?:allergic\s+to\s+[a-z ]{2,40}?|lactose\s+intolerant)\s+any\s?more\b))(allergic\s+to\s+[a-z ]{2,40}|lactose\s+intolerant)\b/i,
    attribute: 'diet',
    phrase: 'S is no longer V',
    ends: true,
  },
  // A habit kept by itself ("I smoke a pack a day", "I'm a heavy smoker") and given up ("I quit
  // smoking", "I don't vape anymore"): one slot per habit, the giving up supersedes the habit.
  {
    re: new RegExp(
      String.raw`\bI\s+(?:(?:still|now|currently|also|usually|only)\s+)?(smoke|vape|gamble)\b${NOT_SMOKED_FOOD}(?!\s+(?:detectors?|alarms?))`,
      'i',
    ),
    attribute: 'habit',
    phrase: 'S V1',
  },
  {
    re: /\bI(?:['’]m|\s+am)\s+(?:still\s+|now\s+)?an?\s+(?:(?:heavy|chain|light|social|occasional|regular|daily|big)\s+)?(smoker|vaper|gambler|drinker)\b/i,
    attribute: 'habit',
    phrase: 'S V1',
  },
  {
    re: /\bI(?:['’]ve|\s+have)\s+been\s+(smoking|vaping|gambling)\s+(?:for|since)\b/i,
    attribute: 'habit',
    phrase: 'S V1',
  },
  // Not having the habit, as a state ("I don't drink alcohol", "I never smoke"): the habit's slot, so
  // a later "I started smoking" is its new value; "I don't drink coffee" is a liking's (DRINKS).
  {
    re: /\bI\s+(?:(?:just|also|honestly|actually)\s+)?(?:don['’]?t|do\s+not|never)\s+(drink)(?:\s+(?:alcohol|booze))?(?=\s*(?:[,.;!?]|$)|\s+(?:at\s+all|and|but|so|because|since)\b)/i,
    attribute: 'habit',
    phrase: 'S does not drink alcohol',
  },
  {
    re: /\bI\s+(?:(?:just|also|honestly|actually)\s+)?(?:don['’]?t|do\s+not|never)\s+(smoke)(?=\s*(?:[,.;!?]|$)|\s+(?:at\s+all|and|but|so|because|since|cigarettes|weed)\b)/i,
    attribute: 'habit',
    phrase: 'S does not smoke',
  },
  {
    re: new RegExp(
      String.raw`${I}(?:\s+(?:have|['’]ve)|['’]ve)?\s+(?:(?:just|finally|recently|officially|completely)\s+)?${GIVE_UP}\s+(smoking|vaping|gambling|drinking${NOTHING_OR_WHEN})\b`,
      'i',
    ),
    attribute: 'habit',
    phrase: 'S quit V',
    ends: true,
  },
  {
    re: new RegExp(String.raw`${I}\s+(?:don['’]?t|do\s+not)\s+(smoke|vape|gamble|drink)\s+any\s?more\b`, 'i'),
    attribute: 'habit',
    phrase: 'S quit V',
    ends: true,
  },
  {
    re: new RegExp(String.raw`${I}\s+no\s+longer\s+(smoke|vape|gamble|drink${NOTHING_OR_WHEN})\b`, 'i'),
    attribute: 'habit',
    phrase: 'S quit V',
    ends: true,
  },
  {
    re: /\bI(?:['’]m|\s+am)\s+(?:(?:no\s+longer|not)\s+an?\s+(?:(?:heavy|chain|social|big)\s+)?(smoker|vaper|gambler|drinker)\b|(?:now\s+)?an?\s+(?:non-?|ex-?)(smoker|vaper|drinker)\b)/i,
    attribute: 'habit',
    phrase: 'S quit V',
    ends: true,
  },
  // Someone the speaker names: "Leo is now vegan", "my husband Leo is vegetarian".
  {
    re: new RegExp(`${NAME_SUBJ}\\s+is\\s+(?:now\\s+|also\\s+|strictly\\s+)?${DIET}`, 'u'),
    attribute: 'diet',
    phrase: 'S is V',
    named: true,
  },
  {
    re: new RegExp(
      `\\b(?:[Mm]y|[Oo]ur)\\s+(?:husband|wife|partner|son|daughter|kid|child|mom|mother|dad|father|brother|sister|friend|boyfriend|girlfriend|fianc[ée]e?)\\s+([\\p{Lu}][\\p{Ll}]+)\\s+is\\s+(?:now\\s+|also\\s+|strictly\\s+)?${DIET}`,
      'u',
    ),
    attribute: 'diet',
    phrase: 'S is V',
    named: true,
  },
];

function trimValue(v: string, attribute: string): string {
  let out = v.replace(/[.,;:!?'’"]+$/, '').trim();
  // A diet's value, a schedule's ("Mondays and Wednesdays at 6pm") and a thing built ("a SaaS for
  // dentists") hold these words.
  if (attribute !== 'diet' && attribute !== 'building' && !attribute.startsWith('schedule_'))
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
  String.raw`\b(?:url|endpoint|domain|host|hostname|port|region|server|database|db|environment|cluster|branch|command|deploy|version|deadline|date|sprint|lead|promoted|passed|died|lost|retired|sold|rid|traded|totall?ed|wrecked|crashed|smok\w*|vap(?:e|er|ing)|gambl\w*|drink(?:er|ing)?|quit|stopped|longer|surname|non-|ex-|eat|graduat\w*|student|rehom\w*|home|budget|salary|rent|weigh|weight|height|address|limit|rate|quota|UTC|GMT|[ECMP][SD]T|CES?T|EES?T|WES?T|BST|JST|KST|AES?T|NZ[DS]T|training|preparing|studying|practi[cs]ing|learning|drop|dropped|pulled|pull|withdrew|withdraw|gave|give|drive|bought|got|leased|adopted|rescued|live|lives|living|reside|based|staying|settled|moved|relocated|from|grew|born|raised|work|works|working|employed|joined|started|name|call|called|years?|y\/o|turned|e-?mail|phone|number|mobile|cell|married|single|engaged|divorced|dating|widowed|separated|broke|split|relationship|wife|husband|partner|girlfriend|boyfriend|fianc\S*|spouse|${ANIMAL}|${NATIONALITIES}|pet|goal|wake|bed|sleep|project|alone|personal|PB|PR|subscribed|membership|cancell?ed|unsubscribed|class|classes|lessons?|practice|shifts?|replaced|written|built|implemented|standup|stand-up|meeting|saved|turning|title|calls|wedding|trip|vacation|flights?|moving|relocating|holiday|postponed|rescheduled|pushed|planning|appointments?|sessions?|sync|retro|visited|been|run|completed|reading|re-reading|rereading|finished|commute|times|twice|once|daily|every|baby|child|kid|sister|brother|son|daughter|mom|mother|dad|father|cousin|aunt|uncle|grand\w+|niece|nephew|friend|roommate|neighbou?r|co-?founder|co-?worker|colleague|teammate|mentor|therapist|doctor|dentist|trainer|coach|landlord|accountant|lawyer|building|developing|have|own|makes|making|down|birthday|anniversary|time ?zone|hometown|language|major|nationality|pronouns|diet|religion|team|manager|boss|school|university|college|editor|ide|shell|terminal|browser|laptop|phone|car|os|operating|speak|vegan|vegetarian|pescatarian|allergic|allergy|allergies|diabetic|diabetes|asthma|celiac|coeliac|pregnant|diagnosed|intolerant|gluten|job|jobs|position|hired|laid|fired|unemployed|jobless|became|went|turned|become|gone|profession|occupation|role|plan|tier|subscription|package|edition|I['’]m\s+(?:now\s+)?an?|I\s+am\s+(?:now\s+)?an?|I['’]m\s+(?:now\s+)?\d+|I\s+am\s+(?:now\s+)?\d+)\b`,
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
              ? `${attribute}_${thing}`
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
    // An address has a number in it ("12 Oak St"; "my address is on file" says none).
    if (attribute.endsWith('address') && !/\d/.test(value)) continue;
    // "My" opening a sentence is no name: "My girlfriend and I broke up" -> "their girlfriend".
    value = trimValue(value, attribute).replace(/^My\b/, 'my');
    // A diet replaces the one before (vegetarian -> vegan); allergies, intolerances, languages, pets
    // and relatives by name add up: each value is its own slot, so "allergic to shellfish as well" does not supersede "to peanuts".
    // (The attribute itself, and so the dedupe key, stays as it was: learning again merges, not doubles.)
    const addsUp =
      (attribute === 'diet' && !/^(?:vegan|vegetarian|pescatarian)$/i.test(value)) ||
      attribute === 'language' ||
      attribute === 'health' ||
      attribute === 'habit' ||
      attribute === 'location_left' ||
      attribute === 'subscription' ||
      attribute === 'building' ||
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
    if (
      value === '' ||
      ((attribute === 'location' || attribute.startsWith('home_of_')) &&
        (/^(?:a|an|the|my|our|this|that|here|there|it)$/i.test(value) ||
          ENDS_IN_PLAN.test(value) ||
          notAPlace(value, p.moves === true))) ||
      // Where one is from in lower case is a place word ("the countryside") or no place ("from now on").
      (attribute === 'origin' && (notAPlace(value, true) || /^\d/.test(value)))
    )
      continue;
    // A birthday or an anniversary is a day of the year: "my birthday is next week" names none (its
    // line would say "next week" long after).
    if (
      /^(?:birthday|anniversary)$/.test(attribute) &&
      !/\d|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b/i.test(value)
    )
      continue;
    // A branch's state is no branch: "the main branch is protected" names none.
    if (
      attribute.endsWith('branch') &&
      /^(?:protected|locked|broken|green|red|failing|frozen|stable|clean|up to date|behind|ahead|outdated|stale|deployed|merged|deleted|read-only)\b/i.test(
        value,
      )
    )
      continue;
    if (
      attribute === 'occupation' &&
      /\b(?:fan|lover|member|bit|lot|fun|person|big|little|huge|mess|wreck|believer|part|smoker|vaper|gambler|drinker|vegetarian|vegan|pescatarian|riser|sleeper|eater|learner|owl|introvert|extrovert|optimist|pessimist|perfectionist|procrastinator|worrier|overthinker|beginner|newbie|novice|foodie|homebody)\b/i.test(
        value,
      )
    )
      continue;
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
    });
  }
}

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
 * A first-person object said of the subject: "my" -> "their", "me" -> "them" (a memory is in the third
 * person; the speaker's words stay in `attributes.sentence`). These are stop words, so dedupe keys do not change.
 */
/** The people a "her" or a "him" stands for, by the word that names them. */
const HER_WORDS = 'mom|mother|mum|sister|daughter|wife|girlfriend|aunt|grandma|grandmother|niece|fiancée|fiancee';
const HIM_WORDS = 'dad|father|brother|son|husband|boyfriend|uncle|grandpa|grandfather|nephew|fiancé|fiance';
const MY_HER = new RegExp(String.raw`\bmy\s+(?:(?:little|older|younger|big|baby|step)\s+)?(${HER_WORDS})\b`, 'gi');
const MY_HIM = new RegExp(String.raw`\bmy\s+(?:(?:little|older|younger|big|baby|step)\s+)?(${HIM_WORDS})\b`, 'gi');

/**
 * A value's "her" or "him" said as the relative the sentence names ("My mom's birthday is May 3, I
 * want to get her a scarf" -> "get my mom a scarf"): a profile line is read without the sentence. Only
 * when the sentence names one such relative of the pronoun's gender; "her" before a noun is theirs
 * ("her car" -> "my mom's car").
 */
function withRelativeNamed(value: string, sentence: string): string {
  if (!/\b(?:her|him|his)\b/i.test(value)) return value;
  const one = (re: RegExp) => {
    const found = [...new Set([...sentence.matchAll(re)].map((m) => (m[1] as string).toLowerCase()))];
    return found.length === 1 ? `my ${found[0]}` : null;
  };
  const her = one(MY_HER);
  const him = one(MY_HIM);
  let out = value;
  if (her)
    out = out.replace(
      /\bher\b(\s+(?!(?:a|an|the|some|something|to|for|on|at|in|with|and|or|up|out|back|off|over)\b)[\p{L}]+)?/giu,
      (_m, noun?: string) => (noun ? `${her}'s${noun}` : her),
    );
  if (him) out = out.replace(/\bhim\b/gi, him).replace(/\bhis\b/gi, `${him}'s`);
  return out;
}

/** A thing said by the subject, said of them: "for my family" is "for their family", "our main database" "their main database". */
function ofTheSubject(object: string): string {
  return object
    .replace(/\b(?:my|our)\b/g, 'their')
    .replace(/\b(?:My|Our)\b/g, 'Their')
    .replace(/\bours\b/gi, 'theirs')
    .replace(/\bmyself\b/gi, 'themselves')
    .replace(/\bmine\b/gi, 'theirs')
    .replace(/\bme\b/g, 'them');
}

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

/** A kind as a slot spells it: "Guinea pig" -> "guinea_pig" (as the pet slots `pet_guinea_pig_...`). */
function kindSlug(kind: string): string {
  return kind.toLowerCase().replace(/\s+/g, '_');
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
              ? null
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
