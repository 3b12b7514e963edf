/** Teams as other enterprise services read them: which ids are teams of an organization. */
import { and, inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { teams } from '../../db/schema/index.js';
import { ofOrg, type OrgScope } from '../../db/scoped-rows.js';

/** Which of these ids are teams of the organization. */
export async function teamsOfOrg(q: Queryable, scope: OrgScope, teamIds: string[]): Promise<Set<string>> {
  if (teamIds.length === 0) return new Set();
  const found = await q
    .select({ id: teams.id })
    .from(teams)
    .where(and(ofOrg(teams, scope), inArray(teams.id, teamIds)));
  return new Set(found.map((t) => t.id));
}
