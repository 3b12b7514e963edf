/**
 * The attribute patterns: each an English pattern over one clause, the attribute it reads (location,
 * employer, diet, pet...), the phrase the fact is said in, and what its statement ends. They are tried
 * in order (readAttributeFacts): of two that fill one slot from a sentence, the earlier wins.
 */
import { CAR_MAKES } from '../spot-entities.js';
import {
  A_STAY,
  ADDRESS,
  AGED_RELATIVE,
  AMOUNT,
  ANIMAL,
  COMPANY_SUFFIX,
  CLOSE_PEOPLE,
  COUNT,
  DAY_NAMES,
  DIET,
  GIVE_UP,
  HOW_OFTEN,
  I_LATELY,
  MY_GOAL_IS,
  MY_THINGS,
  MY_VALUE,
  NAME_PART,
  NAME_SUBJ,
  NATIONALITIES,
  NEW_PET_ADJ,
  NOT_SMOKED_FOOD,
  NOTHING_OR_WHEN,
  MOVE_TO_COME,
  ORG,
  OWNED_PET,
  PARTNER_WORD,
  PERSON_NAME,
  PET_ADJ,
  PET_WHEN,
  PET_WORD,
  PETS_LISTED,
  PLACE_NAME,
  PLAN_NAME,
  PLAN_WORD,
  PLANNED_THING,
  PLANNED_WHEN,
  RACE,
  RACE_TIME,
  RELATIVES,
  SERVICE,
  SO_FAR,
  SOME_OF,
  SPORT_PLAYED,
  TEAM_THINGS,
  TITLE,
  TITLED_NAME,
  VALUE,
  WEEKDAYS,
  WORK_AND_CARE,
} from './attribute-vocabulary.js';
import { I, IM } from './first-person.js';

/**
 * One attribute pattern: what it matches, the attribute it reads, and the phrase the fact is said in
 * (`S` the subject, `V` the value, `V1` a second word read with it: the thing counted, the relative, the habit).
 */
export interface AttributePattern {
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
}

