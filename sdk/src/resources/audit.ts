// Generated from the contract by sdk/scripts/write.ts; do not edit by hand.
/** Audit log and memory access log of an organization (cursor-paginated). */
import type { RequestOptions } from '../core/fetcher.js';
import type { PagePromise } from '../core/pagination.js';
import { APIResource } from '../core/resource.js';
import type {
  AccessLogEntry,
  AuditAccessLogsData,
  AuditAccessLogsInput,
  AuditEntry,
  AuditListData,
  AuditListInput,
  AuditTenantListData,
  AuditTenantListInput,
} from '../types.js';

/** Audit log and memory access log of an organization (cursor-paginated). */
export class Audit extends APIResource {
  /**
   * Audit log of the whole tenant (tenant owner)
   *
   * Every audit entry of the tenant, with or without an organization: registrations, logins, API keys, vaults
   * (readable after the vault is deleted), operator actions, denied requests and every organization change.
   * Only the tenant owner; any other user gets 403. Newest first; filters combine with AND.
   *
   * `GET /v1/audit` (access token (JWT))
   */
  tenantList(input?: AuditTenantListInput, options?: RequestOptions): PagePromise<AuditEntry, AuditTenantListData> {
    return this._request('audit', 'tenantList', [input, options]);
  }

  /**
   * Audit log entries.
   *
   * Newest first; filters combine with AND. limit is at most 100.
   *
   * `GET /v1/organizations/:orgId/audit` (access token (JWT), permission audit:read)
   */
  list(input?: AuditListInput, options?: RequestOptions): PagePromise<AuditEntry, AuditListData> {
    return this._request('audit', 'list', [input, options]);
  }

  /**
   * Memory access log entries.
   *
   * Reads of memories and artifacts attributed to the organization, newest first: reads of its namespaces by
   * any key, and reads by keys bound to it or org-scoped calls where the namespace belongs to no
   * organization. Filters (exact values) combine with AND; requestId finds the reads of one request (the
   * X-Request-Id of its answer).
   *
   * `GET /v1/organizations/:orgId/access-logs` (access token (JWT), permission audit:read)
   */
  accessLogs(input?: AuditAccessLogsInput, options?: RequestOptions): PagePromise<AccessLogEntry, AuditAccessLogsData> {
    return this._request('audit', 'accessLogs', [input, options]);
  }
}
