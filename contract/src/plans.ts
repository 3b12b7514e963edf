/**
 * The plans and their limits (docs/api.md, Rate limits), published once so the server enforces, and the docs and the
 * SDK show, the same numbers. `null` means unlimited.
 */
import { z } from 'zod';

export const PLAN_NAMES = ['free', 'developer', 'pro', 'enterprise'] as const;
export const PlanSchema = z.enum(PLAN_NAMES);
export type PlanName = z.infer<typeof PlanSchema>;

export interface PlanLimits {
  /** Sustained requests per minute, per API key (per user for JWT calls). */
  requestsPerMinute: number | null;
  /** Requests accepted within any one second, so a client cannot spend its minute in one instant. */
  burst: number | null;
  /** Captured events per tenant per UTC calendar month. */
  monthlyEvents: number | null;
}

export const PLAN_LIMITS: Record<PlanName, PlanLimits> = {
  free: { requestsPerMinute: 60, burst: 10, monthlyEvents: 1_000 },
  developer: { requestsPerMinute: 600, burst: 100, monthlyEvents: 50_000 },
  pro: { requestsPerMinute: 3_000, burst: 500, monthlyEvents: 500_000 },
  enterprise: { requestsPerMinute: null, burst: null, monthlyEvents: null },
};
