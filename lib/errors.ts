/**
 * Domain errors of the core. Each carries a stable `code` and, where useful,
 * `details` built from data. The HTTP status of each code is decided in one
 * place at the edge (functions/_shared/errors.ts), never here.
 */

/** A problem with one field of a request. */
export interface FieldIssue {
  /** Dotted path of the field, e.g. `items[2].quantity`. */
  path: string;
  message: string;
}

/** A broken business rule, with its official id. */
export interface RuleIssue {
  rule: string;
  message: string;
  path?: string;
}

/** Base class of every error the service may show to a caller. */
export class ServiceError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly details?: ReadonlyArray<FieldIssue | RuleIssue | Record<string, unknown>>,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** Malformed input (wrong types, values that cannot be read, bad JSON); an absent business term is a finding instead (lib/input/partial.ts). */
export class InputError extends ServiceError {
  constructor(message: string, details: readonly FieldIssue[] = [], options?: { cause?: unknown }) {
    super('BAD_REQUEST', message, details, options);
  }
}

/**
 * Text that is not well-formed UTF-8 (invalid bytes, overlong forms, encoded
 * surrogates, a sequence cut short) or a string holding an unpaired surrogate.
 * DECISIONS.md lists invalid UTF-8 among the 400 BAD_REQUEST cases; the one
 * detail is `{path, reason: "encoding", message}`, with `byteOffset` (the first
 * bad sequence, counted in the body's bytes) when the problem is in the body.
 */
export class EncodingError extends ServiceError {
  constructor(message: string, detail: { path: string; message: string; byteOffset?: number }, options?: { cause?: unknown }) {
    super('BAD_REQUEST', message, [{ path: detail.path, reason: 'encoding', message: detail.message, ...(detail.byteOffset === undefined ? {} : { byteOffset: detail.byteOffset }) }], options);
  }
}

/** The invoice breaks EN 16931 rules; `details` lists every fatal finding with its official rule id. */
export class InvoiceValidationError extends ServiceError {
  constructor(details: readonly RuleIssue[]) {
    super(
      'VALIDATION_FAILED',
      `The invoice fails EN 16931 validation with ${details.length} blocking error${details.length === 1 ? '' : 's'}.`,
      details,
    );
  }
}

/** The request body is larger than we accept. */
export class PayloadTooLargeError extends ServiceError {
  constructor(limitBytes: number) {
    super('PAYLOAD_TOO_LARGE', `The request body exceeds the limit of ${limitBytes} bytes.`);
  }
}

/** The request body has a media type this endpoint does not read. */
export class UnsupportedMediaTypeError extends ServiceError {
  constructor(received: string | undefined, accepted: readonly string[]) {
    super(
      'UNSUPPORTED_MEDIA_TYPE',
      `Content-Type ${received ? `"${received}"` : '(none)'} is not supported here; send ${accepted.join(' or ')}.`,
    );
  }
}

/** Nothing usable could be extracted from a document (v1 convert): says what was missing. */
export class ExtractionError extends ServiceError {
  constructor(message: string, missing: readonly string[] = [], options?: { cause?: unknown }) {
    super('EXTRACTION_FAILED', message, missing.map((field) => ({ path: field, message: 'not found in the document' })), options);
  }
}

/**
 * A document (or a part of it) goes past one of the documented resource limits:
 * decompressed size, zip entries, image pixels, pages, nesting, or the time and
 * memory a job may take. `limit` names the limit (e.g. `zip-uncompressed-bytes`,
 * `image-pixels`, `pdf-stream-bytes`, `time`, `memory`), `max` its value.
 * Answered 422 `DOCUMENT_TOO_COMPLEX` with `details[{reason: "limit", limit, max}]`.
 */
export class DocumentTooComplexError extends ServiceError {
  constructor(
    readonly limit: string,
    message: string,
    readonly max?: number,
    options?: { cause?: unknown },
  ) {
    super('DOCUMENT_TOO_COMPLEX', message, [{ reason: 'limit', limit, ...(max === undefined ? {} : { max }), message }], options);
  }
}
