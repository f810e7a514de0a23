/**
 * v1 plans (service-spec.md, Limits; DECISIONS.md, Limits): monthly
 * conversion quotas and the 60-requests-a-minute technical limit.
 */

/** The plan names, as customers and the authorizer context see them. */
export type PlanName = 'free' | 'starter' | 'business';

/** One plan: its monthly quota of requests on v1 routes. */
export interface PlanDefinition {
  name: PlanName;
  /** Requests a calendar month (UTC), API Gateway usage plan quota. */
  monthlyQuota: number;
}

/** The plans: free 100, starter 1,000, business 10,000 a month. */
export const PLANS: readonly PlanDefinition[] = Object.freeze([
  { name: 'free', monthlyQuota: 100 },
  { name: 'starter', monthlyQuota: 1_000 },
  { name: 'business', monthlyQuota: 10_000 },
]);

/**
 * Usage-plan throttling standing for "60 requests a minute": a token bucket
 * refilled at 1 request a second holding up to 60. A rested client can send
 * 60 at once, then 1 a second: at most 60 in any steady minute, but up to
 * 119 in the first minute after a rest (60 burst + 59 refills). API Gateway
 * has no per-minute window, so this is the closest bucket (docs/DEPLOY.md).
 */
export const PLAN_THROTTLE = Object.freeze({ rateLimit: 1, burstLimit: 60 });

/** True when `name` is a plan name. */
export function isPlanName(name: unknown): name is PlanName {
  return typeof name === 'string' && PLANS.some((p) => p.name === name);
}
