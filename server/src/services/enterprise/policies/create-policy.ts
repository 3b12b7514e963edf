/** POST /v1/organizations/:orgId/policies: a new access policy, audited in its transaction. */
import type { Actor } from '../../../actor.js';
import { recordAudit } from '../../../audit/record.js';
import type { Db } from '../../../db/client.js';
import { accessPolicies } from '../../../db/schema/index.js';
import { newId } from '../../../ids.js';
import { orgScope } from '../org-scope.js';
import { checkConditions } from './check-conditions.js';
import { type PolicyInput, toPolicy } from './policy-rows.js';

export async function createPolicy(db: Db, actor: Actor, orgId: string, input: PolicyInput) {
  const scope = orgScope(actor, orgId);
  const row = await db.transaction(async (tx) => {
    await checkConditions(tx, scope, input.conditions);
    const [created] = await tx
      .insert(accessPolicies)
      .values({ id: newId('pol'), ...scope, ...input, createdBy: actor.userId ?? null })
      .returning();
    await recordAudit(tx, actor, {
      action: 'policy.created',
      resourceType: 'policy',
      resourceId: created!.id,
      organizationId: scope.organizationId,
      details: { ...input },
    });
    return created!;
  });
  return toPolicy(row);
}
