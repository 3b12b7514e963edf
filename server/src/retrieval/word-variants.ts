/**
 * Everyday and written forms of the same word ("kids" / "children", "fave" / "favorite", "pic" /
 * "photo"): people write to an agent casually and ask about it formally, and the stemmer keeps the
 * forms apart. A query word of a group also looks for the group's other forms, at VARIANT_WEIGHT of a
 * word. Only near-exact equivalents: general synonyms (WordNet's) raised noise more than recall
 * (docs/decisions/retrieval.md), and an ambiguous short form ("doc", "uni", "comp") is left out.
 */
const GROUPS: string[][] = [
  ['children', 'child', 'kids', 'kid', 'kiddos'],
  ['family', 'fam'],
  ['favorite', 'favourite', 'fave', 'fav'],
  ['photo', 'photos', 'photograph', 'picture', 'pictures', 'pic', 'pics'],
  ['mother', 'mom', 'mum', 'mommy'],
  ['father', 'dad', 'daddy'],
  ['grandmother', 'grandma', 'granny'],
  ['grandfather', 'grandpa'],
  ['brother', 'bro'],
  ['sister', 'sis'],
  ['birthday', 'bday'],
  ['husband', 'hubby'],
  ['vacation', 'vacay'],
  ['video', 'videos', 'vid', 'vids'],
  ['conversation', 'convo'],
  ['television', 'tv'],
  ['friend', 'friends', 'buddy', 'buddies', 'pal', 'pals'],
  ['movie', 'movies', 'film', 'films'],
  ['puppy', 'puppies', 'pup', 'pups'],
  ['kitten', 'kittens', 'kitty'],
];

export const VARIANT_WEIGHT = 0.3;

const groupOf = new Map<string, string[]>();
for (const group of GROUPS) for (const word of group) groupOf.set(word, group);

/** The other forms of the query's words (lower-cased), none of the query's own. */
export function wordVariants(words: string[]): string[] {
  const own = new Set(words);
  const out = new Set<string>();
  for (const word of words) for (const other of groupOf.get(word) ?? []) if (!own.has(other)) out.add(other);
  return [...out];
}

/** -ship nouns whose stem names no role the turns would use instead (and ships that sail). */
const NOT_A_ROLE = new Set(['relationship', 'courtship', 'spaceship', 'battleship', 'mothership', 'steamship']);

/**
 * The root word of a query's derived noun, which the stemmer keeps apart from it. A noun in -ion gives
 * its verb ("reaction" -> "react", "decision" -> "decide", "experimentation" -> "experiment"): the
 * stemmer joins most such pairs ("celebration" / "celebrate") but not short ones (its suffixes come off
 * only far enough into the word), and a question names the act ("What was their reaction?") that the
 * turn tells with the verb ("They react with awe"). Only the endings whose verb is regular: -ction and
 * -ption less "ion", -sion as -de ("-ssion" the stemmer joins itself), -ntation less "ation". Not every
 * -ion ("mission" is no "miss", "station" no "state", "million" no "mill"); a wrong spelling ("version"
 * -> "verde") stems to a word no text holds and weighs nothing. A noun in -ship gives its role
 * ("mentorship" -> "mentor": "I got mentored", "friendship" -> "friend", "membership" -> "member"),
 * from five letters on ("hardship" is no "hard", "worship" no "wor"; "relationship" would bring in
 * every "related", and a spaceship is no space).
 */
export function rootsOfNouns(words: string[]): string[] {
  const out = new Set<string>();
  for (const word of words) {
    if (word.length < 7 || !/^[a-z]+(?:[ct]ion|[^s]sion)$/.test(word)) continue;
    if (/(?:ction|ption)$/.test(word)) out.add(word.slice(0, -3));
    else if (word.endsWith('sion')) out.add(`${word.slice(0, -4)}de`);
    if (word.endsWith('ntation')) out.add(word.slice(0, -5));
  }
  for (const word of words) {
    const base = word.endsWith('ship') ? word.slice(0, -4) : '';
    if (base.length >= 5 && !NOT_A_ROLE.has(word)) out.add(base);
  }
  for (const word of words) out.delete(word);
  return [...out];
}
