/**
 * The words the attribute patterns are written in (attribute-patterns.ts): regex sources for a value, an
 * organisation, a name, a pet, a plan, a date, a place, a title..., and the few the preference patterns
 * share with them (GIVE_UP, ENDS_IN_PLAN).
 */

/** Verbs that end a habit, a diet or a thing learned: "I stopped drinking coffee", "I gave up being vegan". */
export const GIVE_UP = String.raw`(?:stopped|quit|gave\s+up|given\s+up)`;

export const VALUE = String.raw`((?:[\p{L}\p{N}'’.&-]+)(?:\s+[\p{L}\p{N}'’.&-]+){0,4})`;

/** A count of things, as a number or a word. */
export const COUNT = String.raw`(?<n>\d+|no|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)`;

/** An organization's name: up to four capitalised words ("Spotify", "Kaiser Permanente"). */
export const ORG = String.raw`([\p{Lu}][\p{L}\p{N}&.-]*(?:['’]s)?(?:\s+[\p{Lu}][\p{L}\p{N}&.-]*(?:['’]s)?){0,3})`;
/**
 * The people close to someone, by group: each pattern about a relative reads the groups its fact is
 * said of, so "my mum" or "my stepdad" is read wherever "my mom" is (they were spelled in each pattern
 * apart, and drifted: "My mum lives in Leeds" was learned as nothing).
 */
export const PARTNER_WORD = '(?:wife|husband|partner|girlfriend|boyfriend|fianc[ée]e?|spouse)';
const PARENTS = 'mom|mum|mother|dad|father|step(?:mom|mum|mother|dad|father)';
const SIBLINGS = '(?:step|half[- ]?)?(?:sister|brother)';
const CHILDREN = '(?:step)?(?:son|daughter)';
const EXTENDED = 'cousin|aunt|uncle|grandma|grandmother|grandpa|grandfather|niece|nephew|grandson|granddaughter';
/** Relatives by blood or marriage, a partner left out (the partner is a slot of its own). */
export const RELATIVES = [PARENTS, SIBLINGS, CHILDREN, EXTENDED].join('|');
/** Relatives, the partner, and the few others as close ("my best friend lives in Paris"). */
export const CLOSE_PEOPLE = `${PARTNER_WORD}|${RELATIVES}|best\\s+friend|roommate|boss|manager|neighbou?r`;

/**
 * A named third person opening the sentence, after the relation that introduces them or not ("Leo
 * ...", "My sister Ana ..."): the fact is the person's own (subject Ana), their relation one of its own.
 */
export const NAME_SUBJ = String.raw`^(?:(?:My|Our)\s+(?:${CLOSE_PEOPLE}|friend|co-?founder|co-?worker|colleague|teammate)\s+)?([\p{Lu}][\p{Ll}]+(?:\s+[\p{Lu}][\p{Ll}]+)?)`;

/** A plan's name ("Business", "Pro Max", "Team+") and the words for a plan. */
export const PLAN_NAME = String.raw`([\p{Lu}\p{N}][\p{L}\p{N}+-]*(?:\s+[\p{Lu}\p{N}][\p{L}\p{N}+-]*)?)`;
export const PLAN_WORD = String.raw`(?:plan|tier|subscription|package|edition)\b`;
/** A value naming a plan ("the Enterprise plan"): moving to it is no move of house. */
export const ENDS_IN_PLAN = new RegExp(`${PLAN_WORD}$`, 'i');

/** A stay of a while, said after "staying in/at": a trip or a visit, not a home. */
export const A_STAY = String.raw`\b(?:for\s+(?:the|a|an|one|two|three|four|five|six|few|couple|some|\d+)\b|this\s+(?:week|weekend|month|summer|winter|spring|fall|autumn)|next\s+(?:week|weekend|month)|tonight|until|till|through|over\s+the|on\s+(?:vacation|holiday|a\s+trip|business)|while|(?:a|the|my|our)\s+(?:hotel|hostel|friend|airbnb|motel|resort|inn|parents))`;

/** The words a company's name ends in ("Acme Corp", "Initech Inc.", "Hooli Labs"). */
export const COMPANY_SUFFIX = String.raw`Inc\.?|Corp\.?|Corporation|LLC|Ltd\.?|GmbH|Labs|Technologies|Software|Systems|Solutions|Group|Company|Co\.`;

