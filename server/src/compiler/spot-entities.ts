/**
 * Entity spotting: e-mail addresses, URLs and proper names (people, places, organisations,
 * products) in a statement. Names come from capitalisation with context cues; a name seen inside a
 * sentence (or as a speaker) is "known", so it is also recognised at the start of a sentence.
 */

export type EntityType = 'person' | 'pet' | 'place' | 'organization' | 'product' | 'work' | 'email' | 'url' | 'other';

export interface SpottedEntity {
  name: string;
  type: EntityType;
}

const EMAIL = /\b[\w.+-]+@[\w-]+(?:\.[\w-]+)*\.[A-Za-z]{2,}\b/g;
const URL_RE = /\b(?:https?:\/\/|www\.)[^\s<>"'`)\]]+/gi;
/**
 * Runs of capitalised words, allowing "of"/"of the"/"the"/"de"/"&" inside (Bank of America, Lord of the
 * Rings, Tour de France). "and" ends a run: "Nike and Gatorade" are two names, not one.
 */
const NAME_RUN =
  /(?<![A-Za-z0-9\u00C0-\u024F@/.])[A-Z\u00C0-\u00DE][A-Za-z0-9\u00C0-\u024F'’.-]*(?:\s+(?:(?:of(?:\s+the)?|the|de|da|van|von|del|la|le|&)\s+)?[A-Z\u00C0-\u00DE][A-Za-z0-9\u00C0-\u024F'’.-]*)*/g;

/** Days and months, and the short forms of them that are never names ("Fri", "Sept"; not "Sun", "Jan"). */
const DAYS_AND_MONTHS =
  'Monday Tuesday Wednesday Thursday Friday Saturday Sunday January February March April May June July August ' +
  'September October November December';
const SHORT_DAYS_AND_MONTHS = 'Mon Tue Tues Wed Weds Thu Thur Thurs Fri Sat Feb Apr Aug Sept Oct Nov Dec';

/** Makes of car: a name that starts with one is a product ("a 2019 Honda Civic"), and the car one drives. */
export const CAR_MAKES =
  'Tesla|Honda|Toyota|Ford|BMW|Audi|Volkswagen|VW|Mercedes|Kia|Hyundai|Nissan|Mazda|Subaru|Volvo|Porsche|Chevrolet|Chevy|Jeep|Fiat|Renault|Peugeot|Citroen|Skoda|Seat|Lexus|Mini|Rivian|Polestar|Dacia|Opel|Suzuki|Mitsubishi|Jaguar|Land Rover|Range Rover|Lucid|BYD';
/** A make with its model after it ("Honda Civic", "Tesla Model 3"); a make alone may be a person ("Mini", "Seat"). */
const CAR_MODEL = new RegExp(`^(?:${CAR_MAKES})\\s+\\S`);

/** Capitalised words that are not names on their own. */
const NOT_NAMES = new Set(
  (
    'I Im Ive Id Ill A An The This That These Those There Here Hey Hi Hello Hiya Yo Wow Oh Ah Ooh Aww Yeah Yes No Nope ' +
    'Ok Okay OK Thanks Thank Please Sorry Sure Great Good Nice Cool Awesome Amazing Congrats Congratulations Well So ' +
    'And But Or If When While What Which Who Why How Where Just Also Really Maybe Definitely Absolutely Totally ' +
    'Haha Lol Omg Btw It Its My Your Our Their We You They He She Me Us Them His Her Mine Yours Let Lets Do Does Did ' +
    'Can Could Would Should Will Is Are Was Were Be Been Have Has Had Not Dont Didnt Cant Wont Isnt Anyway Anything ' +
    'Everything Something Nothing Everyone Someone Today Tomorrow Yesterday Tonight TV ' +
    DAYS_AND_MONTHS +
    ' Mom Dad Mum Mommy Daddy God Christmas Easter Halloween Thanksgiving Dear Love Bye Cheers True False Null ' +
    'After Before Since Until Then Now Once Because Though Although Even Still Plus Agreed Exactly Right Alright ' +
    'Morning Evening Afternoon Night Happy Merry Welcome Hope Glad Absolutely Honestly Seriously Anyways ' +
    // Languages and nationalities: not people, places or organisations by themselves.
    'English French German Spanish Italian Portuguese Dutch Swedish Norwegian Danish Finnish Polish Greek Turkish ' +
    'Russian Ukrainian Chinese Mandarin Cantonese Japanese Korean Hindi Arabic Hebrew Persian Thai Vietnamese ' +
    'Indonesian American British Canadian Mexican Brazilian Australian Irish Scottish European Asian African Latin ' +
    // Short forms of days and months ("Last Fri I took my kids..."), chat words and openers that are
    // capitalised at the start of a sentence or after a greeting ("Woohoo Melanie!", "See you there").
    SHORT_DAYS_AND_MONTHS +
    ' Mondays Tuesdays Wednesdays Thursdays Fridays Saturdays Sundays Weekends' +
    ' BTW LOL OMG TBH FYI IMO Yep Yup Yay Woohoo Woah Whoa Wanna Gotta See Always Never Remember Anytime'
  ).split(/\s+/),
);

