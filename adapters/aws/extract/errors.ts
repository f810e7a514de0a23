/**
 * Errors of the AWS extractor. What the caller can act on is a
 * {@link ServiceError} with a stable code: `EXTRACTION_FAILED` (the document
 * or the model's reading of it is unusable: {@link ExtractionError}) and
 * `UPSTREAM_UNAVAILABLE` (AWS throttled us, timed out or failed: retry later).
 * A wrong set-up (non-EU region, unknown model, missing permission) is an
 * operator problem, not the caller's: {@link AwsConfigurationError} and
 * {@link AwsCallError} are plain errors, so the edge answers a generic 500 and
 * logs them.
 */
import { ServiceError } from '../../../lib/errors.js';

/** Why an AWS service could not give an answer. */
export type UpstreamFailure = 'throttled' | 'timeout' | 'unavailable';

/**
 * AWS (Textract or Bedrock) did not answer usefully in time: persistent
 * throttling after the retries, the extraction deadline passed, or the service
 * failed. Code `UPSTREAM_UNAVAILABLE`; the request can be retried later.
 */
export class UpstreamUnavailableError extends ServiceError {
  constructor(
    readonly service: 'textract' | 'bedrock',
    readonly reason: UpstreamFailure,
    message: string,
    readonly attempts: number | undefined,
    options?: { cause?: unknown },
  ) {
    super('UPSTREAM_UNAVAILABLE', message, [{ service, reason, ...(attempts !== undefined ? { attempts } : {}) }], options);
  }
}

/** A configuration that would send documents outside the EU, or that cannot work. */
export class AwsConfigurationError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'AwsConfigurationError';
  }
}

/** An AWS call refused for a reason the caller cannot fix (permissions, validation of our request, unknown model). */
export class AwsCallError extends Error {
  constructor(
    readonly service: 'textract' | 'bedrock',
    readonly awsErrorName: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'AwsCallError';
  }
}
