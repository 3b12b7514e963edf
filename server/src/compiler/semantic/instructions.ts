/**
 * Instructions: a standing instruction to the agent ("always use pnpm", "be concise", "respond in
 * English from now on"), and the topic it takes one value of, so a later one of that topic supersedes it.
 */

const PERMANENCE =
  /\b(?:always|never|from now on|going forward|in (?:the )?future|by default|whenever|every time|each time|at all times|don['’]?t ever|do not ever)\b/i;
const BEHAVIOUR_VERB =
  /^(?:use|reply|respond|answer|write|format|include|add|mention|ask|call|address|run|check|test|commit|push|deploy|show|explain|avoid|send|cite|summari[sz]e|suggest|recommend|provide|speak|talk|translate|put|prefer|refer|remind|notify|tell|greet|sign|end|double-check|confirm|stop|make|remember|note|list|return|output|give me|let me|wait|follow|stick|limit|capitali[sz]e|document|comment|prefix|ping|email|copy|save|store|log|stay|leave|open|close|create|delete|remove|update|install|upgrade|pin|lint|review|bold|sort|round|convert|quote|touch|modify|edit|change|rename|refactor|merge|force-push|skip|disable|enable|share|print|expose|hardcode|hard-code|mock|bypass|publish|rebase|squash|amend|cc|bcc|loop in|escalate|attach)\b/i;
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

export function topicKey(subjKey: string, instruction: string): string | null {
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