/**
 * Prepositions that open a sentence ("In Kyoto I recommend ..."): the name is the word after them.
 * Inside a sentence a capitalised one is part of the name ("brands like Nike and Under Armour").
 */
const OPENING_PREPOSITIONS = new Set(
  'In At On From For With To By During About Into Over Under Near Between Across Around Without'.split(' '),
);

/**
 * Words capitalised in a title or at the start of a line that are no name said alone: a region's
 * adjective ("a small Midwestern town") and the kinds of work ("Game 7 of the Finals", "the Trilogy").
 * Checked against a whole name only: "Northern Ireland" and "Game of Thrones" are names.
 */
const NEVER_ALONE = new Set(
  (
    'Northern Southern Eastern Western Midwestern Northeastern Northwestern Southeastern Southwestern Central ' +
    'Game Games Trilogy Series Saga Finals Final Season Episode Chapter Book Movie Film Show Album Song Tournament'
  ).split(' '),
);

/** Words that make a time of a day or month name after them: "Last Friday", "Next August" are no names. */
const TIME_LEAD = new Set('Last Next Every Past Coming Early Late Mid'.split(' '));
const TIME_WORDS = new Set(
  `${DAYS_AND_MONTHS} ${SHORT_DAYS_AND_MONTHS} Sun Jan Mar Jun Jul Sep Week Weekend Month Year Summer Winter Spring Fall Autumn Morning Evening Night`.split(
    ' ',
  ),
);

/** Pronouns: capitalised in a run of names ("Lisbon and I", "In Paris We ..."), never part of one. */
const PRONOUNS = new Set('I Im Ive Id Ill Me We You They He She It Us Them My Your Our Their His Her'.split(' '));

const TITLES = /^(?:Mr|Mrs|Ms|Miss|Dr|Prof|Sir|Madam|Aunt|Uncle|Grandma|Grandpa)\.?$/;
const ORG_SUFFIX =
  /\b(?:Inc|Corp|Corporation|LLC|Ltd|GmbH|AG|SA|University|College|School|Academy|Institute|Company|Co|Bank|Foundation|Association|Society|Club|Group|Labs|Lab|Hospital|Clinic|Center|Centre|Agency|Studios?|Church|Museum|Council|Department|Ministry|Team|League|Union|Party|Network|Airlines?|Systems|Technologies|Software)\.?$/;
const PLACE_SUFFIX =
  /\b(?:City|Town|Village|Street|St|Road|Rd|Avenue|Ave|Boulevard|Park|Lake|River|Mountains?|Mount|Beach|Island|Islands|County|State|Province|Valley|Bay|Coast|Falls|Canyon|Forest|Square|Hills?|Tower|Bridge|Palace|Castle|Cathedral|Temple|Stadium|Arena|Airport|Station|Harbou?r|Pier|Zoo|Gardens?|Market)\.?$/;
/**
 * Software a coding or support agent hears of, in lower case: a name of it is a product where no cue
 * says a company ("drop Kubernetes", "Postgres for the database and Redis for caching" read Redis as a
 * person), and no town one lives in ("we moved to Kubernetes").
 */
