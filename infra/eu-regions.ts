/**
 * AWS regions inside the European Union (data residency: DECISIONS.md, Region).
 * Not listed on purpose: eu-west-2 (London) and eu-central-2 (Zurich) are in
 * Europe but outside the EU; the European Sovereign Cloud is another partition.
 */
export const EU_REGIONS: readonly string[] = Object.freeze([
  'eu-west-1', // Ireland
  'eu-west-3', // Paris
  'eu-central-1', // Frankfurt
  'eu-south-1', // Milan
  'eu-south-2', // Spain
  'eu-north-1', // Stockholm
]);

/** The default region: Paris. */
export const DEFAULT_REGION = 'eu-west-3';

/** Throws unless `region` is an EU region. */
export function assertEuRegion(region: string): void {
  if (!EU_REGIONS.includes(region)) {
    throw new Error(`Region "${region}" is outside the European Union; use one of ${EU_REGIONS.join(', ')}.`);
  }
}