/** Nationalities said of oneself ("I'm Canadian"). */
export const NATIONALITIES =
  'American|Canadian|Mexican|Brazilian|Argentinian|Argentine|Chilean|Colombian|Peruvian|British|English|Scottish|Welsh|Irish|French|German|Spanish|Portuguese|Italian|Dutch|Belgian|Swiss|Austrian|Swedish|Norwegian|Danish|Finnish|Polish|Czech|Greek|Turkish|Russian|Ukrainian|Romanian|Hungarian|Chinese|Japanese|Korean|Indian|Pakistani|Bangladeshi|Filipino|Vietnamese|Thai|Indonesian|Malaysian|Singaporean|Australian|Nigerian|Kenyan|Ghanaian|Egyptian|Moroccan|Israeli|Iranian|Lebanese|South African|New Zealander';

/** Kinds of pet a sentence names ("guinea pig" before "pig"-less words; "pup" after "puppy"). */
export const ANIMAL =
  'dog|cat|puppy|pup|kitten|kitty|horse|pony|parrot|budgie|bird|rabbit|bunny|hamster|guinea pig|ferret|chinchilla|gerbil|turtle|tortoise|snake|lizard|gecko|iguana|goldfish|fish|hedgehog';
/** A pet's kind, or the word pet itself ("my pet Rex"). */
export const PET_WORD = `${ANIMAL}|pet`;
/** Words before a pet that has been with one a while ("our old dog Rex"). */
export const PET_ADJ = String.raw`(?:old\s+|sweet\s+|beloved\s+|little\s+|new\s+)?`;
/** Words before a pet just introduced ("a new puppy", "a golden retriever"). */
export const NEW_PET_ADJ = String.raw`(?:new\s+|little\s+|[\p{Ll}-]+\s+)?`;

/** When a pet came, said between its kind and its name ("a kitten yesterday, her name is Luna"). */
export const PET_WHEN = String.raw`(?:\s+(?:yesterday|today|recently|last\s+(?:week|month|year|weekend)|this\s+(?:week|month|year|weekend|morning)|a\s+(?:few\s+)?(?:days|weeks|months)\s+ago))?`;
/** Several pets of a kind before their names: "we have two dogs, Rex and Bella", "3 cats named ...". */
export const PETS_LISTED = String.raw`\b(?:(?:I|[Ww]e)\s+(?:(?:now|also|still)\s+)?(?:have|own|got|adopted|rescued)|[Mm]y|[Oo]ur)\s+(?:two|three|four|2|3|4)\s+(?:${NEW_PET_ADJ})?(?<v1>${ANIMAL})s?(?:[,:]\s*|\s+(?:called|named)\s+|\s+-\s+)`;

/** The relatives whose age is said ("my daughter just turned 5", "my son is turning 8"). */
export const AGED_RELATIVE = `(${RELATIVES}|kid|child|baby)`;
/** A pet named after "my" or "our" ("our old dog Rex"), where a pet given away may be named so. */
export const OWNED_PET = String.raw`(?:(?:my|our)\s+${PET_ADJ}(?:${PET_WORD})\s+)?`;
/** How often a thing is done ("three times a week", "every morning", "daily"): the value's group `v`. */
export const HOW_OFTEN = String.raw`(?:once|twice|three\s+times|four\s+times|five\s+times|six\s+times|\d+\s+times|\d+\s*x|two\s+days|three\s+days|four\s+days|five\s+days)\s+(?:a|per|each|every)\s+(?:week|month|day)|every\s+(?:day|morning|evening|weekday|other\s+day)|daily`;
/** Games and sports one says one plays so often. */
export const SPORT_PLAYED = 'tennis|golf|soccer|football|basketball|chess|squash|padel|pickleball|volleyball';
/** "My (new) goal (for this year) is (now)": what follows is the goal. */
export const MY_GOAL_IS = String.raw`\b[Mm]y\s+(?:new\s+|main\s+|current\s+|big(?:gest)?\s+|ultimate\s+|next\s+|only\s+|personal\s+|fitness\s+|career\s+)?goal\s+(?:(?:for\s+(?:this|next|the)\s+(?:year|month|week|season|summer)|now|right\s+now|these\s+days)\s+)?(?:is|has\s+become|became)\s+(?:now\s+)?`;
/** Things planned for a date ("my sister's wedding", "the trip"). */
export const PLANNED_THING =
  'wedding|trip|vacation|holiday|party|surgery|interview|exam|recital|concert|launch|release|deadline|demo|move|visit|graduation|ceremony|conference|flight|appointment|code freeze';

