import { DEPLOYMENT_REGIONS, EU_REGIONS } from '../lib/eu-regions.js';

/** The EU regions, the deployment regions and the default one (lib/eu-regions.ts, the one shared list). */
export { DEFAULT_REGION, DEPLOYMENT_REGIONS, EU_REGIONS } from '../lib/eu-regions.js';

/** Throws unless `region` is a deployment region: in the EU, with Textract AnalyzeExpense and an EU Bedrock inference profile. */
export function assertEuRegion(region: string): void {
  if (DEPLOYMENT_REGIONS.includes(region)) return;
  const why = EU_REGIONS.includes(region)
    ? 'is in the EU but offers no Amazon Textract (AnalyzeExpense), which v1 extraction needs'
    : 'is outside the European Union';
  throw new Error(`Region "${region}" ${why}; use one of ${DEPLOYMENT_REGIONS.join(', ')}.`);
}
