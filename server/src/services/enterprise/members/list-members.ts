/** GET /v1/organizations/:orgId/members: members not removed (or of one status), oldest first, paged. */
import { and, eq, ne } from 'drizzle-orm';
import type { Actor } from '../../../actor.js';
import type { Db } from '../../../db/client.js';
import { orgMembers } from '../../../db/schema/index.js';
import { ofOrg, pageRows } from '../../../db/scoped-rows.js';
import { orgScope } from '../org-scope.js';
import { type MemberRow, toMembers } from './member-rows.js';

export async function listMembers(
  db: Db,
  actor: Actor,
  orgId: string,
  query: { limit: number; cursor?: string; status?: MemberRow['status'] },
) {
  const scope = orgScope(actor, orgId);
  const status = query.status ? eq(orgMembers.status, query.status) : ne(orgMembers.status, 'removed');
  const { items, pagination } = await pageRows(db, orgMembers, and(ofOrg(orgMembers, scope), status), query);
  return { members: await toMembers(db, actor.tenantId, items), pagination };
}