/** A service one subscribes to, by its name ("Netflix", "Spotify Premium", "Disney+"). */
export const SERVICE = String.raw`([\p{Lu}][\p{L}\p{N}+]*(?:\s+[\p{Lu}][\p{L}\p{N}+]*)?)`;
/** "I've (now) ...": a tally of things done so far follows. */
export const SO_FAR = String.raw`\bI(?:\s+have|['’]ve)\s+(?:now\s+|already\s+|just\s+|officially\s+)*`;

/** A day of the week, or days, a recurring thing is on ("Tuesdays", "weekends"). */
export const WEEKDAYS = '(?:(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)days?|weekends|weekdays)';
/** The months and the days of the week, by name. */
const MONTH_NAMES = 'January|February|March|April|May|June|July|August|September|October|November|December';
/** "I" or "I've been" before a routine's verb ("I've been going to bed at 10"): said of a while up to now. */
export const I_LATELY = String.raw`I(?:['’]ve\s+been\s+|\s+have\s+been\s+|\s+)`;
/** The people one works with or sees for care, by role ("my cofounder Maria", "my therapist is Dr. Lee"). */
export const WORK_AND_CARE =
  'co-?founder|business partner|co-?worker|colleague|teammate|mentor|therapist|doctor|dentist|trainer|personal trainer|coach|landlord|accountant|lawyer';
/** A person's name, with a title before it ("Dr. Lee"). */
export const TITLED_NAME = String.raw`((?:(?:Dr|Mr|Mrs|Ms|Prof)\.?\s+)?[\p{Lu}][\p{Ll}'’-]+)`;
export const DAY_NAMES = 'Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday';
/** When a planned thing takes place: a month, a day of it, a season or a time ahead. */
export const PLANNED_WHEN = String.raw`(?:(?:(?:early|mid|late)[ -])?(?:${MONTH_NAMES})(?:\s+\d{1,2}(?:st|nd|rd|th)?)?(?:,?\s+\d{4})?|\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:${MONTH_NAMES})(?:\s+\d{4})?|(?:next|this)\s+(?:week|month|year|spring|summer|fall|autumn|winter|weekend)|(?:the\s+)?(?:spring|summer|fall|autumn|winter)(?:\s+of\s+\d{4})?|(?:${DAY_NAMES})|\d{4}-\d\d-\d\d)`;
/** A place by its name, up to three capitalised words ("Lisbon", "New York City"). */
export const PLACE_NAME = String.raw`\p{Lu}[\p{L}.'’-]*(?:\s+\p{Lu}[\p{L}.'’-]*){0,2}`;
/** A race or a lift one has a personal best in. */
export const RACE = String.raw`\d+\s?k|\d+\s?km|\d+\s?m|half[ -]marathon|marathon|mile|deadlift|squat|bench(?:\s+press)?|triathlon|ultra|5K|10K`;
/** A personal best's value: a time or a weight. */
export const RACE_TIME = String.raw`\d[\d:.,]*(?:\s*(?:minutes|mins|seconds|secs|hours|hrs|kg|kgs|lbs|pounds))?|sub-\d+(?::\d\d)?`;
/** A book's title: in quotes, or capitalised words with the small words between ("The Name of the Wind"). */
export const TITLE = String.raw`(?:["“]([^"”]{2,80})["”]|((?:[Tt]he\s+|[Aa]n?\s+)?[\p{Lu}\p{N}][\p{L}\p{N}'’:-]*(?:\s+(?:(?:of|the|and|a|an|in|to|for|on|at)\s+)*[\p{Lu}\p{N}][\p{L}\p{N}'’:-]*){0,7}))`;

/** The words for a partner: "my girlfriend", "my fiancée". */

/** A diet, an allergy or an intolerance. */
export const DIET = String.raw`(vegan|vegetarian|pescatarian|allergic to [a-z ]{2,40}|lactose intolerant|gluten[- ]free|on an? (?:strict |new )?(?:keto|ketogenic|paleo|low[- ]carb|low[- ]fat|mediterranean|plant[- ]based|carnivore|dairy[- ]free|sugar[- ]free|low[- ]sodium) diet)\b`;

