/** GET /v1/organizations/:orgId/policies: the organization's policies in evaluation order, paged. */
import { and, asc, desc, eq, gt, lt, or } from 'drizzle-orm';
import type { Actor } from '../../../actor.js';
import type { Db } from '../../../db/client.js';
import { decodeCursor, encodeCursor } from '../../../db/keyset-cursor.js';
import { accessPolicies } from '../../../db/schema/index.js';
import { ofOrg } from '../../../db/scoped-rows.js';
import { invalid } from '../../../errors.js';
import { orgScope } from '../org-scope.js';
import { toPolicy } from './policy-rows.js';

/** Keyset over (priority desc, id asc), the evaluation order; the cursor wraps both. */
function decodePolicyCursor(cursor: string | undefined): { priority: number; id: string } | undefined {
  const raw = decodeCursor(cursor);
  if (raw === undefined) return undefined;
  const sep = raw.indexOf('|');
  const priority = Number(raw.slice(0, sep));
  if (sep <= 0 || !Number.isInteger(priority)) throw invalid('query.cursor', 'is not a cursor returned by this list');
  return { priority, id: raw.slice(sep + 1) };
}

export async function listPolicies(db: Db, actor: Actor, orgId: string, query: { limit: number; cursor?: string }) {
  const scope = orgScope(actor, orgId);
  const after = decodePolicyCursor(query.cursor);
  const rows = await db
    .select()
    .from(accessPolicies)
    .where(
      and(
        ofOrg(accessPolicies, scope),
        after
          ? or(
              lt(accessPolicies.priority, after.priority),
              and(eq(accessPolicies.priority, after.priority), gt(accessPolicies.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(accessPolicies.priority), asc(accessPolicies.id))
    .limit(query.limit + 1);
  const hasMore = rows.length > query.limit;
  const items = hasMore ? rows.slice(0, query.limit) : rows;
  const last = items[items.length - 1];
  return {
    policies: items.map(toPolicy),
    pagination: { hasMore, ...(hasMore && last ? { cursor: encodeCursor(`${last.priority}|${last.id}`) } : {}) },
  };
}
