/**
 * One deadline per extraction, and the translation of AWS failures into the
 * errors of errors.ts. Every SDK call goes through {@link callAws}: it passes
 * the deadline's AbortSignal to the SDK (which stops the request and any
 * retry wait) and also stops waiting itself when the deadline passes, so a
 * client that ignores the signal cannot hold the extraction past it.
 */
import { ExtractionError } from '../../../lib/errors.js';
import { AwsCallError, UpstreamUnavailableError } from './errors.js';
import { THROTTLING_ERROR_NAMES } from './retry.js';

/** The time budget of one extraction. */
export interface Deadline {
  readonly signal: AbortSignal;
  readonly timeoutMs: number;
  /** Clears the timer; call when the extraction ends. */
  dispose(): void;
}

/** Starts a deadline `timeoutMs` from now. */
export function startDeadline(timeoutMs: number): Deadline {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error(`deadline of ${timeoutMs} ms passed`)), timeoutMs);
  return { signal: controller.signal, timeoutMs, dispose: () => clearTimeout(timer) };
}

/** The AWS service a call goes to. */
export type AwsService = 'textract' | 'bedrock';

const SERVICE_NAMES: Record<AwsService, string> = { textract: 'Amazon Textract', bedrock: 'Amazon Bedrock' };

/** Textract's verdicts on the document itself: the caller's document cannot be read. */
const DOCUMENT_ERROR_NAMES: ReadonlySet<string> = new Set(['BadDocumentException', 'UnsupportedDocumentException', 'DocumentTooLargeException']);

/** Failures of the service, not of our request: try again later. */
const UNAVAILABLE_ERROR_NAMES: ReadonlySet<string> = new Set([
  'InternalServerError',
  'InternalServerException',
  'ServiceUnavailableException',
  'ModelNotReadyException',
  'ModelTimeoutException',
  'ModelErrorException',
  'TimeoutError',
  'RequestTimeout',
  'RequestTimeoutException',
]);

const NETWORK_ERROR_CODES: ReadonlySet<string> = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

interface SdkErrorShape {
  name?: string;
  message?: string;
  code?: string;
  $metadata?: { httpStatusCode?: number; attempts?: number };
}

/**
 * Runs one SDK call under the deadline and maps its failure:
 * - deadline passed -> {@link UpstreamUnavailableError} `timeout`;
 * - throttling still refused after the retries -> `throttled`;
 * - 5xx, model not ready or timing out, network failure -> `unavailable`;
 * - Textract cannot read the document -> {@link ExtractionError};
 * - anything else (access denied, validation of our request, unknown model) -> {@link AwsCallError}.
 */
export async function callAws<T>(service: AwsService, operation: string, deadline: Deadline, send: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const { signal } = deadline;
  if (signal.aborted) throw timeoutError(service, operation, deadline, undefined);
  let onAbort = (): void => {};
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([send(signal), aborted]);
  } catch (err) {
    throw mapAwsError(service, operation, deadline, err);
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}

function timeoutError(service: AwsService, operation: string, deadline: Deadline, cause: unknown): UpstreamUnavailableError {
  return new UpstreamUnavailableError(
    service,
    'timeout',
    `${SERVICE_NAMES[service]} ${operation} did not answer within the extraction deadline of ${deadline.timeoutMs} ms.`,
    undefined,
    { cause },
  );
}

/** Maps a failed SDK call to the extractor's errors (see {@link callAws}). */
export function mapAwsError(service: AwsService, operation: string, deadline: Deadline, err: unknown): Error {
  if (deadline.signal.aborted) return timeoutError(service, operation, deadline, err);
  const e = (typeof err === 'object' && err !== null ? err : {}) as SdkErrorShape;
  const name = e.name ?? 'Error';
  const status = e.$metadata?.httpStatusCode;
  const attempts = e.$metadata?.attempts;
  const tries = attempts === undefined ? '' : ` after ${attempts} attempt${attempts === 1 ? '' : 's'}`;
  const what = `${SERVICE_NAMES[service]} ${operation}`;
  if (name === 'AbortError') return timeoutError(service, operation, deadline, err);
  if (THROTTLING_ERROR_NAMES.has(name) || status === 429) {
    return new UpstreamUnavailableError(service, 'throttled', `${what} is throttling our requests (${name})${tries}; try again later.`, attempts, {
      cause: err,
    });
  }
  if (UNAVAILABLE_ERROR_NAMES.has(name) || (status !== undefined && status >= 500) || (e.code !== undefined && NETWORK_ERROR_CODES.has(e.code))) {
    return new UpstreamUnavailableError(service, 'unavailable', `${what} is unavailable (${name})${tries}; try again later.`, attempts, { cause: err });
  }
  if (service === 'textract' && DOCUMENT_ERROR_NAMES.has(name)) {
    const hint =
      name === 'UnsupportedDocumentException'
        ? ' Textract reads JPEG, PNG, TIFF and single-page PDF synchronously; a scanned PDF of several pages must be split into pages.'
        : '';
    return new ExtractionError(`Amazon Textract cannot read this document (${name}: ${e.message ?? 'no detail'}).${hint}`, [], { cause: err });
  }
  return new AwsCallError(service, name, `${what} refused the request (${name}: ${e.message ?? 'no detail'}).`, { cause: err });
}
