/**
 * Lifecycle (retention) policies of an organization: memories in the scope are archived after
 * archiveAfterDays and deleted after deleteAfterDays; raw events are purged after retentionDays. A
 * background job applies them; `run` applies them at once.
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

const c = initContract();

/** `namespace:<id-or-name>`, `namespace:*` (every namespace of the organization), `agent:<id>`, `subject:<id>`. */
export const LIFECYCLE_SCOPE_PATTERN =
  /^(namespace:(\*|[A-Za-z0-9][A-Za-z0-9_.-]{0,127})|(agent|subject):[A-Za-z0-9][A-Za-z0-9_.:@+-]{0,127})$/;
export const LifecycleScopeSchema = z
  .string()
  .trim()
  .max(200)
  .regex(LIFECYCLE_SCOPE_PATTERN, 'must be namespace:<id-or-name>, namespace:*, agent:<id> or subject:<id>');

const Days = z.number().int().min(1).max(36_500);

export const LifecyclePolicySchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  name: z.string(),
  retentionDays: z.number().int().nullable().describe('Raw events older than this are purged'),
  archiveAfterDays: z.number().int().nullable().describe('Memories not seen for this long are archived'),
  deleteAfterDays: z.number().int().nullable().describe('Memories not seen for this long are deleted'),
  scope: z.string(),
  lastRunAt: IsoDateTime.nullable(),
  createdBy: z.string().nullable(),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
});
export type LifecyclePolicy = z.infer<typeof LifecyclePolicySchema>;

export const LifecycleRunSchema = z.object({
  policyId: z.string(),
  archived: z.number().int().describe('Memories archived (or, in a preview, that would be)'),
  deleted: z.number().int().describe('Memories deleted: tombstones without content stay for lineage'),
  eventsPurged: z.number().int().describe('Raw events purged'),
  artifactsRetired: z
    .number()
    .int()
    .describe('Artifacts built from a deleted memory or purged event, retired (the next learn compiles them again)'),
  vaultItemsDeleted: z.number().int().describe('Vault items redacted out of a purged event'),
  accessLogsScrubbed: z.number().int().describe('Access-log rows whose query text read deleted content'),
  batches: z.number().int().describe('Transactions applied (a preview: pages read); each batch is bounded'),
});
export type LifecycleRun = z.infer<typeof LifecycleRunSchema>;

const OrgParams = z.object({ orgId: Id });
const PolicyParams = z.object({ orgId: Id, policyId: Id });

const dayFields = {
  retentionDays: Days.optional(),
  archiveAfterDays: Days.optional(),
  deleteAfterDays: Days.optional(),
};

type DayFields = { retentionDays?: number | null; archiveAfterDays?: number | null; deleteAfterDays?: number | null };

/** Archiving after deletion would never happen: the cross-field rule shared by create and update. */
export function lifecycleDayIssues(v: DayFields): { path: string; message: string }[] {
  const out: { path: string; message: string }[] = [];
  if (v.archiveAfterDays != null && v.deleteAfterDays != null && v.archiveAfterDays > v.deleteAfterDays) {
    out.push({ path: 'archiveAfterDays', message: 'must be less than or equal to deleteAfterDays' });
  }
  return out;
}

export const CreateLifecyclePolicyBody = z
  .object({ name: Name, scope: LifecycleScopeSchema, ...dayFields })
  .strict()
  .superRefine((v, ctx) => {
    if (v.retentionDays === undefined && v.archiveAfterDays === undefined && v.deleteAfterDays === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['deleteAfterDays'],
        message: 'at least one of retentionDays, archiveAfterDays, deleteAfterDays is required',
      });
    }
    for (const issue of lifecycleDayIssues(v))
      ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
  });

export const UpdateLifecyclePolicyBody = z
  .object({
    name: Name.optional(),
    scope: LifecycleScopeSchema.optional(),
    retentionDays: Days.nullable().optional(),
    archiveAfterDays: Days.nullable().optional(),
    deleteAfterDays: Days.nullable().optional(),
  })
  .strict()
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'at least one field to change is required')
  .superRefine((v, ctx) => {
    for (const issue of lifecycleDayIssues(v))
      ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
  });

export const RunLifecyclePoliciesBody = z
  .object({
    dryRun: z.boolean().optional().describe('true: answer what the run would do and change nothing (as /preview)'),
    policyId: Id.optional().describe('Apply this policy only (default: every policy of the organization)'),
  })
  .strict();

export const PreviewLifecyclePoliciesBody = z
  .object({
    policyId: Id.optional().describe('Preview this policy only (default: every policy of the organization)'),
    asOf: IsoDateTime.optional().describe("Count ages as of this time (default: now), e.g. to see next week's run"),
  })
  .strict();

