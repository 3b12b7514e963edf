/** Agent identities of an organization (JWT): the agents whose captures and reads are attributed. */
import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import {
  DeletedSchema,
  Description,
  Id,
  IsoDateTime,
  Metadata,
  Name,
  PageQuerySchema,
  type RouteMeta,
  envelope,
  errors,
  page,
  idempotent,
} from '../common.js';
import { ORG_ERRORS, OrgHeaders, OrgParams } from './organizations.js';

const c = initContract();

export const METADATA_MAX_BYTES = 16 * 1024;
const AgentMetadata = Metadata.refine((m) => JSON.stringify(m).length <= METADATA_MAX_BYTES, {
  message: `must serialize to at most ${METADATA_MAX_BYTES} bytes`,
});
const Framework = z.string().trim().min(1).max(100);

export const AgentSchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  framework: z.string().nullable(),
  teamId: z.string().nullable(),
  metadata: z.record(z.unknown()),
  createdBy: z.string(),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
});
export type Agent = z.infer<typeof AgentSchema>;

const AgentParams = OrgParams.extend({ agentId: Id });

export const agentsContract = c.router({
  create: idempotent({
    method: 'POST',
    path: '/organizations/:orgId/agents',
    pathParams: OrgParams,
    headers: OrgHeaders,
    summary: 'Register an agent identity',
    description: 'Names are unique within the organization; teamId must be a team of the organization.',
    body: z
      .object({
        name: Name,
        description: Description.optional(),
        framework: Framework.optional(),
        teamId: Id.optional(),
        metadata: AgentMetadata.optional(),
      })
      .strict(),
    responses: { 201: envelope(AgentSchema), ...errors(...ORG_ERRORS, 'conflict') },
    metadata: { auth: 'jwt', permission: 'agent:create' } satisfies RouteMeta,
  }),
  list: {
    method: 'GET',
    path: '/organizations/:orgId/agents',
    pathParams: OrgParams,
    headers: OrgHeaders,
    summary: 'List agent identities',
    query: PageQuerySchema.extend({ teamId: Id.optional() }),
    responses: { 200: page('agents', AgentSchema), ...errors(...ORG_ERRORS) },
    metadata: { auth: 'jwt', permission: 'agent:read' } satisfies RouteMeta,
  },
  get: {
    method: 'GET',
    path: '/organizations/:orgId/agents/:agentId',
    pathParams: AgentParams,
    headers: OrgHeaders,
    summary: 'Get an agent identity',
    responses: { 200: envelope(AgentSchema), ...errors(...ORG_ERRORS) },
    metadata: { auth: 'jwt', permission: 'agent:read' } satisfies RouteMeta,
  },
  update: {
    method: 'PATCH',
    path: '/organizations/:orgId/agents/:agentId',
    pathParams: AgentParams,
    headers: OrgHeaders,
    summary: 'Update an agent identity',
    description:
      'Any of the create fields; null clears description, framework or teamId. metadata replaces the whole object.',
    body: z
      .object({
        name: Name.optional(),
        description: Description.nullable().optional(),
        framework: Framework.nullable().optional(),
        teamId: Id.nullable().optional(),
        metadata: AgentMetadata.optional(),
      })
      .strict()
      .refine((b) => Object.values(b).some((v) => v !== undefined), {
        message: 'at least one field to change is required',
      }),
    responses: { 200: envelope(AgentSchema), ...errors(...ORG_ERRORS, 'conflict') },
    metadata: { auth: 'jwt', permission: 'agent:update' } satisfies RouteMeta,
  },
  delete: {
    method: 'DELETE',
    path: '/organizations/:orgId/agents/:agentId',
    pathParams: AgentParams,
    headers: OrgHeaders,
    summary: 'Delete an agent identity',
    body: c.noBody(),
    responses: { 200: DeletedSchema, ...errors(...ORG_ERRORS) },
    metadata: { auth: 'jwt', permission: 'agent:delete' } satisfies RouteMeta,
  },
});
