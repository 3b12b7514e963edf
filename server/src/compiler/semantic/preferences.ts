/**
 * Preferences: likings, dislikings and wants ("I love hiking", "I'd love to visit Japan"), favourites,
 * choices of a kind ("I prefer dark mode", "I switched to Neovim", "we use Postgres") with the kind a
 * choice is of (KNOWN_KINDS), and habits ended or held ("I stopped drinking coffee", "I don't drink coffee").
 */
import { pastimeNamed } from '../activities.js';
import { contentStems } from '../normalise.js';
import { ENDS_IN_PLAN, GIVE_UP } from './attribute-vocabulary.js';
import { I, IM } from './first-person.js';
import { OUTCOME } from './outcomes.js';

export interface Preference {
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
  `${I}(?:\\s+|(?=['’]))(?:want|wanna|need(?=\\s+(?:a|an|my|the)\\s+(?:${OUTCOME})\\b)|would (?:really )?(?:love|like)|['’]d (?:really )?(?:love|like)|wish|hope|plan|intend|dream(?:\\s+of)?|aim)\\s+(?:to\\s+)?(.+)`,
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
export function opinionSlot(subjKey: string, object: string): string {
  return `${subjKey}:opinion:${contentStems(object).join('-')}`;
}

/** A deed's plain form from its gerund: "going to the gym" -> "go to the gym", "running" -> "run". */
export function plainOfGerund(deed: string): string {
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
export function thirdPerson(verb: string): string {
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
  o = o.replace(
    /\s+(?:so much|a lot|very much|too|as well|anymore|any more|lately|these days|right now|now|please)$/i,
    '',
  );
  // When it was chosen is no part of what was chosen ("the Business plan last week"); a time to come
  // is ("make it for my family this weekend", "visit Japan next spring").
  o = o.replace(
    /(?:^|\s+)(?:yesterday|today|recently|last (?:week|weekend|month|year|night|time|sprint|quarter)|(?:a|one|two|three|few|couple of) (?:days?|weeks?|months?|years?) ago|ago)$/i,
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
export function kindOf(object: string): string | null {
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
export const KNOWN_KINDS: Record<string, string> = Object.fromEntries(
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
export function kindNote(object: string, kind: string | undefined): string {
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
