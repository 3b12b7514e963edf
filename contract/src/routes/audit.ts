/**
 * Audit log (every change: who, what, when, from where) and memory access log (which memories were
 * read, by which key or agent) of an organization (JWT, audit:read). Both newest first, cursor-paginated.
 */
import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { IsoDateTime, PageQuerySchema, type RouteMeta, errors, page } from '../common.js';
import { ORG_ERRORS, OrgHeaders, OrgParams } from './organizations.js';

const c = initContract();

export const AuditEntrySchema = z.object({
  id: z.string(),
  organizationId: z.string().nullable(),
  actorType: z.string().describe('user, api_key, operator'),
  actorId: z.string(),
  action: z.string().describe('e.g. team.created, member.role_updated'),
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

export const AuditQuerySchema = PageQuerySchema.extend({
  action: Filter.optional().describe('Exact action, e.g. member.invited'),
  actorId: Filter.optional(),
  resourceType: Filter.optional(),
  startDate: IsoDateTime.optional().describe('Inclusive start, ISO 8601'),
  endDate: IsoDateTime.optional().describe('Exclusive end, ISO 8601'),
});

export const auditContract = c.router({
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
    description: 'Reads of memories and artifacts attributed to the organization, newest first.',
    query: PageQuerySchema,
    responses: { 200: page('entries', AccessLogEntrySchema), ...errors(...ORG_ERRORS) },
    metadata: { auth: 'jwt', permission: 'audit:read' } satisfies RouteMeta,
  },
});
