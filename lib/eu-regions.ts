/**
 * AWS commercial regions located in a European Union member state: the only
 * ones the service may run or send documents in (DECISIONS.md, Region: data
 * never leaves the EU). Not listed on purpose: eu-west-2 (London) and
 * eu-central-2 (Zurich) are in Europe but outside the EU; the European
 * Sovereign Cloud is another partition. The one list the stack, the
 * configuration check and the AWS extractor share.
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
