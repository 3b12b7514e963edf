/**
 * How a statement reads `events`, from EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) on whichever database
 * the suite runs (PGlite, or PostgreSQL with DATABASE_URL): for plan guards that assert what a
 * statement reads (scan kinds, indexes, rows, buffers), never how long it takes.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../server/src/db/client.js';

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Join Filter'?: number;
  Plans?: PlanNode[];
}

/**
 * The kinds of the statement's scan nodes on `events`, the `events` indexes it used, the rows those
 * scans read over all their loops (rows they threw away by a filter or a join filter included: a walk
 * of the wrong index returns few rows but reads many), and the statement's shared buffers.
 */
export async function eventReads(database: Pick<Database, 'rows'>, query: SQL) {
  const [row] = await database.rows<Record<string, unknown>>(sql`explain (analyze, buffers, format json) ${query}`);
  const raw = Object.values(row ?? {})[0];
  const plan = ((typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: PlanNode }>)[0]?.Plan as PlanNode;
  const scans = new Set<string>();
  const indexes = new Set<string>();
  let rows = 0;
  const walk = (node: PlanNode) => {
    if (node['Relation Name'] === 'events') {
      rows += (node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0)) * node['Actual Loops'];
      scans.add(node['Node Type']);
    }
    if (node['Index Name']?.startsWith('events')) indexes.add(node['Index Name']);
    if (node['Rows Removed by Join Filter']) rows += node['Rows Removed by Join Filter'] * node['Actual Loops'];
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(plan);
  return { scans, indexes, rows, buffers: (plan['Shared Hit Blocks'] ?? 0) + (plan['Shared Read Blocks'] ?? 0) };
}
