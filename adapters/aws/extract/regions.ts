/**
 * Data residency of the AWS extractor (DECISIONS.md, Region: "data never
 * leaves the EU; Bedrock through an EU cross-region inference profile").
 * Both guards run when the extractor is built, so a misconfiguration fails at
 * start-up, before any document is sent.
 */
import { AwsConfigurationError } from './errors.js';

/** The EU regions (lib/eu-regions.ts), the one shared list. */
export { EU_REGIONS } from '../../../lib/eu-regions.js';
import { EU_REGIONS } from '../../../lib/eu-regions.js';

/** Throws {@link AwsConfigurationError} unless `region` is one of {@link EU_REGIONS}. */
export function assertEuRegion(region: string, what = 'AWS region'): void {
  if (!EU_REGIONS.includes(region)) {
    throw new AwsConfigurationError(
      `${what} "${region}" is outside the European Union; documents must stay in the EU. Use one of ${EU_REGIONS.join(', ')}.`,
    );
  }
}

/**
 * Throws {@link AwsConfigurationError} unless `modelId` keeps inference in the
 * EU: an EU cross-region inference profile id (`eu.<provider>.<model>`, e.g.
 * `eu.anthropic.claude-3-7-sonnet-20250219-v1:0`, `eu.amazon.nova-pro-v1:0`) or
 * the ARN of such a profile in an EU region. Bare model ids (in-region only,
 * not the decided set-up), `us.`, `apac.` or `global.` profiles (which
 * route to other regions), and application inference profiles (whose routing
 * cannot be checked from their ARN) are refused.
 */
export function assertEuModelId(modelId: string): void {
  const profile = /^eu\.[a-z0-9-]+\.[A-Za-z0-9.:_-]+$/;
  if (profile.test(modelId)) return;
  const arn = /^arn:aws:bedrock:([a-z0-9-]+):\d{12}:inference-profile\/(.+)$/.exec(modelId);
  if (arn && EU_REGIONS.includes(arn[1]!) && profile.test(arn[2]!)) return;
  throw new AwsConfigurationError(
    `Bedrock model "${modelId}" is not an EU cross-region inference profile; use an id starting with "eu." (e.g. eu.anthropic.claude-3-7-sonnet-20250219-v1:0 or eu.amazon.nova-pro-v1:0) so inference stays in the EU.`,
  );
}