export const SOFTWARE_NAMES = new Set(
  (
    'postgres|postgresql|mysql|mariadb|sqlite|redis|valkey|mongodb|mongo|cassandra|dynamodb|' +
    'elasticsearch|opensearch|clickhouse|snowflake|bigquery|kafka|rabbitmq|nats|kubernetes|k8s|docker|' +
    'podman|terraform|ansible|nginx|vercel|netlify|heroku|cloudflare|supabase|firebase|aws|gcp|azure|' +
    'datadog|grafana|prometheus|sentry|github|gitlab|bitbucket|jira|linear|notion|confluence|slack|' +
    'figma|trello|asana|todoist|obsidian|okta|auth0|stripe|twilio|shopify|salesforce|hubspot|zendesk|' +
    'intercom|react|vue|angular|svelte|django|flask|rails|laravel|nextjs|deno|typescript|javascript|' +
    'python|rust|golang|java|kotlin|elixir|haskell|clojure|neovim|vim|emacs|vscode|intellij|pycharm|' +
    'xcode|linux|ubuntu|debian|fedora|windows|macos|ios|android|chatgpt|openai|anthropic|copilot|' +
    'webpack|vite|jenkins|circleci|airflow|pandas|numpy|pytorch|tensorflow|jupyter|excel|powerpoint|' +
    'zoom|discord|whatsapp|telegram|spotify|netflix|google cloud|fly.io|github actions|pulumi|' +
    'microsoft teams|swift|next.js|graphql|grpc|databricks'
  ).split('|'),
);

/** A small gazetteer of countries and large cities, for names with no cue around them. */
const PLACES = new Set(
  (
    'Paris London Berlin Madrid Rome Lisbon Amsterdam Brussels Vienna Prague Warsaw Dublin Edinburgh Zurich Geneva ' +
    'Stockholm Oslo Copenhagen Helsinki Athens Istanbul Moscow Kyiv Tokyo Osaka Kyoto Seoul Beijing Shanghai ' +
    'Singapore Bangkok Delhi Mumbai Sydney Melbourne Auckland Toronto Vancouver Montreal Chicago Boston Seattle ' +
    'Austin Denver Miami Atlanta Dallas Houston Phoenix Portland Nashville Philadelphia Brooklyn Manhattan Hawaii ' +
    'California Texas Florida Oregon Colorado Alaska Canada Mexico Brazil Argentina Chile Peru Colombia France ' +
    'Germany Spain Italy Portugal Ireland Scotland England Wales Britain UK USA America Netherlands Belgium Austria ' +
    'US UAE NYC Switzerland Sweden Norway Denmark Finland Poland Greece Turkey Russia Ukraine China Japan Korea India Thailand ' +
    'Vietnam Indonesia Philippines Australia Zealand Egypt Morocco Kenya Nigeria Africa Europe Asia Sweden Iceland'
  ).split(/\s+/),
);
const PRODUCT_CUE =
  /\b(?:use|uses|using|used|bought|buy|buying|got|new|installed|install|upgraded to|switched to|playing|play|drive|drives|driving|decided to go with|settled on|opted for|standardi[sz]ed on)\s+(?:an?\s+|the\s+|my\s+|a new\s+)?$/i;
/** A change of thing used: "switched to", "upgraded to", "migrated over to". */
const SWITCHED_TO =
  /\b(?:switch|switched|switching|upgrade|upgraded|upgrading|migrate|migrated|migrating)\s+(?:over\s+)?to\s+(?:an?\s+|the\s+|my\s+|our\s+)?$/i;
/**
 * Both ends of a change of thing used: "switched from VS Code to Neovim", "migrated from Jira to
 * Linear" ("moved from Boston to Denver" is places, and moving is no switch).
 */
const SWITCHED_FROM =
  /\b(?:switch|switched|switching|upgrade|upgraded|upgrading|migrate|migrated|migrating|changed|converted)\s+(?:over\s+)?from\s+(?:an?\s+|the\s+|my\s+|our\s+)?(?:[^\s.!?,;]+\s+){0,3}?(?:to\s+(?:an?\s+|the\s+|my\s+|our\s+)?)?$/i;
/** "to" before a name, after a word one says to a person ("goodbye to Max", "talked to Ana"), is no place cue. */
const PLACE_CUE =
  /\b(?:in|(?<!\b(?:goodbye|bye|hello|talk|talked|talking|said|say|says|spoke|speak|speaking|listen|listened|listening|wrote|write|writing|sent|send|gave|give|giving|married|engaged|introduced|next|close|kind|nice|mean|thanks)\s+)to|from|near|visit|visited|visiting|trip to|moved to|live in|lives in|living in|flew to|went to|back to|around|across|towards|through)\s+(?:the\s+)?$/i;
const PERSON_CUE =
  /\b(?:with|met|meet|named|called|friend|friends|sister|brother|mom|mother|dad|father|wife|husband|son|daughter|cousin|aunt|uncle|grandma|grandpa|boss|colleague|coworker|partner|girlfriend|boyfriend|niece|nephew|told|asked|thanks|thank|hey|hi|hello|dear|congrats|and)\s*,?\s+$/i;
