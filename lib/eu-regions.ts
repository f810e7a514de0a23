/**
 * AWS commercial regions located in a European Union member state: where
 * documents may go (DECISIONS.md, Region: data never leaves the EU). Not
 * listed on purpose: eu-west-2 (London) and eu-central-2 (Zurich) are in
 * Europe but outside the EU; the European Sovereign Cloud is another
 * partition. The destination regions of an EU Bedrock inference profile are
 * among these, so IAM names the foundation model in each of them.
 */
export const EU_REGIONS: readonly string[] = Object.freeze([
  'eu-west-1', // Ireland
  'eu-west-3', // Paris
  'eu-central-1', // Frankfurt
  'eu-south-1', // Milan
  'eu-south-2', // Spain
  'eu-north-1', // Stockholm
]);

/**
 * The EU regions the service may be deployed in and run its extraction from:
 * those of {@link EU_REGIONS} that offer both Amazon Textract AnalyzeExpense
 * (the Textract endpoints in the EU are Ireland, Paris and Frankfurt, plus
 * London outside the EU; Milan, Spain and Stockholm have none) and an EU
 * cross-region Bedrock inference profile as a source region. The stack, the
 * deployment configuration and the functions' configuration refuse any other.
 */
export const DEPLOYMENT_REGIONS: readonly string[] = Object.freeze(['eu-west-1', 'eu-west-3', 'eu-central-1']);

/** The default region: Paris. */
export const DEFAULT_REGION = 'eu-west-3';