const LifecycleRunResponse = envelope(
  z.object({
    ranAt: IsoDateTime.describe('The time ages were counted from'),
    dryRun: z.boolean().describe('true: nothing was changed, the counts say what a run would do'),
    runs: z.array(LifecycleRunSchema),
  }),
);

export const lifecycleContract = c.router({
  create: idempotent({
    method: 'POST',
    path: '/organizations/:orgId/lifecycle-policies',
    pathParams: OrgParams,
    headers: OrgHeaders,
    summary: 'Create a lifecycle policy',
    description:
      'Ages are counted from when a memory was last seen (mentioned again) and from when an event occurred. archiveAfterDays must not exceed deleteAfterDays.',
    body: CreateLifecyclePolicyBody,
    responses: {
      201: envelope(LifecyclePolicySchema),
      ...errors(...ORG_ERRORS),
    },
    metadata: { auth: 'jwt', permission: 'lifecycle:manage' } satisfies RouteMeta,
  }),
  list: {
    method: 'GET',
    path: '/organizations/:orgId/lifecycle-policies',
    pathParams: OrgParams,
    headers: OrgHeaders,
    query: PageQuerySchema,
    summary: 'List lifecycle policies',
    description: 'Needs lifecycle:manage. Oldest first.',
    responses: {
      200: page('lifecyclePolicies', LifecyclePolicySchema),
      ...errors(...ORG_ERRORS),
    },
    metadata: { auth: 'jwt', permission: 'lifecycle:manage' } satisfies RouteMeta,
  },
  get: {
    method: 'GET',
    path: '/organizations/:orgId/lifecycle-policies/:policyId',
    pathParams: PolicyParams,
    headers: OrgHeaders,
    summary: 'Get a lifecycle policy',
    description: 'Hx addition: one lifecycle policy by id.',
    responses: {
      200: envelope(LifecyclePolicySchema),
      ...errors(...ORG_ERRORS),
    },
    metadata: { auth: 'jwt', permission: 'lifecycle:manage' } satisfies RouteMeta,
  },
  update: {
    method: 'PATCH',
    path: '/organizations/:orgId/lifecycle-policies/:policyId',
    pathParams: PolicyParams,
    headers: OrgHeaders,
    summary: 'Update a lifecycle policy',
    description:
      'Changes any field; null clears a day limit. The result must still satisfy archiveAfterDays <= deleteAfterDays.',
    body: UpdateLifecyclePolicyBody,
    responses: {
      200: envelope(LifecyclePolicySchema),
      ...errors(...ORG_ERRORS),
    },
    metadata: { auth: 'jwt', permission: 'lifecycle:manage' } satisfies RouteMeta,
  },
  delete: {
    method: 'DELETE',
    path: '/organizations/:orgId/lifecycle-policies/:policyId',
    pathParams: PolicyParams,
    headers: OrgHeaders,
    summary: 'Delete a lifecycle policy',
    description: 'Stops applying it; what it already archived or deleted stays so.',
    body: c.noBody(),
    responses: { 200: DeletedSchema, ...errors(...ORG_ERRORS) },
    metadata: { auth: 'jwt', permission: 'lifecycle:manage' } satisfies RouteMeta,
  },
  run: idempotent({
    method: 'POST',
    path: '/organizations/:orgId/lifecycle-policies/run',
    pathParams: OrgParams,
    headers: OrgHeaders,
    summary: 'Apply the lifecycle policies now',
    description:
      'Hx addition: applies every lifecycle policy of the organization (or the one named by policyId) at once, as the background job does on its interval, and answers what each did. Each policy runs in bounded batches, one transaction each: a run cut short keeps what it committed and the next run continues; running twice changes nothing more. Deleting a memory or purging an event also retires the artifacts built from it, deletes the vault items redacted out of it and scrubs the query text of access logs that read it. Audited with the counts. `dryRun: true` changes nothing and answers what would happen (as /preview). Unknown body fields are refused.',
    body: RunLifecyclePoliciesBody,
    responses: { 200: LifecycleRunResponse, ...errors(...ORG_ERRORS) },
    metadata: { auth: 'jwt', permission: 'lifecycle:manage' } satisfies RouteMeta,
  }),
  preview: {
    method: 'POST',
    path: '/organizations/:orgId/lifecycle-policies/preview',
    pathParams: OrgParams,
    headers: OrgHeaders,
    summary: 'Preview the lifecycle policies',
    description:
      'Hx addition: what running the lifecycle policies (all, or the one named by policyId) would archive, delete, purge and retire, as of now or asOf, without changing anything and without an audit entry.',
    body: PreviewLifecyclePoliciesBody,
    responses: { 200: LifecycleRunResponse, ...errors(...ORG_ERRORS) },
    metadata: { auth: 'jwt', permission: 'lifecycle:manage' } satisfies RouteMeta,
  },
});
