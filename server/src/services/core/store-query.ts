/**
 * The store's search conditions: a filter on the value's top-level fields as SQL over jsonb, a path
 * pattern match (`*` any one label), and the query score (the share of the query's words found in
 * the value's text).
 */
import type { StoreFilter } from '@hx-memory/contract';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

type Scalar = string | number | boolean | null;
const COMPARISONS = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' } as const;

/** `field = value` as jsonb equality (a JSON null matches a field that is null, not a missing one). */
const equals = (value: SQLWrapper, field: string, v: Scalar): SQL =>
  sql`(${value} -> ${field}::text) = ${JSON.stringify(v)}::jsonb`;

/** `field <op> v`: numbers compared as numbers, strings as strings; other types never match. */
function compares(value: SQLWrapper, field: string, op: keyof typeof COMPARISONS, v: number | string): SQL {
  const symbol = sql.raw(COMPARISONS[op]);
  if (typeof v === 'number') {
    return sql`(jsonb_typeof(${value} -> ${field}::text) = 'number' and ((${value} ->> ${field}::text)::numeric ${symbol} ${v}::numeric))`;
  }
  return sql`(jsonb_typeof(${value} -> ${field}::text) = 'string' and ((${value} ->> ${field}::text) collate "C" ${symbol} ${v}::text))`;
}

/** Every condition of the filter, on the jsonb column `value`. */
export function filterCondition(value: SQLWrapper, filter: StoreFilter): SQL | undefined {
  const parts: SQL[] = [];
  for (const [field, condition] of Object.entries(filter)) {
    if (condition === null || typeof condition !== 'object') {
      parts.push(equals(value, field, condition));
      continue;
    }
    for (const [op, operand] of Object.entries(condition)) {
      if (op === '$eq') parts.push(equals(value, field, operand as Scalar));
      else if (op === '$ne') parts.push(sql`not coalesce(${equals(value, field, operand as Scalar)}, false)`);
      else if (op === '$in' || op === '$nin') {
        const list = operand as Scalar[];
        const any = list.length
          ? sql`(${sql.join(
              list.map((v) => equals(value, field, v)),
              sql` or `,
            )})`
          : sql`false`;
        parts.push(op === '$in' ? sql`coalesce(${any}, false)` : sql`not coalesce(${any}, false)`);
      } else parts.push(compares(value, field, op as keyof typeof COMPARISONS, operand as number | string));
    }
  }
  return parts.length ? sql.join(parts, sql` and `) : undefined;
}

/** Whether `path` matches `pattern` at its start or end, `*` matching any one label. */
export function matchesPath(path: string[], pattern: string[], where: 'prefix' | 'suffix'): boolean {
  if (pattern.length > path.length) return false;
  const offset = where === 'prefix' ? 0 : path.length - pattern.length;
  return pattern.every((label, i) => label === '*' || label === path[offset + i]);
}

const words = (text: string): Set<string> =>
  new Set((text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => w.length > 1));

/** The strings and numbers of a JSON value (its keys left out), joined. */
function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map(textOf).join(' ');
  if (value && typeof value === 'object') return Object.values(value).map(textOf).join(' ');
  return '';
}

/** The share (0 to 1) of the query's words found among the value's words. */
export function queryScore(query: string, value: unknown): number {
  const asked = words(query);
  if (asked.size === 0) return 0;
  const held = words(textOf(value));
  let found = 0;
  for (const w of asked) if (held.has(w)) found += 1;
  return found / asked.size;
}
