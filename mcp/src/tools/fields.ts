/** Input fields several tools share, described once so every tool explains them the same way. */
import { IsoDateTime } from '@hx-memory/contract';
import { z } from 'zod';

const ScopeString = z.string().trim().min(1).max(256);

export const namespaceField = z
  .string()
  .trim()
  .min(1)
  .max(128)
  .optional()
  .describe(
    'Namespace id or name (reading one that does not exist is an error). Omit for the default namespace (or, with a namespace-bound API key, the key’s own namespace)',
  );

export const subjectField = ScopeString.optional().describe(
  'The end user or entity the memory is about (e.g. a user id or e-mail); use the same value every time',
);

export const sessionField = ScopeString.optional().describe('Conversation or agent run the memory belongs to');

export const occurredAtField = IsoDateTime.optional().describe(
  'When it happened, ISO 8601 with offset (e.g. 2026-03-01T09:30:00Z); default: now',
);
