/**
 * The AWS adapter of the extraction port (lib/extract/port.ts): Textract
 * AnalyzeExpense + Bedrock Converse, EU regions only. The edge picks it by
 * configuration; the core never imports it.
 */
export { createAwsExtractor, type AwsExtractorOptions } from './create-aws-extractor.js';
export { createBedrockClient, createTextractClient, type AwsClientSettings } from './clients.js';
export { AwsCallError, AwsConfigurationError, UpstreamUnavailableError, type UpstreamFailure } from './errors.js';
export { EU_REGIONS, assertEuModelId, assertEuRegion } from './regions.js';
