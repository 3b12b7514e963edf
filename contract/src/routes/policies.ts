/**
 * Access policies (allow/deny) of an organization. They decide namespace access for API keys, agents
 * and users: matching policies are taken by descending priority, deny wins a tie, and with no match
 * access is allowed except to `restricted` namespaces (docs/decisions/policies.md).
 */
import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import {
  DeletedSchema,
  Id,
  IsoDateTime,
  Name,
  PageQuerySchema,
  type RouteMeta,
  envelope,
  errors,
  page,
  idempotent,
} from '../common.js';
import { ORG_ERRORS, OrgHeaders } from './organizations.js';
import { RoleSchema } from '../permissions.js';

const c = initContract();

export const POLICY_EFFECTS = ['allow', 'deny'] as const;
export const PolicyEffectSchema = z.enum(POLICY_EFFECTS);
export type PolicyEffect = z.infer<typeof PolicyEffectSchema>;

/**
 * Kinds a resource pattern may name: only kinds the server enforces. Access to memories, artifacts
 * and events is decided by the namespace that holds them, so a policy names the namespace; any other
 * kind would be accepted and never enforced (a silent hole), so it is refused with 400.
 */
export const POLICY_RESOURCE_KINDS = ['namespace', '*'] as const;
export const POLICY_ACTIONS = ['read', 'write', 'delete', '*'] as const;
export const PolicyActionSchema = z.enum(POLICY_ACTIONS);
export type PolicyAction = z.infer<typeof PolicyActionSchema>;

/** `<kind>:<id-or-*>`, e.g. `namespace:*`, `namespace:support`, `namespace:ns_01J...`. */
export const RESOURCE_PATTERN = /^(namespace|\*):(\*|[A-Za-z0-9][A-Za-z0-9_.-]{0,127})$/;
export const ResourcePatternSchema = z
  .string()
  .trim()
  .max(200)
  .regex(
    RESOURCE_PATTERN,
    `must be <kind>:<id-or-*> with kind one of ${POLICY_RESOURCE_KINDS.join(', ')} (access to memories, artifacts, events, agents and vaults is decided by namespace, role and ownership; policies on them would never apply)`,
  );

export const PolicyConditionsSchema = z
  .object({
    team: Id.optional().describe('Team id the caller (member, or the agent of a key) must belong to'),
    agent: Id.optional().describe('Agent identity id the caller must act as'),
    role: RoleSchema.optional().describe('Organization role the calling user must hold'),
  })
  .strict();
export type PolicyConditions = z.infer<typeof PolicyConditionsSchema>;

const Priority = z.number().int().min(-1_000_000).max(1_000_000).describe('Higher is evaluated first');

export const AccessPolicySchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  name: z.string(),
  effect: PolicyEffectSchema,
  resource: z.string(),
  action: PolicyActionSchema,
  conditions: PolicyConditionsSchema,
  priority: z.number().int(),
  createdBy: z.string().nullable(),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
});
export type AccessPolicy = z.infer<typeof AccessPolicySchema>;

const OrgParams = z.object({ orgId: Id });
const PolicyParams = z.object({ orgId: Id, policyId: Id });

export const CreatePolicyBody = z
  .object({
    name: Name,
    effect: PolicyEffectSchema,
    resource: ResourcePatternSchema,
    action: PolicyActionSchema,
    conditions: PolicyConditionsSchema.default({}),
    priority: Priority,
  })
  .strict();

export const UpdatePolicyBody = z
  .object({
    name: Name.optional(),
    effect: PolicyEffectSchema.optional(),
    resource: ResourcePatternSchema.optional(),
    action: PolicyActionSchema.optional(),
    conditions: PolicyConditionsSchema.optional(),
    priority: Priority.optional(),
  })
  .strict()
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'at least one field to change is required');

/** Why a simulated request is allowed or refused: a policy, the default, or the credential itself. */
export const SIMULATION_REASONS = [
  'policy',
  'default_allow',
  'restricted_default_deny',
  'key_namespace_mismatch',
  'outside_organization',
  'unregistered_namespace',
  'role_lacks_action',
  'key_scope_missing',
  'key_inactive',
] as const;

export const SimulatePolicyBody = z
  .object({
    keyId: Id.optional().describe('An API key of the tenant (unbound, or bound to this organization)'),
    agentId: Id.optional().describe('An agent of this organization, as a key bound to it would act'),
    namespace: z.string().trim().min(1).max(128).describe('A namespace of this organization, by name or id'),
    action: z.enum(['read', 'write', 'delete']),
  })
  .strict()
  .refine((b) => (b.keyId === undefined) !== (b.agentId === undefined), {
    message: 'give exactly one of keyId and agentId',
    path: ['keyId'],
  });

