/**
 * The one error-to-HTTP mapping. Every failure leaves the service as
 * `{"success":false,"error":{"code","message","details?"}}`; only errors the
 * caller can fix (status < 500) are described, everything else becomes a
 * generic 500 and is logged, never a stack trace.
 */
import { ServiceError } from '../../lib/errors.js';
import { logger } from './logger.js';

/** HTTP status of each error code (the OpenAPI document lists each code under its status: ./openapi/errors.ts). */
export const STATUS_BY_CODE: Readonly<Record<string, number>> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  VALIDATION_FAILED: 422,
  EXTRACTION_FAILED: 422,
  // A document past a documented resource limit (decompressed size, pixels, pages, time, memory).
  DOCUMENT_TOO_COMPLEX: 422,
  RATE_LIMITED: 429,
  QUOTA_EXCEEDED: 429,
  // Idempotency-Key of v1 convert (lib/keys/idempotency.ts): the key sent again with another body,
  // the first request with it still running (Retry-After), or done without a kept answer.
  IDEMPOTENCY_KEY_REUSED: 422,
  IDEMPOTENCY_IN_PROGRESS: 409,
  IDEMPOTENCY_ANSWER_UNAVAILABLE: 409,
  INTERNAL_ERROR: 500,
  // An AWS service we depend on (Textract, Bedrock) is throttling or down: worth retrying later.
  UPSTREAM_UNAVAILABLE: 503,
  // Every isolation worker is busy past the request's budget: retry shortly.
  SERVER_BUSY: 503,
};

/**
 * Domain codes that are shown to callers under one of the documented codes
 * (DECISIONS.md lists the envelope's codes; clients switch on them), with the
 * domain reason kept in each detail.
 */
const PUBLIC_CODE: Record<string, { code: string; reason: string }> = {
  XML_SYNTAX: { code: 'BAD_REQUEST', reason: 'xml-syntax' },
  XML_FORBIDDEN: { code: 'BAD_REQUEST', reason: 'xml-forbidden' },
  NOT_EN16931_CII: { code: 'VALIDATION_FAILED', reason: 'not-en16931-cii' },
  NOT_CONVERTIBLE: { code: 'VALIDATION_FAILED', reason: 'not-convertible' },
  PDF_ENCRYPTED: { code: 'VALIDATION_FAILED', reason: 'pdf-encrypted' },
  PDF_NOT_CONVERTIBLE: { code: 'VALIDATION_FAILED', reason: 'pdf-not-convertible' },
};

/** The JSON error envelope. */
export interface ErrorEnvelope {
  success: false;
  error: { code: string; message: string; details?: unknown[] };
}

/** A mapped error: status, envelope and extra headers (e.g. Retry-After). */
export interface MappedError {
  statusCode: number;
  body: ErrorEnvelope;
  headers?: Record<string, string>;
}

/** Errors middy's own middlewares raise (http-errors shape). */
interface MiddyHttpError extends Error {
  statusCode: number;
  expose?: boolean;
  cause?: { package?: string; message?: string };
}

function isMiddyHttpError(err: unknown): err is MiddyHttpError {
  return err instanceof Error && typeof (err as Partial<MiddyHttpError>).statusCode === 'number';
}

/** Maps any thrown value to the envelope; unknown errors are logged and hidden. */
export function mapError(err: unknown): MappedError {
  if (err instanceof ServiceError) {
    const alias = PUBLIC_CODE[err.code];
    const code = alias?.code ?? err.code;
    const statusCode = STATUS_BY_CODE[code] ?? 500;
    if (statusCode === 503) {
      logger.warn(code === 'SERVER_BUSY' ? 'server busy' : 'upstream unavailable', { reason: err.message });
      const retry = (err as ServiceError & { headers?: Record<string, string> }).headers ?? { 'Retry-After': '30' };
      return { statusCode, body: { success: false, error: { code, message: err.message } }, headers: retry };
    }
    if (statusCode >= 500) return internal(err);
    const error: ErrorEnvelope['error'] = { code, message: err.message };
    if (alias) {
      const details = err.details && err.details.length > 0 ? err.details : [{}];
      error.details = details.map((d) => ({ ...aliasDetail(alias.reason, err.message), ...d }));
    } else if (err.details && err.details.length > 0) error.details = [...err.details];
    const headers = (err as ServiceError & { headers?: Record<string, string> }).headers;
    return { statusCode, body: { success: false, error }, ...(headers ? { headers } : {}) };
  }
  if (isMiddyHttpError(err) && err.cause?.package === '@middy/http-json-body-parser') {
    if (err.message === 'Unsupported Media Type') {
      return envelope(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the body as JSON with Content-Type: application/json.');
    }
    return envelope(400, 'BAD_REQUEST', 'The body is not valid JSON.', [
      { path: '', message: err.cause.message ?? 'Invalid or malformed JSON was provided.' },
    ]);
  }
  if (isMiddyHttpError(err) && err.statusCode < 500 && err.expose !== false) {
    return envelope(err.statusCode, err.statusCode === 413 ? 'PAYLOAD_TOO_LARGE' : 'BAD_REQUEST', err.message);
  }
  return internal(err);
}

/** The detail shape of an aliased domain error: a `path` (400) or a `rule` (422), with the reason. */
function aliasDetail(reason: string, message: string): Record<string, unknown> {
  if (reason === 'not-en16931-cii') return { rule: 'NOT-EN16931-CII', message, reason };
  if (reason === 'not-convertible') return { rule: 'NOT-CONVERTIBLE', message, reason };
  if (reason.startsWith('pdf-')) return { rule: reason.toUpperCase(), message, reason };
  return { path: 'body', message, reason };
}

function envelope(statusCode: number, code: string, message: string, details?: unknown[]): MappedError {
  return { statusCode, body: { success: false, error: { code, message, ...(details ? { details } : {}) } } };
}

function internal(err: unknown): MappedError {
  logger.error('unhandled error', { error: err instanceof Error ? { name: err.name, message: err.message, stack: err.stack } : String(err) });
  return envelope(500, 'INTERNAL_ERROR', 'An internal error occurred. It has been logged.');
}
