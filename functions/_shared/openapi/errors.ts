/**
 * The error envelope of the OpenAPI document: every code the service answers
 * (DECISIONS.md, "Error codes"; ../errors.ts maps them to HTTP statuses), the
 * `Error` schema, and one response per status listing the codes an operation
 * can answer with it.
 */
type Json = Record<string, unknown>;

/** Every error code with what it means; the status is the one ../errors.ts answers (a test keeps the two in step). */
export const ERROR_CODES: Readonly<Record<string, { status: number; meaning: string }>> = Object.freeze({
  BAD_REQUEST: { status: 400, meaning: 'The request cannot be read: malformed JSON, a body that is not UTF-8, a wrong type, a value that cannot be read, text over its length limit, XML that is not well-formed or that declares a DTD or entities.' },
  UNAUTHORIZED: { status: 401, meaning: 'No API key, or an unknown or revoked one.' },
  NOT_FOUND: { status: 404, meaning: 'No such endpoint, job or file.' },
  METHOD_NOT_ALLOWED: { status: 405, meaning: 'The path exists with another method (`Allow` lists it).' },
  IDEMPOTENCY_IN_PROGRESS: { status: 409, meaning: 'A request with this Idempotency-Key still runs; retry after `Retry-After`.' },
  IDEMPOTENCY_ANSWER_UNAVAILABLE: { status: 409, meaning: 'A request with this Idempotency-Key was converted, but its answer was not kept.' },
  PAYLOAD_TOO_LARGE: { status: 413, meaning: 'The body (or the document in it) is larger than 6 MB.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, meaning: 'The Content-Type is not one the endpoint reads.' },
  VALIDATION_FAILED: { status: 422, meaning: 'The invoice breaks EN 16931 rules (official rule ids in `details`), or the document cannot be used (not EN 16931 CII, an encrypted PDF).' },
  EXTRACTION_FAILED: { status: 422, meaning: 'The document is not an invoice, or nothing was read from it.' },
  DOCUMENT_TOO_COMPLEX: { status: 422, meaning: 'The document went past a resource limit (time, memory, decompressed size, pixels, pages).' },
  IDEMPOTENCY_KEY_REUSED: { status: 422, meaning: 'This Idempotency-Key was used with another body.' },
  RATE_LIMITED: { status: 429, meaning: 'More than 60 requests a minute (per API key on v1, per client address on v2); retry after `Retry-After`.' },
  QUOTA_EXCEEDED: { status: 429, meaning: "The plan's conversions of the month are used up." },
  INTERNAL_ERROR: { status: 500, meaning: 'An unexpected failure; it is logged, and the answer says nothing of the internals.' },
  UPSTREAM_UNAVAILABLE: { status: 503, meaning: 'An AWS service the extraction needs (Textract, Bedrock) is throttling or down; retry after `Retry-After`.' },
  SERVER_BUSY: { status: 503, meaning: 'Every document reader was busy; retry after `Retry-After`.' },
  REQUEST_TIMEOUT: { status: 504, meaning: 'The local server (npm start) had no answer within 30 s.' },
});

/** The error envelope: `{"success": false, "error": {"code", "message", "details?"}}`. */
export const ERROR_SCHEMA: Json = {
  type: 'object',
  description: 'Every failure, on every endpoint: never a stack trace.',
  required: ['success', 'error'],
  properties: { success: { const: false }, error: { $ref: '#/components/schemas/ErrorBody' } },
};

/** The `error` of the envelope. */
export const ERROR_BODY_SCHEMA: Json = {
  type: 'object',
  required: ['code', 'message'],
  properties: {
    code: {
      type: 'string',
      enum: Object.keys(ERROR_CODES),
      description: Object.entries(ERROR_CODES)
        .map(([code, { status, meaning }]) => `- \`${code}\` (${status}): ${meaning}`)
        .join('\n'),
    },
    message: { type: 'string', description: 'What went wrong, for a person.' },
    details: {
      type: 'array',
      description:
        'What exactly: `BAD_REQUEST` lists each problem with its `path` (`items[2].quantity`, `query.rules`, `headers.Idempotency-Key`); a body that is not UTF-8 has `reason: "encoding"` and `byteOffset`; ' +
        'XML that cannot be read has `reason: "xml-syntax"` or `"xml-forbidden"` with `line` and `column`. `VALIDATION_FAILED` lists the findings with their official EN 16931 rule ids (`rule`, `message`, `path`); ' +
        'a document that is neither EN 16931 CII nor UBL has `rule: "NOT-EN16931-CII"`, an encrypted or unusable PDF `rule: "PDF-ENCRYPTED"` or `"PDF-NOT-CONVERTIBLE"`. `DOCUMENT_TOO_COMPLEX` names the `limit` passed and its `max`.',
      items: { $ref: '#/components/schemas/ErrorDetail' },
    },
  },
};

/** One entry of `error.details`. */
export const ERROR_DETAIL_SCHEMA: Json = {
  type: 'object',
  required: ['message'],
  properties: {
    path: { type: 'string', description: 'Where, in the request (BAD_REQUEST) or in the EN 16931 model (VALIDATION_FAILED).' },
    rule: { type: 'string', description: 'The official EN 16931 rule id (VALIDATION_FAILED), or NOT-EN16931-CII, PDF-ENCRYPTED, PDF-NOT-CONVERTIBLE.' },
    message: { type: 'string' },
    reason: { type: 'string', examples: ['encoding', 'xml-syntax', 'xml-forbidden', 'limit', 'not-en16931-cii', 'pdf-encrypted'] },
    byteOffset: { type: 'integer', description: 'reason encoding: where the first invalid UTF-8 sequence starts.' },
    line: { type: 'integer' },
    column: { type: 'integer' },
    limit: { type: 'string', description: 'reason limit: the resource limit passed (time, memory, sync-time, pages, pixels, ...).' },
    max: { description: 'reason limit: the limit.' },
  },
};

/** Header of the answers that say when to come back. */
export const RETRY_AFTER = { $ref: '#/components/headers/Retry-After' };

/** Codes that come with a Retry-After header. */
const WITH_RETRY_AFTER = new Set(['RATE_LIMITED', 'IDEMPOTENCY_IN_PROGRESS', 'UPSTREAM_UNAVAILABLE', 'SERVER_BUSY']);

/**
 * The response of one error status: the envelope with `error.code` narrowed to
 * `codes`, each described, and an example of the first.
 * @throws Error when a code is unknown or answered with another status (a mistake in the document, caught by its tests).
 */
export function errorResponse(status: number, codes: readonly string[], note?: string): Json {
  for (const code of codes) {
    const known = ERROR_CODES[code];
    if (known === undefined) throw new Error(`OpenAPI: unknown error code ${code}`);
    if (known.status !== status) throw new Error(`OpenAPI: ${code} is answered with ${known.status}, not ${status}`);
  }
  const first = codes[0]!;
  const description = [note, ...codes.map((code) => `\`${code}\`: ${ERROR_CODES[code]!.meaning}`)].filter(Boolean).join(' ');
  return {
    description,
    ...(codes.some((code) => WITH_RETRY_AFTER.has(code)) ? { headers: { 'Retry-After': RETRY_AFTER } } : {}),
    content: {
      'application/json': {
        // The envelope with `error.code` narrowed to this status' codes ($ref with sibling keywords: JSON Schema 2020-12).
        schema: { $ref: '#/components/schemas/Error', properties: { error: { $ref: '#/components/schemas/ErrorBody', properties: { code: { enum: [...codes] } } } } },
        example: { success: false, error: { code: first, message: ERROR_CODES[first]!.meaning } },
      },
    },
  };
}

/** Error responses keyed by status, from a list of codes (grouped by their status). */
export function errorResponses(codes: readonly string[], notes: Readonly<Record<number, string>> = {}): Record<string, Json> {
  const byStatus = new Map<number, string[]>();
  for (const code of codes) {
    const status = ERROR_CODES[code]?.status;
    if (status === undefined) throw new Error(`OpenAPI: unknown error code ${code}`);
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries([...byStatus].sort(([a], [b]) => a - b).map(([status, list]) => [String(status), errorResponse(status, list, notes[status])]));
}
