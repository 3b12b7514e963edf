/**
 * Audit log (every change: who, what, when, from where) and memory access log (which memories were
 * read, by which key or agent) of an organization (JWT, audit:read). Both newest first, cursor-paginated.
 */
import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import {
  AUTHED_ERRORS,
  INSTANT_RANGE_MESSAGE,
  IsoDateTime,
  MAX_INSTANT_MS,
  PageQuerySchema,
  type RouteMeta,
  errors,
  inInstantRange,
  page,
} from '../common.js';
import { ORG_ERRORS, OrgHeaders, OrgParams } from './organizations.js';

const c = initContract();

export const AUDIT_OUTCOMES = ['success', 'denied', 'failed'] as const;
export const AuditOutcomeSchema = z.enum(AUDIT_OUTCOMES);
export type AuditOutcome = z.infer<typeof AuditOutcomeSchema>;

export const AuditEntrySchema = z.object({
  id: z.string(),
  organizationId: z.string().nullable(),
  actorType: z.string().describe('user, api_key, operator'),
  actorId: z.string(),
  action: z.string().describe('e.g. team.created, member.role_updated, auth.login, access.denied'),
  outcome: AuditOutcomeSchema.describe(
    'success: the change or credential event happened; denied: the request was refused (403, refresh-token reuse); failed: a credential check failed (wrong password)',
  ),
  resourceType: z.string(),
  resourceId: z.string().nullable(),
  details: z.record(z.unknown()),
  requestId: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: IsoDateTime,
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AccessLogEntrySchema = z.object({
  id: z.string(),
  organizationId: z.string().nullable(),
  environment: z.string(),
  actorType: z.string(),
  actorId: z.string(),
  apiKeyId: z.string().nullable(),
  agentId: z.string().nullable(),
  namespace: z.string().nullable(),
  operation: z.string(),
  query: z.string().nullable(),
  memoryIds: z.array(z.string()),
  artifactIds: z.array(z.string()),
  requestId: z.string().nullable(),
  createdAt: IsoDateTime,
});
export type AccessLogEntry = z.infer<typeof AccessLogEntrySchema>;

const Filter = z.string().trim().min(1).max(200);

const HAS_OFFSET = /(Z|[+-]\d{2}:?\d{2})$/i;
const DateTimeForm = z.string().datetime({ offset: true, local: true });
const DateForm = z.string().date();

/**
 * A time bound of the audit query, in any of the ISO 8601 forms clients send: a date-time with an
 * offset (`2025-03-01T12:00:00Z`), one without (read as UTC, e.g. Python's naive `isoformat()`), or a
 * calendar date (`2025-03-01`: the start of that UTC day, or for `endDate` the end of it, so
 * `startDate=2025-03-01&endDate=2025-03-31` covers all of March). Normalized to a UTC date-time.
 */
function auditBound(edge: 'start' | 'end') {
  return z
    .string()
    .max(64)
    .transform((v, ctx) => {
      const isDate = DateForm.safeParse(v).success;
      const at =
        isDate || DateTimeForm.safeParse(v).success
          ? new Date(isDate ? `${v}T00:00:00.000Z` : HAS_OFFSET.test(v) ? v : `${v}Z`)
          : undefined;
      if (!at || Number.isNaN(at.getTime())) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'must be an ISO 8601 date-time or date' });
        return z.NEVER;
      }
      if (!inInstantRange(at.getTime())) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: INSTANT_RANGE_MESSAGE });
        return z.NEVER;
      }
      if (isDate && edge === 'end') at.setUTCDate(at.getUTCDate() + 1);
      // The end of 9999-12-31 is the last instant PostgreSQL takes, not year 10000.
      return new Date(Math.min(at.getTime(), MAX_INSTANT_MS)).toISOString();
    });
}

export const AuditQuerySchema = PageQuerySchema.extend({
  action: Filter.optional().describe('Exact action, e.g. member.invited'),
  actorId: Filter.optional(),
  resourceType: Filter.optional(),
  resourceId: Filter.optional(),
  outcome: AuditOutcomeSchema.optional(),
  startDate: auditBound('start')
    .optional()
    .describe(
      'Inclusive start, ISO 8601: a date-time (UTC when it has no offset) or a date (the start of that UTC day)',
    ),
  endDate: auditBound('end')
    .optional()
    .describe(
      'Exclusive end, ISO 8601: a date-time (UTC when it has no offset) or a date (through the end of that UTC day)',
    ),
});

export const TenantAuditQuerySchema = AuditQuerySchema.extend({
  organizationId: Filter.optional().describe(
    'Only entries of this organization; `none` for entries no organization owns (account, API key, vault and operator events)',
  ),
});

export const AccessLogQuerySchema = PageQuerySchema.extend({
  operation: Filter.optional().describe('Exact operation, e.g. memories.list, synthesize'),
  namespace: Filter.optional().describe('As stored: a registered namespace by id'),
  apiKeyId: Filter.optional(),
  agentId: Filter.optional(),
  requestId: Filter.optional().describe("The request id of the read (its answer's X-Request-Id)"),
});

export const auditContract = c.router({
  tenantList: {
    method: 'GET',
    path: '/audit',
    summary: 'Audit log of the whole tenant (tenant owner)',
    description:
      'Every audit entry of the tenant, with or without an organization: registrations, logins, API keys, vaults (readable after the vault is deleted), operator actions, denied requests and every organization change. Only the tenant owner; any other user gets 403. Newest first; filters combine with AND.',
    query: TenantAuditQuerySchema,
    responses: { 200: page('entries', AuditEntrySchema), ...errors(...AUTHED_ERRORS, 'forbidden') },
    metadata: { auth: 'jwt' } satisfies RouteMeta,
  },
  list: {
    method: 'GET',
    path: '/organizations/:orgId/audit',
    pathParams: OrgParams,
    headers: OrgHeaders,
    summary: 'Audit log entries',
    description: 'Newest first; filters combine with AND. limit is at most 100.',
    query: AuditQuerySchema,
    responses: { 200: page('entries', AuditEntrySchema), ...errors(...ORG_ERRORS) },
    metadata: { auth: 'jwt', permission: 'audit:read' } satisfies RouteMeta,
  },
  accessLogs: {
    method: 'GET',
    path: '/organizations/:orgId/access-logs',
    pathParams: OrgParams,
    headers: OrgHeaders,
    summary: 'Memory access log entries',
    description:
      'Reads of memories and artifacts attributed to the organization, newest first: reads of its namespaces by any key, and reads by keys bound to it or org-scoped calls where the namespace belongs to no organization. Filters (exact values) combine with AND; requestId finds the reads of one request (the X-Request-Id of its answer).',
    query: AccessLogQuerySchema,
    responses: { 200: page('entries', AccessLogEntrySchema), ...errors(...ORG_ERRORS) },
    metadata: { auth: 'jwt', permission: 'audit:read' } satisfies RouteMeta,
  },
});
