/**
 * v1 plans (service-spec.md, Limits; DECISIONS.md, Limits): monthly
 * conversion quotas and the 60-requests-a-minute technical limit.
 */
import { DEFAULT_KEY_LIMITS, isPlan, PLANS as PLAN_NAMES, type Plan } from '../lib/keys/store.js';

/** The plan names, as customers and the authorizer context see them (lib/keys/store.ts). */
export type PlanName = Plan;

/** One plan: its monthly quota of conversions. */
export interface PlanDefinition {
  name: PlanName;
  /**
   * Successful conversions a calendar month (UTC), counted by the v1 functions
   * in the credits table (lib/keys/dynamo-credit-store.ts). Not a usage-plan
   * quota: that would count every request, validations and failures included.
   */
  monthlyQuota: number;
}

/** The plans with the spec's quotas (free 100, starter 1,000, business 10,000 a month), from the key layer's single definition. */
export const PLANS: readonly PlanDefinition[] = Object.freeze(PLAN_NAMES.map((name) => ({ name, monthlyQuota: DEFAULT_KEY_LIMITS.monthlyQuota[name] })));

/**
 * Usage-plan throttling standing for "60 requests a minute": a token bucket
 * refilled at 1 request a second holding up to 60. A rested client can send
 * 60 at once, then 1 a second: at most 60 in any steady minute, but up to
 * 119 in the first minute after a rest (60 burst + 59 refills). API Gateway
 * has no per-minute window, so this is the closest bucket (docs/DEPLOY.md).
 */
export const PLAN_THROTTLE = Object.freeze({ rateLimit: DEFAULT_KEY_LIMITS.ratePerMinute / 60, burstLimit: DEFAULT_KEY_LIMITS.ratePerMinute });

/** True when `name` is a plan name. */
export function isPlanName(name: unknown): name is PlanName {
  return isPlan(name);
}
