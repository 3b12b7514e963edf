// Generated from the contract by sdk/scripts/write.ts; do not edit by hand.
/** Members of an organization: invite, list, change role, remove. */
import type { APIPromise } from '../core/api-promise.js';
import type { RequestOptions } from '../core/fetcher.js';
import type { PagePromise } from '../core/pagination.js';
import { APIResource } from '../core/resource.js';
import type {
  Member,
  MembersInviteData,
  MembersInviteInput,
  MembersListData,
  MembersListInput,
  MembersRemoveData,
  MembersRemoveInput,
  MembersUpdateData,
  MembersUpdateInput,
} from '../types.js';

/** Members of an organization: invite, list, change role, remove. */
export class Members extends APIResource {
  /**
   * Invite a member.
   *
   * Creates an invited member and an invite token (shown once, valid 7 days) with which the invitee registers
   * into the tenant (POST /v1/auth/register with inviteToken). An e-mail that already belongs to a user of
   * the tenant joins at once (status active, no token). Inviting an e-mail that is still invited issues a
   * fresh token and revokes the old one. Granting owner needs the owner role; managers may grant manager,
   * developer, analyst or viewer only. Send an Idempotency-Key header to make retries safe: the first
   * successful answer is kept 24 h per tenant, caller, route and key, and the same key with the same request
   * answers it again with the header Idempotent-Replayed: true; the same key with another request is 409
   * conflict, and while the first request is still running a duplicate waits for it (409 with Retry-After if
   * it runs past the wait).
   *
   * `POST /v1/organizations/:orgId/members/invite` (access token (JWT), permission member:invite)
   */
  invite(input: MembersInviteInput, options?: RequestOptions): APIPromise<MembersInviteData> {
    return this._request('members', 'invite', [input, options]);
  }

  /**
   * List members.
   *
   * Invited and active members, oldest first; pass status=removed to see removed ones.
   *
   * `GET /v1/organizations/:orgId/members` (access token (JWT), permission member:list)
   */
  list(input?: MembersListInput, options?: RequestOptions): PagePromise<Member, MembersListData> {
    return this._request('members', 'list', [input, options]);
  }

  /**
   * Change a member's role.
   *
   * Managers cannot grant owner or admin nor change an owner's or admin's role; only owners grant or take
   * away the owner role; the last owner cannot be demoted (409).
   *
   * `PATCH /v1/organizations/:orgId/members/:memberId` (access token (JWT), permission member:update_role)
   */
  update(input: MembersUpdateInput, options?: RequestOptions): APIPromise<MembersUpdateData> {
    return this._request('members', 'update', [input, options]);
  }

  /**
   * Remove a member.
   *
   * Marks the member removed, takes it out of its teams and revokes a pending invitation. Only owners remove
   * owners; the last owner cannot be removed (409).
   *
   * `DELETE /v1/organizations/:orgId/members/:memberId` (access token (JWT), permission member:remove)
   */
  remove(input: MembersRemoveInput, options?: RequestOptions): APIPromise<MembersRemoveData> {
    return this._request('members', 'remove', [input, options]);
  }
}
