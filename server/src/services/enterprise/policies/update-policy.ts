/** PATCH of one access policy, audited in its transaction with what changed. */
import type { Actor } from '../../../actor.js';
import { givenFields, updateAudited } from '../../../audit/audited-change.js';
import type { Db } from '../../../db/client.js';
import { accessPolicies } from '../../../db/schema/index.js';
import { orgScope } from '../org-scope.js';
import { checkConditions } from './check-conditions.js';
import { loadPolicy, type PolicyInput, toPolicy } from './policy-rows.js';

export async function updatePolicy(db: Db, actor: Actor, orgId: string, policyId: string, input: Partial<PolicyInput>) {
  const scope = orgScope(actor, orgId);
  const row = await db.transaction(async (tx) => {
    const before = await loadPolicy(tx, scope, policyId);
    await checkConditions(tx, scope, input.conditions);
    return updateAudited(tx, actor, accessPolicies, before, givenFields(input), {
      action: 'policy.updated',
      resourceType: 'policy',
    });
  });
  return toPolicy(row);
}