const ORG_CUE =
  /\b(?:work at|work for|works at|works for|worked at|worked for|joined|job at|intern at|hired by|employed by|graduated from|studied at|studying at|student at|enrolled at|enrolled in)\s+(?:the\s+)?$/i;
/** Where one works, said after the role: "a software engineer at Shopify", "a nurse with Kaiser". */
const ROLE_AT =
  /\b(?:engineer|developer|programmer|designer|manager|analyst|scientist|consultant|nurse|teacher|intern|lawyer|accountant|director|architect|researcher|recruiter|founder|cofounder|co-founder|ceo|cto|cfo|vp|pm|professor|lecturer|doctor|physician|surgeon|chef|barista|cashier|editor|writer|journalist|marketer|salesperson|specialist|coordinator|administrator|officer|technician|assistant|associate|partner|employee|contractor|freelancer)\s+(?:at|for|with)\s+(?:the\s+)?$/i;
/** A job named with its role before the employer: "a new job as a data engineer at Spotify". */
const JOB_AT = /\b(?:job|position|role|internship)\s+as\s+[^.!?]{0,40}?\b(?:at|with|for)\s+(?:the\s+)?$/i;
/** Where one stays, eats or goes: "at Kikunoi", "at the Granvia" (people are seldom "at"). */
const AT_PLACE =
  /(?<!\b(?:look|looks|looking|looked|stare|staring|stared|laugh|laughing|laughed|smile|smiling|smiled|yell|yelling|yelled|mad|angry|upset|good|great|bad|better|best|worse|worst|aim|aimed|aiming|point|pointed|pointing|shot|nod|nodded|wave|waved|waving|glance|glanced)\s+)\bat\s+(?:the\s+)?$/i;
/** A name that begins with the kind of place it is: "Hotel Granvia", "Lake Tahoe", "Cafe Luna". */
const PLACE_PREFIX =
  /^(?:Hotel|Hostel|Motel|Inn|Cafe|Café|Restaurant|Bistro|Bar|Lake|Mount|Mt|Camp|Fort|Port|Cape|Isle)\s/;
