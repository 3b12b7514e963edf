/** DELETE of one access policy, audited in its transaction with the policy as it was. */
import type { Actor } from '../../../actor.js';
import { deleteAudited } from '../../../audit/audited-change.js';
import type { Db } from '../../../db/client.js';
import { accessPolicies } from '../../../db/schema/index.js';
import { orgScope } from '../org-scope.js';
import { loadPolicy, toPolicy } from './policy-rows.js';

export async function deletePolicy(db: Db, actor: Actor, orgId: string, policyId: string) {
  const scope = orgScope(actor, orgId);
  await db.transaction(async (tx) => {
    const before = await loadPolicy(tx, scope, policyId);
    await deleteAudited(tx, actor, accessPolicies, before, {
      action: 'policy.deleted',
      resourceType: 'policy',
      details: { policy: toPolicy(before) },
    });
  });
  return { id: policyId, deleted: true as const };
}
