/**
 * Event capture, single and batch (docs/concepts.md). The shapes are those of the @hippocortex/sdk 1.2
 * client (`type`, `sessionId`, `payload`, `metadata`) plus the Hx additions (idempotency key, scope
 * fields and event time), so a client written for that API works unchanged.
 */
import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import {
  AUTHED_ERRORS,
  IsoDateTime,
  Metadata,
  PageQuerySchema,
  type RouteMeta,
  envelope,
  errors,
  idempotent,
  page,
} from '../common.js';

const c = initContract();

export const EVENT_TYPES = [
  'message',
  'tool_call',
  'tool_result',
  'command_exec',
  'file_edit',
  'test_run',
  'browser_action',
  'api_result',
  'observation',
  'outcome',
  'feedback',
  'document',
] as const;
export const EventTypeSchema = z.enum(EVENT_TYPES);
export type EventType = z.infer<typeof EventTypeSchema>;

export const CAPTURE_BATCH_MAX = 1000;
/** Body limit of the batch route (up to 1000 events); single capture keeps the 1 MiB default. */
export const CAPTURE_BODY_LIMIT = 10 * 1024 * 1024;

const ScopeString = z.string().trim().min(1).max(256);

export const CaptureEventSchema = z
  .object({
    type: EventTypeSchema,
    sessionId: ScopeString.describe('Conversation or agent run the event belongs to'),
    payload: z
      .record(z.unknown())
      .describe(
        'message {role, content}; command_exec {command, exitCode, stdout, stderr}; test_run {command, passed, failed, output}; tool_call {tool, input}; tool_result {tool, output, error}; file_edit {path, summary, diff}; other keys are kept',
      ),
    metadata: Metadata.optional(),
    idempotencyKey: z.string().min(1).max(255).optional().describe('Same key and body: the first answer again'),
    namespace: z
      .string()
      .trim()
      .min(1)
      .max(128)
      .optional()
      .describe('Namespace id or name; default namespace when absent'),
    agentId: ScopeString.optional(),
    subjectId: ScopeString.optional().describe('The end user or entity the event is about'),
    occurredAt: IsoDateTime.optional().describe('Event time (default: ingest time)'),
  })
  .superRefine((event, ctx) => {
    // A message without text carries nothing to remember; say so at capture rather than at learn.
    if (event.type === 'message' && typeof event.payload.content !== 'string') {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ['payload', 'content'],
        message: 'a message payload needs content (string)',
      });
    }
  });
export type CaptureEvent = z.infer<typeof CaptureEventSchema>;

export const CaptureStatusSchema = z.enum(['ingested', 'duplicate']);

export const CaptureResultSchema = z.object({
  eventId: z.string(),
  status: CaptureStatusSchema.describe('duplicate: same session, type and payload inside the window; not counted'),
  salienceScore: z.number().min(0).max(1),
});
export type CaptureResult = z.infer<typeof CaptureResultSchema>;

export const BatchCaptureResultSchema = z.object({
  results: z.array(CaptureResultSchema),
  summary: z.object({
    total: z.number().int(),
    ingested: z.number().int(),
    duplicates: z.number().int(),
    errors: z.number().int().describe('Always 0 on success: a batch with an invalid event is refused whole'),
  }),
});
export type BatchCaptureResult = z.infer<typeof BatchCaptureResultSchema>;

/** A captured event as stored: secrets already redacted into the vault at capture. */
export const StoredEventSchema = z.object({
  id: z.string(),
  type: EventTypeSchema,
  sessionId: z.string(),
  namespace: z.string().describe('As stored: a registered namespace by id, an unregistered one by name'),
  agentId: z.string().nullable(),
  subjectId: z.string().nullable(),
  payload: z.record(z.unknown()),
  metadata: z.record(z.unknown()),
  salienceScore: z.number(),
  occurredAt: IsoDateTime,
  createdAt: IsoDateTime,
  compiledAt: IsoDateTime.nullable().describe('When a learn job compiled it; null until then'),
});
export type StoredEvent = z.infer<typeof StoredEventSchema>;

export const ListEventsQuerySchema = PageQuerySchema.extend({
  namespace: z.string().trim().min(1).max(128).optional(),
  sessionId: ScopeString.optional(),
  subjectId: ScopeString.optional(),
  agentId: ScopeString.optional(),
  type: EventTypeSchema.optional(),
});

const CAPTURE_ERRORS = errors(...AUTHED_ERRORS, 'forbidden', 'conflict', 'payload_too_large', 'quota_exceeded');

export const captureContract = c.router({
  // The request's Idempotency-Key is the one mechanism of every creating route (idempotent(): kept
  // 24 h per tenant, caller, route and key); the per-event `idempotencyKey` is the event's own.
  capture: idempotent({
    method: 'POST',
    path: '/capture',
    summary: 'Capture an event',
    description:
      'Stores the event durably (secrets redacted into the vault) before answering. 201 ingested; 200 duplicate (same session, type and payload inside the duplicate window), not counted in the quota.',
    body: CaptureEventSchema,
    responses: {
      201: envelope(CaptureResultSchema),
      200: envelope(CaptureResultSchema),
      ...CAPTURE_ERRORS,
    },
    metadata: { auth: 'apiKey', scope: 'write' } satisfies RouteMeta,
  }),
  captureBatch: idempotent({
    method: 'POST',
    path: '/capture/batch',
    summary: 'Capture a batch of events',
    description: `Up to ${CAPTURE_BATCH_MAX} events, stored whole or not at all; an invalid event refuses the batch with details naming it (e.g. events[3].payload). 201 when at least one event was ingested, 200 when all were duplicates.`,
    body: z.object({ events: z.array(CaptureEventSchema).min(1).max(CAPTURE_BATCH_MAX) }),
    responses: {
      201: envelope(BatchCaptureResultSchema),
      200: envelope(BatchCaptureResultSchema),
      ...CAPTURE_ERRORS,
    },
    metadata: { auth: 'apiKey', scope: 'write', bodyLimit: CAPTURE_BODY_LIMIT } satisfies RouteMeta,
  }),
  listEvents: {
    method: 'GET',
    path: '/events',
    query: ListEventsQuerySchema,
    summary: 'List captured events',
    description:
      "Hx addition: the key's environment's captured events, newest first (redacted as stored), filtered by namespace, session, subject, agent and type; with no namespace, every namespace the key may read. Poll the first page to follow new events as they arrive. Each read is written to the access log.",
    responses: {
      200: page('events', StoredEventSchema),
      ...errors(...AUTHED_ERRORS, 'forbidden', 'not_found'),
    },
    metadata: { auth: 'apiKey', scope: 'read' } satisfies RouteMeta,
  },
});
