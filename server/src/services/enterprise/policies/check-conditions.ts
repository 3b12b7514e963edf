/** A policy condition naming a team or agent of another organization would never hold: refused up front (400). */
import type { PolicyConditions } from '@hx-memory/contract';
import type { Queryable } from '../../../db/client.js';
import { agents, teams } from '../../../db/schema/index.js';
import { findRow, ofOrg, type OrgScope } from '../../../db/scoped-rows.js';
import { invalid } from '../../../errors.js';

export async function checkConditions(q: Queryable, scope: OrgScope, conditions: PolicyConditions | undefined) {
  if (!conditions) return;
  if (conditions.team && !(await findRow(q, teams, conditions.team, ofOrg(teams, scope)))) {
    throw invalid('conditions.team', `no team ${conditions.team} in this organization`);
  }
  if (conditions.agent && !(await findRow(q, agents, conditions.agent, ofOrg(agents, scope)))) {
    throw invalid('conditions.agent', `no agent ${conditions.agent} in this organization`);
  }
}