export const ATTRIBUTE_PATTERNS: AttributePattern[] = [
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
      `\\b[Mm]y\\s+(${CLOSE_PEOPLE}|parents|grandparents)\\s+(?:(?:still|now|currently|just|recently|finally)\\s+)?(?:(?:lives|live|is living|are living|is based|are based|resides|reside)\\s+(?:in|at)|(?:has\\s+|have\\s+)?(?:moved|relocated)\\s+(?:back\\s+)?to)\\s+${VALUE}`,
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
  // A new job about to start ("I'm starting a new job at Stripe next month", "I'm moving to Denver for
  // a new job at Stripe"): the employer said now, as the move planned beside it is.
  {
    re: new RegExp(
      String.raw`\b(?:I['’]m|I\s+am)\s+(?:(?:moving|relocating)\s+to\s+[^,.;!?]+?\s+for|starting)\s+(?:a|my|the)\s+(?:new\s+)?(?:job|position|role)(?:\s+as\s+(?:an?\s+)?[^,.;!?]+?)?\s+(?:at|with)\s+${ORG}`,
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
  // Children's ages said together ("My kids are 5 and 8"): the children's one slot.
  {
    re: /\b(?:[Mm]y|[Oo]ur)\s+(kids|children|sons|daughters|twins|boys|girls)\s+are\s+(?:now\s+)?(\d{1,2}(?:\s*(?:,|and|&)\s*\d{1,2})+)(?:\s+years?\s+old)?(?!\s*(?:minutes|hours|days|weeks|months|km|miles|%))/u,
    attribute: 'age_of',
    phrase: "S's V1 are V years old",
  },
  // Working for oneself ("I'm self-employed", "I'm a freelancer now", "I work for myself"): the employer's slot.
  {
    re: /\b(?:I['’]m|I\s+am)\s+(?:now\s+)?(?:(self-employed)|a\s+(freelancer)|(freelance))\b|\bI\s+(?:now\s+)?work\s+(?:(freelance)|for\s+(myself))\b/i,
    attribute: 'employer',
    phrase: 'S is self-employed',
  },
  // A business of one's own ("I run a small bakery in Lyon", "I own a coffee shop"): where one works.
  {
    re: /\bI\s+(?:now\s+|still\s+)?(?:run|own|manage)\s+((?:a|an|my\s+own|our\s+own)\s+(?:[a-z-]+\s+){0,2}?(?:bakery|cafe|café|coffee\s+shop|restaurant|shop|store|business|company|startup|agency|studio|practice|clinic|salon|gym|bar|farm|consultancy|firm|boutique|hotel|daycare)(?![\p{L}-])(?!\s+(?:membership|card|account|pass|bag|shoes|clothes|equipment|subscription)\b)(?:\s+in\s+\p{Lu}[\p{L}-]*(?:\s+\p{Lu}[\p{L}-]*)?)?)/u,
    attribute: 'employer',
    phrase: 'S runs V',
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
      `\\b(?:I|we)\\s+(?:now\\s+|currently\\s+|still\\s+|already\\s+)?have\\s+${COUNT}\\s+(?<thing>(?:[a-z-]+\\s+)?(?:kids|children|sons|daughters|siblings|brothers|sisters|grandchildren|dogs|cats|pets|bikes|bicycles|cars|plants|guitars|cameras|houses|apartments|laptops|computers|tattoos|horses|chickens|fish|rabbits|seats|licenses|licences|employees|servers|offices|stores|locations|users|members|agents))\\b`,
      'i',
    ),
    attribute: 'count',
    phrase: 'S has V V1',
  },
  // The children one lives with, counted ("I live in Chicago with my husband and our two kids").
  {
    re: new RegExp(
      `\\b(?:I|we)\\s+(?:now\\s+|currently\\s+|still\\s+)?live\\b[^.!?]{0,60}?\\b(?:with|and)\\s+(?:my|our)\\s+${COUNT}\\s+(?<thing>kids|children|sons|daughters)\\b`,
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
      String.raw`\b[Mm]y\s+(${CLOSE_PEOPLE})\s+(?:(?:now|still|currently)\s+)?(?:works|is working)\s+as\s+(?:an?\s+)?${VALUE}`,
      'u',
    ),
    attribute: 'occupation_of',
    phrase: "S's V1 works as a V",
  },
  // The people around someone, by name ("my sister Ana is getting married", "my boss, Priya, ...", "my
  // cofounder Maria", "my therapist is Dr. Lee"): each one its own slot, two sisters add up.
  {
    re: new RegExp(
      String.raw`\b(?:[Mm]y|[Oo]ur)\s+(${RELATIVES}|best\s+friend|boss|manager|roommate|neighbou?r|${WORK_AND_CARE})(?:['’]s name is|\s+is\s+(?:called|named)|\s+(?:called|named)|,)?\s+${TITLED_NAME}\b`,
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
  // An address runs past its commas ("12 Main St, Boston"), to the sentence's end.
  {
    re: new RegExp(
      String.raw`\b(?:my|our)\s+(?:new\s+|current\s+|updated\s+)?(${ADDRESS})\s+(?:is|(?:has\s+(?:been\s+)?|was\s+)?changed\s+to|(?:has\s+)?moved\s+to)\s+(?:now\s+)?(\d[^;!?\n]{2,80}?)(?=\s*(?:\.(?:\s|$)|[;!?]|$))`,
      'i',
    ),
    attribute: 'my',
    phrase: "S's V1 is V",
  },
  // When a plan, a subscription or a contract renews ("Our plan renews on March 3"): one date.
  {
    re: new RegExp(
      String.raw`\b(?:[Mm]y|[Oo]ur|[Tt]he)\s+(?<v1>plan|subscription|contract|license|licence|membership)\s+renews\s+(?<v>(?:on\s+|in\s+)?${PLANNED_WHEN})`,
      'u',
    ),
    attribute: 'renewal',
    phrase: "S's V1 renews V",
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
      String.raw`\b(?:[Mm]y|[Oo]ur|[Tt]he)\s+(?<v1>(?:[\p{L}'’-]+\s+){0,2}?(?:${PLANNED_THING}|due\s+date))(?:\s+date)?(?:\s+(?<dest>to\s+${PLACE_NAME}))?\s+(?:is|will\s+be|starts|begins|kicks\s+off|(?:has\s+been|was|got|is\s+being)\s+(?:postponed|moved|pushed(?:\s+back)?|rescheduled|brought\s+forward|changed)\s+(?:to|until))\s+(?:now\s+)?(?:on\s+|in\s+|for\s+)?(?<v>${PLANNED_WHEN})`,
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
  // A thing planned said as had ("I have an appointment with Dr. Smith on Tuesday", "I've got a job
  // interview on Friday"): with whom is part of which one it is (two appointments are two plans).
  {
    re: new RegExp(
      String.raw`\bI(?:\s+have(?:\s+got)?|['’]ve\s+got|\s+got)\s+(?:a|an|my|the)\s+(?<v1>(?:[\p{L}'’-]+\s+){0,2}?(?:${PLANNED_THING})(?:\s+with\s+(?:(?:Dr|Mr|Mrs|Ms|Prof)\.?\s+)?\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*)?)?)\s+(?:on\s+|in\s+|for\s+|at\s+)?(?<v>${PLANNED_WHEN})`,
      'u',
    ),
    attribute: 'planned',
    phrase: "S's V1 is planned for V",
  },
  // A move to come ("I'm moving to Denver next month"): a plan, dated, not yet where one lives.
  {
    re: new RegExp(
      String.raw`${MOVE_TO_COME}(?<v1>moving|relocating)\s+(?<dest>(?:back\s+)?to\s+${PLACE_NAME})\s+(?:in\s+|on\s+|at\s+the\s+end\s+of\s+|by\s+)?(?<v>${PLANNED_WHEN})`,
      'u',
    ),
    attribute: 'planned',
    phrase: "S's V1 is planned for V",
  },
  // The same with no time said ("We're moving to Denver"): the move's slot, which a time said later fills.
  {
    re: new RegExp(
      String.raw`${MOVE_TO_COME}(?:moving|relocating)\s+(?:back\s+)?to\s+(${PLACE_NAME})(?=\s*(?:[.!,;]|$|\s+(?:soon|and|with|for|because|so)\b))`,
      'u',
    ),
    attribute: 'planned_move',
    phrase: 'S is moving to V',
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
    re: new RegExp(
      String.raw`\b(?:my|our)\s+(?:new\s+|current\s+|monthly\s+|annual\s+|yearly\s+|weekly\s+|total\s+)?((?:budget|salary|rent|weight|target weight|goal weight|height|credit limit|mortgage payment|hourly rate|rate|quota)(?:\s+for\s+(?:the|this|my|our|a)\s+[a-z]+(?:\s+[a-z]+)?(?=\s+(?:is|has|went|was|dropped|rose)\b))?)\s+(?:is|(?:has\s+)?(?:been\s+)?(?:changed|raised|increased|cut|reduced|lowered|bumped|set)\s+to|(?:went|has\s+gone|is)\s+(?:up|down)\s+to|dropped\s+to|rose\s+to)\s+(?:now\s+)?(?:only\s+|about\s+|around\s+|roughly\s+)?${AMOUNT}`,
      'i',
    ),
    attribute: 'my',
    phrase: "S's V1 is V",
  },
  // The rent said raised by the one it is paid to ("our landlord raised the rent to $1,500").
  {
    re: new RegExp(
      String.raw`\b(?:my|our|the)\s+landlord\s+(?:just\s+|has\s+)?(?:raised|increased|put\s+up|lowered|cut|reduced)\s+(?:the|our|my)\s+rent\s+to\s+(?:about\s+|around\s+)?${AMOUNT}`,
      'i',
    ),
    attribute: 'rent',
    phrase: "S's rent is V",
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
  // The plan said with what is on it ("We have 25 users on the Team plan").
  {
    re: new RegExp(
      `\\b(?:I|we)\\s+(?:now\\s+|currently\\s+)?have\\s+[^,.;!?]{1,30}?\\s+on\\s+(?:the|a|an|our)\\s+${PLAN_NAME}\\s+${PLAN_WORD}`,
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
  // A household's diet said with "we" ("We're vegetarian now", "We went vegan"): the speaker's.
  {
    re: /\bwe(?:['’]re|\s+are|(?:\s+(?:just|recently|finally))?\s+(?:became|went|turned|have\s+gone|['’]ve\s+gone))\s+(?:(?:now|also|strictly|fully|mostly|all)\s+)?(vegan|vegetarian|pescatarian)(?![-\w])/i,
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
      `\\b(?:[Mm]y|[Oo]ur)\\s+(?:${CLOSE_PEOPLE}|friend|kid|child)\\s+([\\p{Lu}][\\p{Ll}]+)\\s+is\\s+(?:now\\s+|also\\s+|strictly\\s+)?${DIET}`,
      'u',
    ),
    attribute: 'diet',
    phrase: 'S is V',
    named: true,
  },
];