export const PolicySimulationSchema = z.object({
  allowed: z.boolean(),
  effect: PolicyEffectSchema,
  reason: z.enum(SIMULATION_REASONS),
  decidedBy: z
    .object({ policyId: z.string(), name: z.string() })
    .nullable()
    .describe('The policy that decided; null when the default or the credential itself did'),
  message: z.string().describe('The decision in words, as a refused request would say it'),
  matched: z
    .array(z.object({ id: z.string(), name: z.string(), effect: PolicyEffectSchema, priority: z.number().int() }))
    .describe('Every policy that matched, in evaluation order (the first decides)'),
  namespace: z.object({ id: z.string(), name: z.string(), sensitivity: z.string() }),
});
export type PolicySimulation = z.infer<typeof PolicySimulationSchema>;

export const policiesContract = c.router({
  create: idempotent({
    method: 'POST',
    path: '/organizations/:orgId/policies',
    pathParams: OrgParams,
    headers: OrgHeaders,
    summary: 'Create an access policy',
    description:
      'resource is `<kind>:<id-or-*>`; a namespace may be named by id or by name. conditions (team, agent, role) must all hold for the policy to apply.',
    body: CreatePolicyBody,
    responses: {
      201: envelope(AccessPolicySchema),
      ...errors(...ORG_ERRORS),
    },
    metadata: { auth: 'jwt', permission: 'policy:create' } satisfies RouteMeta,
  }),
  list: {
    method: 'GET',
    path: '/organizations/:orgId/policies',
    pathParams: OrgParams,
    headers: OrgHeaders,
    query: PageQuerySchema,
    summary: 'List access policies',
    description: 'Policies of the organization in evaluation order: priority descending, then oldest first.',
    responses: {
      200: page('policies', AccessPolicySchema),
      ...errors(...ORG_ERRORS),
    },
    metadata: { auth: 'jwt', permission: 'policy:read' } satisfies RouteMeta,
  },
  get: {
    method: 'GET',
    path: '/organizations/:orgId/policies/:policyId',
    pathParams: PolicyParams,
    headers: OrgHeaders,
    summary: 'Get an access policy',
    description: 'Hx addition: one policy by id.',
    responses: {
      200: envelope(AccessPolicySchema),
      ...errors(...ORG_ERRORS),
    },
    metadata: { auth: 'jwt', permission: 'policy:read' } satisfies RouteMeta,
  },
  update: {
    method: 'PATCH',
    path: '/organizations/:orgId/policies/:policyId',
    pathParams: PolicyParams,
    headers: OrgHeaders,
    summary: 'Update an access policy',
    description:
      'Changes any field; conditions, when sent, replace the old ones whole. Takes effect on the next request.',
    body: UpdatePolicyBody,
    responses: {
      200: envelope(AccessPolicySchema),
      ...errors(...ORG_ERRORS),
    },
    metadata: { auth: 'jwt', permission: 'policy:update' } satisfies RouteMeta,
  },
  delete: {
    method: 'DELETE',
    path: '/organizations/:orgId/policies/:policyId',
    pathParams: PolicyParams,
    headers: OrgHeaders,
    summary: 'Delete an access policy',
    description: 'Needs policy:update. Takes effect on the next request.',
    body: c.noBody(),
    responses: { 200: DeletedSchema, ...errors(...ORG_ERRORS) },
    metadata: { auth: 'jwt', permission: 'policy:update' } satisfies RouteMeta,
  },
  simulate: {
    method: 'POST',
    path: '/organizations/:orgId/policies/simulate',
    pathParams: OrgParams,
    headers: OrgHeaders,
    summary: 'Simulate an access decision',
    description:
      "Hx addition: may this API key (keyId) or agent (agentId) read, write or delete this namespace, and which rule decides? Answered by the same checks a real request goes through (the key's scopes and binding, the organization, then the policies in evaluation order), without acting or writing an audit entry.",
    body: SimulatePolicyBody,
    responses: {
      200: envelope(PolicySimulationSchema),
      ...errors(...ORG_ERRORS),
    },
    metadata: { auth: 'jwt', permission: 'policy:read' } satisfies RouteMeta,
  },
});
