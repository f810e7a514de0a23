/**
 * Configuration of the v1 authorizer, read once at cold start and validated:
 *  - USAGE_PLANS: JSON array of {name, usagePlanName, monthlyQuota}, set by the stack;
 *  - AWS_REGION, set by Lambda;
 *  - POWERTOOLS_CORRELATION_ID_PATH: where the correlation id is in the event.
 */
import { isPlanName } from '../plans.js';
import type { PlanRef } from './key-directory.js';

/** The authorizer's configuration. */
export interface AuthorizerConfig {
  region: string;
  plans: PlanRef[];
  correlationIdPath: string;
}

/** Parses and validates USAGE_PLANS. */
export function parseUsagePlans(raw: string | undefined): PlanRef[] {
  let value: unknown;
  try {
    value = JSON.parse(raw ?? '');
  } catch (cause) {
    throw new Error('USAGE_PLANS must be a JSON array of {name, usagePlanName, monthlyQuota}.', { cause });
  }
  if (!Array.isArray(value) || value.length === 0) throw new Error('USAGE_PLANS must be a non-empty JSON array.');
  return value.map((p: unknown, i) => {
    const { name, usagePlanName, monthlyQuota } = (p ?? {}) as Record<string, unknown>;
    if (!isPlanName(name) || typeof usagePlanName !== 'string' || usagePlanName.trim() === '' || typeof monthlyQuota !== 'number' || !Number.isInteger(monthlyQuota) || monthlyQuota < 0) {
      throw new Error(`USAGE_PLANS[${i}] must be {name: free|starter|business, usagePlanName: string, monthlyQuota: integer >= 0}.`);
    }
    return { name, usagePlanName, monthlyQuota };
  });
}

/** Reads and validates the configuration from `env`. */
export function readAuthorizerConfig(env: Readonly<Record<string, string | undefined>>): AuthorizerConfig {
  const region = env.AWS_REGION?.trim();
  if (!region) throw new Error('Environment variable AWS_REGION is required.');
  return {
    region,
    plans: parseUsagePlans(env.USAGE_PLANS),
    correlationIdPath: env.POWERTOOLS_CORRELATION_ID_PATH?.trim() || 'requestContext.requestId',
  };
}
