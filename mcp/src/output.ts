/** Text answers of the tools: cut to a character budget with a note saying what was left out. */

/** Cuts `text` to at most `maxChars` characters, at a line break when one is near, and says so. */
export function fitText(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const note = (left: number) =>
    `\n[… ${left} more characters left out; narrow the request (filters, limit) to see them]`;
  const room = Math.max(0, maxChars - note(text.length).length);
  let cut = text.lastIndexOf('\n', room);
  if (cut < room * 0.8) cut = room;
  return `${text.slice(0, cut)}${note(text.length - cut)}`;
}

/** Pretty JSON for the structured parts of an answer (lists, jobs, counts). */
export const json = (value: unknown): string => JSON.stringify(value, null, 2);