/** How much of a language one speaks, said before it ("a bit of Arabic", "some German"). */
export const SOME_OF = String.raw`(?:(?:a\s+(?:bit|little)\s+of|some|basic|fluent|conversational)\s+)?`;

/** A part of a person's name, as said before "name" ("surname", "last name"). */
export const NAME_PART = '(last|first|middle|family|sur|given)';
export const PERSON_NAME = String.raw`([\p{Lu}][\p{L}'’-]+(?:\s+[\p{Lu}][\p{L}'’-]+)?)`;

/** What may follow "quit drinking" and still be drinking alcohol: nothing, or when or how it ended. */
export const NOTHING_OR_WHEN = String.raw`(?=\s*(?:[,.;!?]|$)|\s+(?:alcohol|booze|altogether|completely|entirely|for\s+good|cold\s+turkey|last|this|a\s+(?:year|month|week|while|few|couple)|\d+|two|three|four|five|six|since|in|after|when|because|and|but|now|years|months|weeks|yesterday|recently|anymore|any\s+more)\b)`;
/** Food one smokes is no habit ("I smoke brisket on weekends"). */
export const NOT_SMOKED_FOOD = String.raw`(?!\s+(?:my\s+own\s+|the\s+|a\s+|some\s+)?(?:meats?|brisket|salmon|fish|ribs|pork|chicken|turkey|cheese|sausages?|ham|bacon|wood|chips|food))`;

/** A team's things with one value at a time, said with "the" as well ("the staging URL is now ..."). */
export const TEAM_THINGS = [
  'api base url|api url|base url|api endpoint|endpoint',
  '(?:staging|production|prod|dev|test) (?:server|url|database|db|environment|host|cluster)',
  'default branch|main branch|deploy command|deployment command|build command|test command',
  'node version|python version|launch date|release date|sprint length|repo|repository|monorepo',
].join('|');
/** An address of someone's, by its kind ("billing address"). */
export const ADDRESS = '(?:home |mailing |shipping |postal |billing )?address';
/** A move to come said of oneself or one's household, before its verb ("I'm moving", "We're finally relocating"). */
export const MOVE_TO_COME = String.raw`\b(?:I['’]m|I\s+am|[Ww]e['’]re|[Ww]e\s+are)\s+(?:(?:now|finally|officially|actually|also)\s+)?`;
/** Things of someone's (or a team's) with one value at a time, said as "my/our X is Y": a person's are "my" only. */
export const MY_THINGS = [
  'birthday|anniversary|timezone|time zone|hometown|native language|first language|major|nationality|pronouns|diet|religion',
  'team|manager|boss|tech lead|team lead|product manager|school|university|college',
  'editor|ide|shell|terminal|browser|laptop|phone|car|os|operating system',
  '(?:main |primary )?database',
  TEAM_THINGS,
  'domain|hostname|host|port|region|deadline',
  ADDRESS,
  // An account's, as a support agent is told them.
  '(?:sso|identity|email|payment|payments|cloud|hosting|dns|auth) provider|idp|crm|helpdesk|ticketing system',
  'admin|account owner|account manager|main contact|point of contact|billing contact',
  'account number|account id|customer number|customer id|member number|membership number',
].join('|');

/** A value: a URL, a host or a version (dots inside), or a few words up to the clause's end. */
export const MY_VALUE = String.raw`(?:https?:\/\/)?[\w-]+(?:\.[\w-]+)+(?::\d+)?(?:\/[^\s,;!?]*[^\s,;!?.])?|[^,.;!?]{2,40}`;

/** An amount of money, weight or length ("$800", "1,400 euros", "75 kg", "$15k", "40 an hour"). */
export const AMOUNT = String.raw`([$€£¥]\s?\d[\d,.]*(?:\s?(?:k|m|million|thousand)\b)?|\d[\d,.]*(?:\s?(?:k|m|million|thousand)\b)?(?:\s?(?:%|dollars|euros|pounds|usd|eur|gbp|kg|kgs|kilos|lbs|cm|m|ft|feet|an\s+hour|per\s+hour|a\s+month|per\s+month|a\s+year|per\s+year))?)`;
