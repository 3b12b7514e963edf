/**
 * Opaque cursors for keyset pagination over time-sortable ids: the cursor wraps the last id of a page
 * so clients cannot depend on its shape. A cursor that does not decode is a 400 naming query.cursor.
 */
import { invalid } from '../errors.js';

const PREFIX = 'c1.';

export function encodeCursor(lastId: string): string {
  return PREFIX + Buffer.from(JSON.stringify({ k: lastId }), 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string | undefined): string | undefined {
  if (cursor === undefined) return undefined;
  try {
    if (!cursor.startsWith(PREFIX)) throw new Error('prefix');
    const parsed = JSON.parse(Buffer.from(cursor.slice(PREFIX.length), 'base64url').toString('utf8')) as {
      k?: unknown;
    };
    if (typeof parsed.k !== 'string' || parsed.k.length === 0 || parsed.k.length > 128) throw new Error('shape');
    return parsed.k;
  } catch {
    throw invalid('query.cursor', 'is not a cursor returned by this list');
  }
}

/** Rows fetched with limit + 1: the page, whether more exist, and the cursor of the next page. */
export function toPage<T extends { id: string }>(rows: T[], limit: number) {
  const hasMore = rows.length > limit;
  const items = hasMore ? rows.slice(0, limit) : rows;
  const last = items[items.length - 1];
  return {
    items,
    pagination: { hasMore, ...(hasMore && last ? { cursor: encodeCursor(last.id) } : {}) },
  };
}