/** An app or service one does something on: "learning Spanish on Duolingo", "watching it on Netflix". */
const ON_SERVICE =
  /\b(?:learn|learning|learned|learnt|practice|practiced|practicing|practise|practised|practising|study|studying|studied|watch|watching|watched|stream|streaming|streamed|listen|listening|listened|post|posting|posted|order|ordering|ordered|download|downloaded|sell|selling|sold|buy|bought|found|find|book|booked|booking|chat|chatting|play|playing|played|read|reading)\b(?:\s+[\w'’-]+){0,3}\s+(?:on|via)\s+$/i;

/**
 * A kind of thing named right after the name: "the Dracula theme", "the STAR method", "the Hail Mary
 * book", and the things a support or coding agent hears of ("the Business plan", "our Okta login",
 * "the Stripe integration").
 */
const THING_AFTER =
  /^\s+(?:theme|app|editor|plugin|extension|library|framework|font|tool|brand|phone|laptop|browser|package|method|recipe|course|model|mode|plan|tier|subscription|license|licence|account|login|integration|api|sdk|cli|service|server|database|cluster|instance|dashboard|console|portal|platform|version|release|certificate|workspace|repo|repository|bot|feature|protocol|engine|setup|config|configuration|pipeline|tenant|card)s?\b/i;

/** Things made by a maker named before them, a word saying which kind allowed between ("road bike"). */
const MADE_THING_AFTER =
  /^\s+(?:(?:road|mountain|gravel|electric|e-|hybrid|racing|touring|cargo|folding|smart|gaming|digital|mirrorless|acoustic|noise-cancelling|wireless|running|hiking|trail)\s+)?(?:bikes?|bicycles?|e-bikes?|scooters?|watch|watches|cameras?|lens|lenses|guitars?|headphones|earbuds|speakers?|tvs?|drones?|tablets?|kayaks?|tents?|strollers?|shoes|sneakers|boots|jacket|backpack|vacuum|espresso machine|coffee machine|mixer)\b/i;

/**
 * A work (a book, film, song, show, game) by what is said around its name: the kind of work after it
 * ("the Hail Mary book", "the Lord of the Rings trilogy", "the Valorant tournament"), its author after
 * it ("Brave by Sara Bareilles"), its title in quotes ("Ed Sheeran's \"Perfect\""), reading or watching
 * it before it, or its kind ("this game Catan", "a piece called Finding Freedom").
 */
const WORK_AFTER =
  /^\s+(?:series|show|book|novel|movie|film|album|song|podcast|trilogy|saga|musical|documentary|game|tournament)s?\b/i;
const BY_AUTHOR = /^\s+by\s+\p{Lu}/u;
const IN_QUOTES = { before: /["“](?:the\s+|an?\s+)?$/i, after: /^[^"”.!?]{0,40}["”]/ };
const WORK_CUE =
  /\b(?:(?:read|reading|re-?read|watched|watching|re-?watched|binge-?watched|listened to|listening to)\s+["“]?(?:the\s+)?|(?:game|book|movie|film|show|song|album|novel|series|piece)\s+(?:(?:was|is)\s+)?(?:called\s+|named\s+|titled\s+)?)$/i;

/** A game is played: "played Valorant", "played some Chess" (not "played with Max"). */
const PLAYED = /\b(?:play|plays|played|playing)\s+(?:some\s+)?$/i;

/** A league's games: "NBA games", "an NFL game" (an acronym before games is the league, not a title). */
const LEAGUE_GAMES = /^\s+(?:game|games|season|finals|playoffs)\b/i;
const isLeague = (name: string, after: string) => /^[A-Z]{2,5}$/.test(name) && LEAGUE_GAMES.test(after);
/** Companies by what is said before them: "brands like Nike", "sponsors such as Adidas". */
const ORG_LIKE =
  /\b(?:brands?|companies|company|sponsors?|labels?|retailers?|stores?|firms?)\s+(?:like|such as|including)\s+$/i;
/** Works the same way: "fantasy books like LOTR", "shows such as Westworld". */
const WORK_LIKE =
  /\b(?:books?|novels?|movies?|films?|shows?|series|songs?|albums?|games?)\s+(?:like|such as|including)\s+$/i;

function isWork(name: string, before: string, after: string): boolean {
  if (isLeague(name, after)) return false;
  return (
    WORK_AFTER.test(after) ||
    BY_AUTHOR.test(after) ||
    (IN_QUOTES.before.test(before) && IN_QUOTES.after.test(after)) ||
    WORK_CUE.test(before) ||
    WORK_LIKE.test(before)
  );
}

function typeOfName(name: string, before: string, known: Map<string, EntityType>, after = ''): EntityType {
  const k = known.get(name);
  if (k && k !== 'other') return k;
  const whole = wholeNameType(name, known);
  if (whole) return whole;
  if (isLeague(name, after)) return 'organization';
  if (ORG_LIKE.test(before)) return 'organization';
  if (isWork(name, before, after)) return 'work';
  if (ORG_SUFFIX.test(name)) return 'organization';
  // A maker's one-word name before what it makes ("a Canyon road bike", "my Bose headphones") is no
  // place, whatever word the name is.
  if (!/\s/.test(name) && MADE_THING_AFTER.test(after)) return 'product';
  if (PLACE_SUFFIX.test(name) || PLACE_PREFIX.test(name)) return 'place';
  if (THING_AFTER.test(after) || CAR_MODEL.test(name)) return 'product';
  if (ORG_CUE.test(before) || JOB_AT.test(before) || ROLE_AT.test(before)) return 'organization';
  // Software by name, or written as a domain or a file ("Fly.io", "Next.js"), where no cue says a company.
  if (
    SOFTWARE_NAMES.has(name.toLowerCase()) ||
    /^\p{L}[\p{L}\p{N}-]*\.(?:io|js|ts|ai|dev|app|sh|rs|py|net|so)$/u.test(name)
  )
    return 'product';
  if (ON_SERVICE.test(before)) return 'product';
  // "from the SDK", "in the API": an acronym after "the" is a thing whatever cue comes before it;
  // the places written so ("the UK", "the USA") are in the gazetteer.
  if (/^[A-Z]{2,6}$/.test(name) && !PLACES.has(name) && /\bthe\s+$/i.test(before)) return 'product';
  // "switched to Todoist" is a thing chosen, not a place gone to ("moved to Austin").
  if ((SWITCHED_TO.test(before) || SWITCHED_FROM.test(before)) && !PLACES.has(name)) return 'product';
  if (PLACE_CUE.test(before) || PLACES.has(name) || AT_PLACE.test(before)) return 'place';
  // Played: a game ("played some Chess"), unless a place ("we played Boston") or a thing said above.
  if (PLAYED.test(before)) return 'work';
  if (PRODUCT_CUE.test(before) || /\d/.test(name) || /^[a-z]+[A-Z]/.test(name) || /[a-z][A-Z]/.test(name.slice(1)))
    return /^[A-Z]{2,}$/.test(name) ? 'organization' : 'product';
  if (/^[A-Z]{2,6}$/.test(name)) return 'organization';
  if (PERSON_CUE.test(before)) return 'person';
  // People are seldom "the X" ("the Hobbit", "the Alchemist"), "a X" or "my X" ("a fellow Chef", "my
  // Zen"): with no cue, not a name to keep. Nor a name ending in a time ("Pride Month").
  if (/\b(?:the|an?|my|your|his|our|their|its)\s+(?:\p{Ll}[\p{L}'’-]*\s+)?$/iu.test(before)) return 'other';
  if (TIME_WORDS.has(name.slice(name.lastIndexOf(' ') + 1))) return 'other';
  if (/^\p{Lu}\p{Ll}+(?:\s+\p{Lu}\p{Ll}+){1,2}$/u.test(name)) return 'person';
  return /^\p{Lu}\p{Ll}+$/u.test(name) ? 'person' : 'other';
}

/**
 * The type of a longer known name a one-word name is the first or last word of ("Acme" of "Acme
 * Corp", "Potter" of the work "Harry Potter"), when that is a company, a place, a product or a work:
 * a short form said later is the same thing, not a person.
 */
function wholeNameType(name: string, known: Map<string, EntityType>): EntityType | undefined {
  if (name.includes(' ')) return undefined;
  const prefix = `${name} `;
  const suffix = ` ${name}`;
  for (const [other, type] of known)
    if (type !== 'person' && type !== 'other' && (other.startsWith(prefix) || other.endsWith(suffix))) return type;
  return undefined;
}

/** Text that ends a sentence (a name after it opens the next one, capitalised anyway). */
const SENTENCE_ENDED = /[.!?:]\s*["'(]?$/;

/** The small words a name holds between its capitalised words ("Game of Thrones"), never at its ends. */
const CONNECTOR = /^(?:of|the|de|da|van|von|del|la|le|and|&)$/;

/** A run inside an identifier or error code ("SAML" of SAML_RESPONSE_INVALID, "Foo" of Foo_bar): no name. */
function partOfCode(text: string, index: number, run: string): boolean {
  return text[index - 1] === '_' || text[index + run.length] === '_';
}

/**
 * Strip leading non-names ("Hey Caroline" -> "Caroline") and trailing possessives/dots; a preposition
 * only when the run opens its sentence and is not a name known whole ("Under Armour sent me ...").
 */
function cleanRun(
  run: string,
  opensSentence: boolean,
  known: ReadonlyMap<string, EntityType>,
): { name: string; offset: number } | null {
  const parts = run.split(/\s+/);
  let offset = 0;
  const leading = (word: string) => {
    const bare = word.replace(/['’.].*$/, '');
    if (NOT_NAMES.has(bare) || TITLES.test(word)) return true;
    if (!opensSentence || known.has(parts.join(' '))) return false;
    // A verb opening the sentence is capitalised anyway: "Learning German has been tough".
    if (offset === 0 && /^\p{Lu}\p{Ll}+ing$/u.test(bare) && !PLACES.has(bare) && !known.has(bare)) return true;
    return OPENING_PREPOSITIONS.has(bare);
  };
  // A word dropped before "the" or "of" leaves them leading: "Just the GoT series" is "GoT".
  while (parts.length > 0 && (leading(parts[0] as string) || (offset > 0 && CONNECTOR.test(parts[0] as string)))) {
    const dropped = parts.shift()!;
    offset += dropped.length + 1;
  }
  // A pronoun ends the name, with a conjunction before it: "Lisbon and I", "Marco and Me", "Paris I".
  const end = parts.findIndex((p, i) => i > 0 && PRONOUNS.has(p.replace(/['’].*$/, '')));
  if (end > 0) parts.length = end;
  const bare = parts.map((p) => p.replace(/[.'’-]+$/, ''));
  if (TIME_LEAD.has(bare[0] as string) && bare.length > 1 && bare.slice(1).every((p) => TIME_WORDS.has(p))) return null;
  while (parts.length > 0 && CONNECTOR.test(parts[parts.length - 1] as string)) parts.pop();
  if (parts.length === 0) return null;
  const name = parts
    .join(' ')
    .replace(/['’]s$/, '')
    .replace(/[.'’-]+$/, '');
  if (name.length < 2 || NOT_NAMES.has(name) || NEVER_ALONE.has(name) || OPENING_PREPOSITIONS.has(name)) return null;
  return { name, offset };
}

/** What lies between two names of the same kind: "and", "or", "&" or a comma. */
const JOINED = /^(?:\s*,)?\s*(?:and|or|&)?\s*$/;

/** Where a name was said in its sentence, and what it was read as. */
interface NameSpan {
  start: number;
  end: number;
  type: EntityType;
}

/** A work's title with its subtitle after a colon ("Counter-Strike: Global Offensive"), or undefined. */
function withSubtitle(text: string, previous: NameSpan | undefined, at: number, name: string): NameSpan | undefined {
  if (previous?.type !== 'work' || !/^:\s+$/.test(text.slice(previous.end, at))) return undefined;
  return { start: previous.start, end: at + name.length, type: 'work' };
}

/** Capitalised runs inside sentences (not at their start): the names of a batch, learnt before spotting. */
export function collectKnownNames(sentences: Iterable<string>, known: Map<string, EntityType>): void {
  for (const sentence of sentences) {
    // A quoted title is a work, not a name its words may look like ("a piece called "Finding Freedom"").
    const s = withoutQuotedTitles(sentence, (title) => {
      if (!known.has(title)) known.set(title, 'work');
    });
    let previous: NameSpan | undefined;
    for (const m of s.matchAll(NAME_RUN)) {
      if (m.index === undefined) continue;
      // A sentence's first word is capitalised anyway; one after a dropped word ("Our Okta") is not.
      const opens = m.index === 0 || SENTENCE_ENDED.test(s.slice(0, m.index));
      const c = cleanRun(m[0], opens, known);
      if (!c || partOfCode(s, m.index, m[0])) continue;
      const at = m.index + c.offset;
      const titled = withSubtitle(s, previous, at, c.name);
      if (titled) {
        known.set(s.slice(titled.start, titled.end), 'work');
        previous = titled;
        continue;
      }
      // Names joined by "and", "or" or a comma are the same kind of thing ("Harry Potter and Game of Thrones").
      const joinedTo = previous && JOINED.test(s.slice(previous.end, at)) ? previous.type : undefined;
      previous = undefined;
      const span = (type: EntityType): NameSpan => ({ start: at, end: at + c.name.length, type });
      if (opens && c.offset === 0) {
        const first = known.get(c.name);
        if (first) previous = span(first);
        continue;
      }
      const after = s.slice(at + c.name.length);
      // The kind of thing said after a name outweighs a guess from its shape or the word before it
      // elsewhere ("with Okta" reads a person; "our Okta login" says what it is).
      const before = s.slice(0, at);
      const said = THING_AFTER.test(after)
        ? 'product'
        : isWork(c.name, before, after)
          ? 'work'
          : joinedTo !== 'person'
            ? joinedTo
            : undefined;
      if (known.has(c.name) && !(known.get(c.name) === 'person' && said)) {
        previous = span(known.get(c.name) as EntityType);
        continue;
      }
      const type = said ?? typeOfName(c.name, before, known, after);
      if (type !== 'other') known.set(c.name, type);
      previous = span(type);
    }
  }
  // A short form typed by its shape before the whole name was seen ("Acme", then "Acme Corp").
  for (const [name, type] of known) {
    if (type !== 'person') continue;
    const whole = wholeNameType(name, known);
    if (whole) known.set(name, whole);
  }
}

/** A title in quotes; its closing quote may be cut off with the sentence ("a piece called "Finding Freedom."). */
const QUOTED_TITLE =
  /["“](\p{Lu}[^"”\n]{0,60}?)(?:["”]|[.!?]?\s*$)|(?<![\p{L}\p{N}])['‘](\p{Lu}[^'’"”\n]{0,60}?)['’](?![\p{L}\p{N}])/gu;

/**
 * The text with each capitalised title in quotes blanked out, each title given to `found` without its
 * article, as the same title is named outside quotes ("the Lord of the Rings trilogy").
 */
function withoutQuotedTitles(text: string, found: (title: string) => void): string {
  if (!/["“'‘]/.test(text)) return text;
  let rest = text;
  for (const m of text.matchAll(QUOTED_TITLE)) {
    const quoted = ((m[1] ?? m[2]) as string).replace(/[.,;:!?]+$/, '');
    if (!isTitleCase(quoted)) continue;
    found(quoted.replace(/^(?:The|An?)\s+(?=\S{2})/, ''));
    rest = rest.replace(m[0], ' '.repeat(m[0].length));
  }
  return rest;
}

/** Every word of four letters or more capitalised, at most eight words: a title, not a quoted sentence. */
function isTitleCase(text: string): boolean {
  const words = text.split(/\s+/);
  if (words.length > 8) return false;
  return words.every((w, i) => w.length < 4 || /^[\p{Lu}\p{N}]/u.test(w) || (i > 0 && TITLE_SMALL_WORDS.test(w)));
}
/** Words a title writes in lower case ("A Dance with Dragons", "Gone with the Wind"). */
const TITLE_SMALL_WORDS = /^(?:with|from|into|onto|over|upon|than|that|this|your|their|about|under|after|without)$/;

/** Entities of one sentence. `known` names are also accepted at the start of the sentence. */
export function spotEntities(text: string, known: Map<string, EntityType>): SpottedEntity[] {
  const out: SpottedEntity[] = [];
  const seen = new Set<string>();
  const keyOf = (name: string, type: EntityType) => `${type}|${name.toLowerCase()}`;
  const add = (name: string, type: EntityType) => {
    const key = keyOf(name, type);
    if (!seen.has(key)) {
      seen.add(key);
      out.push({ name, type });
    }
  };
  let rest = text;
  if (text.includes('@')) {
    for (const m of text.matchAll(EMAIL)) add(m[0].toLowerCase(), 'email');
    rest = rest.replace(EMAIL, ' ');
  }
  if (/https?:|www\./i.test(rest)) {
    for (const m of rest.matchAll(URL_RE)) add(m[0].replace(/[.,;:!?]+$/, ''), 'url');
    rest = rest.replace(URL_RE, ' ');
  }
  rest = rest.replace(/vault:\/\/\S+/g, ' ');
  // A title in quotes is one name, whatever words it holds ("The Night Circus": "Night Circus", not "Circus").
  rest = withoutQuotedTitles(rest, (title) => add(title, known.get(title) ?? 'work'));
  // The previous name and where it ended: names joined by "and", "or" or a comma are the same kind of
  // thing ("Nike and Gatorade", "Paris, Rome and Madrid").
  let previous: NameSpan | undefined;
  for (const m of rest.matchAll(NAME_RUN)) {
    const idx = m.index ?? 0;
    const before = rest.slice(0, idx);
    const atStart = idx === 0 || SENTENCE_ENDED.test(before) || /^\W*$/.test(before);
    let c = cleanRun(m[0], atStart, known);
    if (!c || partOfCode(rest, idx, m[0])) continue;
    if (atStart && c.offset === 0 && !known.has(c.name)) {
      // A sentence-initial word is a name only when seen as one elsewhere, or when it is a multi-word run;
      // a run whose first word opens the sentence before a known name ("Woohoo Melanie!", "Go Jon") is that name.
      if (!c.name.includes(' ')) continue;
      const first = c.name.indexOf(' ');
      const remainder = c.name.slice(first + 1);
      if (known.has(remainder)) c = { name: remainder, offset: first + 1 };
    }
    const at = idx + c.offset;
    const titled = withSubtitle(rest, previous, at, c.name);
    if (titled && previous) {
      // The title said before its colon was this title's start, not a name of its own.
      const title = rest.slice(previous.start, previous.end);
      const i = out.findIndex((e) => e.type === 'work' && e.name === title);
      if (i >= 0) out.splice(i, 1);
      seen.delete(keyOf(title, 'work'));
      add(rest.slice(titled.start, titled.end), 'work');
      previous = titled;
      continue;
    }
    const joined = previous && JOINED.test(rest.slice(previous.end, at)) && !known.has(c.name);
    const type =
      joined && previous ? previous.type : typeOfName(c.name, rest.slice(0, at), known, rest.slice(at + c.name.length));
    if (type === 'other') continue;
    add(c.name, type);
    previous = { start: at, end: at + c.name.length, type };
  }
  return out;
}
