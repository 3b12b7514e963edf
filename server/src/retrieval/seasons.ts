/**
 * "Last summer", "this winter", "next spring": the season a phrase names, against when it was said.
 * chrono reads no seasons, and a question asks "when" in the year ("the summer of 2022"). Seasons are
 * the northern hemisphere's meteorological ones: spring March-May, summer June-August, fall September-
 * November, winter December-February (named by both its years, "the winter of 2022-23").
 */

const SEASON_PHRASE = /\b(last|this past|past|this|next)\s+(summer|winter|spring|fall|autumn)\b/i;
/** A year written right after the phrase ("last summer, 2022"): nothing to add. */
const YEAR_AFTER = /^\W{0,3}(?:19|20)\d\d\b/;

const START_MONTH: Record<string, number> = { spring: 2, summer: 5, fall: 8, autumn: 8, winter: 11 };

/** The occurrence of `season` starting in `year`: [start, end) in UTC. */
function occurrence(season: string, year: number): { year: number; start: number; end: number } {
  const month = START_MONTH[season] as number;
  return { year, start: Date.UTC(year, month, 1), end: Date.UTC(year, month + 3, 1) };
}

/** The phrase and the note that names its season ("(the summer of 2022)"), or null. */
export function seasonNote(text: string, saidAt: Date): { phrase: string; note: string } | null {
  const m = SEASON_PHRASE.exec(text);
  if (!m) return null;
  if (YEAR_AFTER.test(text.slice(m.index + m[0].length))) return null;
  const which = (m[1] as string).toLowerCase();
  const season = (m[2] as string).toLowerCase();
  const said = saidAt.getTime();
  const y = saidAt.getUTCFullYear();
  // Occurrences around the said day, oldest first (winter starts in December: the one of last year too).
  const around = [y - 2, y - 1, y, y + 1].map((year) => occurrence(season, year));
  let found: ReturnType<typeof occurrence> | undefined;
  if (which === 'next') found = around.find((o) => o.start > said);
  else if (which === 'this')
    // The one under way, else the one of this calendar year (past or to come).
    found = around.find((o) => o.start <= said && said < o.end) ?? around.find((o) => o.year === y);
  // Last (this past): the latest one over by the day it was said.
  else found = around.filter((o) => o.end <= said).at(-1);
  if (!found) return null;
  const years =
    season === 'winter' ? `${found.year}-${String((found.year + 1) % 100).padStart(2, '0')}` : String(found.year);
  return { phrase: m[0], note: `(the ${season} of ${years})` };
}
