/** Operations routes outside /v1: health and Prometheus metrics. */
import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { errors, type RouteMeta } from '../common.js';

const c = initContract();

export const HealthSchema = z.object({
  status: z.enum(['ok', 'degraded', 'down']),
  version: z.string(),
  postgres: z.enum(['up', 'down', 'embedded']),
  redis: z.enum(['up', 'down', 'disabled']),
  uptime: z.number().describe('Seconds since the process started'),
});
export type Health = z.infer<typeof HealthSchema>;

export const opsContract = c.router({
  health: {
    method: 'GET',
    path: '/health',
    summary: 'Service health',
    description:
      'Checks the database and Redis for real. 200 when the database answers (status ok, or degraded when Redis is configured but down); 503 when the database is down. Limited per IP address and per instance, in a bucket of its own (IP_RATE_LIMIT_PER_MINUTE / IP_RATE_LIMIT_BURST), so other traffic never gets a probe refused.',
    responses: { 200: HealthSchema, 503: HealthSchema, ...errors('rate_limited') },
    metadata: { auth: 'none' } satisfies RouteMeta,
  },
  metrics: {
    method: 'GET',
    path: '/metrics',
    summary: 'Prometheus metrics',
    description:
      'Prometheus text exposition format. Served only to trusted networks (loopback and private ranges by default, METRICS_ALLOW to change). Limited per IP address like /health.',
    responses: {
      200: c.otherResponse({ contentType: 'text/plain', body: z.string() }),
      ...errors('forbidden', 'rate_limited'),
    },
    metadata: { auth: 'none' } satisfies RouteMeta,
  },
});
