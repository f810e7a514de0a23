/**
 * The OpenAPI 3.1 document, generated from the same valibot schemas the
 * handlers use for the request bodies (via @valibot/to-json-schema), plus the
 * response envelopes described once here.
 */
import { invoiceInputJsonSchema } from '../../lib/input/json-schema.js';
import { ASYNC_PAGE_THRESHOLD, SYNC_BUDGET_MS } from '../../lib/jobs/job.js';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER, MAX_IDEMPOTENCY_KEY_LENGTH } from '../../lib/keys/idempotency.js';
import { ROUTES } from '../routes.js';
import { RULE_SELECTIONS } from '../../lib/rules/rule-sets.js';
import { CONVERT_MEDIA_TYPES } from './body.js';
import example from './examples/invoice.json' with { type: 'json' };
import { SERVICE_VERSION } from './version.js';

type JsonObject = Record<string, unknown>;

/** What the `required` lists of the invoice schema mean since issue 12 (DECISIONS.md, "Missing data"). */
export const MISSING_DATA =
  'The required fields are the mandatory terms of a valid invoice. A body that lacks one (missing, null or blank) is still read: ' +
  'the absence is a finding with its official EN 16931 rule id (invoiceNumber BR-02, invoiceDate BR-03, seller.name BR-06, buyer.name BR-07, ' +
  'addresses BR-08..BR-11, items BR-16, a line quantity BR-22, item name BR-25, net price BR-26, ...): POST /api/v2/validate answers 200 with valid false, ' +
  'POST /api/v2/xml 422 VALIDATION_FAILED. Only the line1, postcode and city of a structured address, and the id / text of identifier, ' +
  'electronic address and note objects, are a 400 when absent. A wrong type or a value that cannot be read is a 400 with its path.';

function invoiceSchema(): JsonObject {
  const json = { ...(invoiceInputJsonSchema('draft-2020-12') as JsonObject) };
  delete json.$schema;
  json.description = MISSING_DATA;
  return json;
}

const finding = {
  type: 'object',
  required: ['rule', 'message'],
  properties: {
    rule: { type: 'string', description: 'Official EN 16931 rule id (e.g. BR-CO-10, BR-E-10) or one of our documented non-official ids (e.g. VAT-CHECKSUM).' },
    severity: { type: 'string', enum: ['fatal', 'warning'] },
    message: { type: 'string', description: 'What is wrong, naming the EN 16931 business terms (BT-nn).' },
    path: { type: 'string', description: 'Where, in the EN 16931 semantic model (e.g. lines[0].netAmount).' },
  },
};

const validation = {
  type: 'object',
  required: ['valid', 'errors', 'warnings', 'summary'],
  properties: {
    valid: { type: 'boolean' },
    errors: { type: 'array', items: { $ref: '#/components/schemas/Finding' } },
    warnings: { type: 'array', items: { $ref: '#/components/schemas/Finding' } },
    summary: { type: 'string' },
    ruleSet: { type: 'string', examples: ['EN 16931 CII 1.3.16', 'EN 16931 UBL 1.3.16'] },
    syntax: { type: 'string', enum: ['CII', 'UBL-Invoice', 'UBL-CreditNote'], description: 'For an XML invoice: its syntax, by the root element.' },
    ruleSets: {
      type: 'array',
      items: { type: 'string' },
      description: 'Every rule set that ran: EN 16931 (CII or UBL), then BR-FR, XRechnung, Peppol BIS Billing as `rules` chose them (JSON "rules", ?rules=, one value or a list).',
      examples: [['EN 16931 CII 1.3.16', 'XRechnung 3.0.2'], ['EN 16931 UBL 1.3.16', 'BR-FR 1.4.0.02', 'Peppol BIS Billing 3.0.21']],
    },
    xrechnungScenario: { type: ['string', 'null'], enum: ['xrechnung', 'extension', 'cvd', null], description: 'XML validation with the XRechnung rules: the KoSIT scenario BT-24 selects (null: none, the document is rejected).' },
  },
};

const meta = {
  type: 'object',
  properties: { processingTimeMs: { type: 'integer' }, apiVersion: { type: 'string', examples: ['v2'] } },
};

const errorEnvelope = {
  type: 'object',
  required: ['success', 'error'],
  properties: {
    success: { const: false },
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: {
          type: 'string',
          enum: [
            'BAD_REQUEST', 'UNAUTHORIZED', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE', 'VALIDATION_FAILED', 'EXTRACTION_FAILED', 'RATE_LIMITED', 'QUOTA_EXCEEDED',
            'IDEMPOTENCY_KEY_REUSED', 'IDEMPOTENCY_IN_PROGRESS', 'IDEMPOTENCY_ANSWER_UNAVAILABLE', 'DOCUMENT_TOO_COMPLEX', 'INTERNAL_ERROR', 'SERVER_BUSY',
            'REQUEST_TIMEOUT',
          ],
        },
        message: { type: 'string' },
        details: {
          type: 'array',
          description: 'BAD_REQUEST: [{path, message}] (a value over its maxLength or maxItems is named by its path); a body that is not valid UTF-8: [{path: "body", reason: "encoding", message, byteOffset}] (byteOffset: where the first invalid sequence starts); XML that cannot be read: [{path: "body", reason: "xml-syntax" | "xml-forbidden", message, line?, column?}]. VALIDATION_FAILED: [{rule, message, path}] with official EN 16931 rule ids. DOCUMENT_TOO_COMPLEX (422): [{reason: "limit", limit, max, message}], the resource limit a document went past (time, memory, decompressed size, pixels, pages, ...). SERVER_BUSY (503, Retry-After): no worker was free in time to read the document. REQUEST_TIMEOUT (504, local server only): no answer within 30 s.',
          items: { type: 'object' },
        },
      },
    },
  },
};

function errorResponse(description: string): JsonObject {
  return { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
}

const common = {
  '400': errorResponse('Malformed JSON, a body that is not valid UTF-8 (reason `encoding`), wrong types, values that cannot be read (a date that is not a date) or text over its length limit (`details` lists each with its path). An absent mandatory term is no 400 but a finding with its official rule id.'),
  '413': errorResponse('Body larger than 6 MB.'),
  '415': errorResponse('Body is not JSON.'),
  '429': errorResponse('More than 60 requests a minute from this client (`Retry-After` says when to retry).'),
};

/** The Idempotency-Key header of POST /api/v1/convert (lib/keys/idempotency.ts); the docs page shows its description. */
export const IDEMPOTENCY_KEY_PARAMETER = Object.freeze({
  name: IDEMPOTENCY_KEY_HEADER,
  in: 'header',
  required: false,
  description:
    `Makes a retry safe. A repeat within 24 hours with the same key (keys are per API key) and the same body gets the stored answer again: ` +
    `same status and body, with the header \`${IDEMPOTENT_REPLAYED_HEADER}: true\`, without converting again and without using a credit. ` +
    `The key binds to the SHA-256 of the body's canonical JSON (key order and whitespace do not matter). ` +
    `1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} visible ASCII characters (a UUID is a good choice), else 400 BAD_REQUEST at \`headers.${IDEMPOTENCY_KEY_HEADER}\`. ` +
    `The same key with another body: 422 IDEMPOTENCY_KEY_REUSED. While the first request still runs: 409 IDEMPOTENCY_IN_PROGRESS with Retry-After (nothing converted or charged). ` +
    `Only successful answers (200) are stored: a failed request used no credit and runs again when retried. ` +
    `An answer too large to keep (or, locally, evicted) is not converted again: 409 IDEMPOTENCY_ANSWER_UNAVAILABLE. ` +
    `Replays still need the API key and count against the per-minute rate.`,
  schema: { type: 'string', minLength: 1, maxLength: MAX_IDEMPOTENCY_KEY_LENGTH, pattern: '^[\\x21-\\x7E]+$' },
  example: '5b1f0b0e-6c43-4f57-9a63-0d6c2f3b8e21',
});

/** `?syntax=` of POST /api/v2/xml, for symmetry with `?rules=` (the JSON field `syntax` wins). */
const SYNTAX_PARAMETER = Object.freeze({
  name: 'syntax',
  in: 'query',
  required: false,
  description: 'XML syntax to write: cii (default) or ubl. The JSON field `syntax` says the same and wins.',
  schema: { type: 'string', enum: ['cii', 'ubl'] },
});

/** One entry of `unmapped` (lib/convert/convert.ts UnmappedItem). */
const unmapped = {
  type: 'object',
  required: ['term', 'value', 'reason'],
  properties: {
    term: { type: ['string', 'null'], description: 'The EN 16931 business term (BT-nn); null when no term holds the content (e.g. a Factur-X EXTENDED element).' },
    terms: { type: 'array', items: { type: 'string' }, description: 'When the place can hold several terms, each of them.' },
    location: { type: 'string', description: 'XPath-like location in the source document.' },
    path: { type: 'string', description: 'Model path of the term, e.g. precedingInvoices[1].reference.' },
    value: { type: 'string', description: 'The value (cut at 200 characters).' },
    reason: { type: 'string', description: 'Why the converted document does not carry it.' },
  },
};

/** The body of POST /api/v1/convert (functions/_shared/body.ts parseConvertBody). */
const convertRequest = {
  type: 'object',
  description: 'Exactly one of pdfBase64, imageBase64 (with mimeType) or documentBase64 (with mimeType).',
  properties: {
    pdfBase64: { type: 'string', contentEncoding: 'base64', description: 'A PDF.' },
    imageBase64: { type: 'string', contentEncoding: 'base64', description: 'A PNG or JPEG image.' },
    documentBase64: { type: 'string', contentEncoding: 'base64', description: 'Any supported document (see mimeType).' },
    mimeType: { type: 'string', enum: Object.keys(CONVERT_MEDIA_TYPES) },
    fileName: { type: 'string' },
    profile: { type: 'string', enum: ['basic', 'comfort', 'extended'], default: 'comfort', description: 'basic: Factur-X BASIC; comfort: EN 16931; extended: EXTENDED.' },
    syntax: {
      type: 'string',
      enum: ['cii', 'ubl'],
      default: 'cii',
      description: 'cii: Factur-X CII in `profile`; ubl: a UBL 2.1 Invoice (CreditNote for credit-note type codes) in EN 16931, so profile comfort only (basic or extended with ubl is a 400).',
    },
    autoValidate: { type: 'boolean', description: 'Accepted for compatibility; validation always runs.' },
    async: {
      type: 'boolean',
      default: false,
      description:
        `true: answer 202 with a jobId at once and convert in the background (poll GET /api/v1/jobs/{jobId}). ` +
        `A PDF of more than ${ASYNC_PAGE_THRESHOLD} pages that carries no invoice XML is converted this way even without it. ` +
        `A synchronous conversion must finish within ${SYNC_BUDGET_MS / 1000} s, else 422 DOCUMENT_TOO_COMPLEX (limit sync-time, no credit): send such documents with async.`,
    },
  },
};

/** The 202 answer of an asynchronous submission. */
/** The `meta` of a v1 answer. */
const V1_META = { type: 'object', properties: { apiVersion: { const: '1.0' }, processingTimeMs: { type: 'integer' }, creditsRemaining: { type: 'integer' } } };

/** The schema of a success envelope: `{ success: true, data, meta }`. */
function successBody(data: JsonObject, meta: JsonObject = { $ref: '#/components/schemas/Meta' }): JsonObject {
  return { type: 'object', properties: { success: { const: true }, data, meta } };
}

const jobAccepted = {
  description: `Accepted as an asynchronous job (\`async: true\`, or a PDF of more than ${ASYNC_PAGE_THRESHOLD} pages without embedded invoice XML): poll the \`Location\`. The credit is reserved now, used only if the job produces Factur-X XML. With an ${IDEMPOTENCY_KEY_HEADER}, a repeat gets the same job (\`${IDEMPOTENT_REPLAYED_HEADER}: true\`).`,
  headers: {
    Location: { description: '/api/v1/jobs/{jobId}', schema: { type: 'string' } },
    'Retry-After': { description: 'Seconds to wait before the first poll.', schema: { type: 'string' } },
  },
  content: { 'application/json': { schema: successBody(
    {
      type: 'object',
      properties: {
        jobId: { type: 'string', pattern: '^job_[a-z2-7]{26}$' },
        status: { const: 'queued' },
        statusUrl: { type: 'string' },
        reason: { type: 'string', enum: ['asked', 'pages'], description: 'asked: `async: true`; pages: a PDF over the page limit.' },
        pages: { type: 'integer', description: 'Pages of the PDF, when counted.' },
      },
    },
    V1_META,
  ) } },
};

/** Builds the OpenAPI 3.1 document (pure; cached by the caller if needed). */
export function buildOpenApi(): JsonObject {
  const summaries = new Map(ROUTES.map((r) => [`${r.method} ${r.path}`, r.summary]));
  const invoiceBody = {
    required: true,
    content: { 'application/json': { schema: { $ref: '#/components/schemas/InvoiceInput' }, example } },
  };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Factur-X / EN 16931 conversion API',
      version: SERVICE_VERSION,
      description: 'Turns invoice data into Factur-X EN 16931 CII XML or UBL 2.1 XML, converts invoices between the two syntaxes, and validates invoices against the EN 16931 business rules (official rule ids of the CEN artefacts 1.3.16).',
    },
    servers: [{ url: '/' }],
    paths: {
      '/api/v2/xml': {
        post: {
          summary: summaries.get('POST /api/v2/xml'),
          operationId: 'generateXml',
          parameters: [SYNTAX_PARAMETER],
          requestBody: invoiceBody,
          responses: {
            '200': {
              description:
                'The XML in the syntax asked for (`syntax`: cii, the default, Factur-X EN 16931 CII; or ubl, a UBL 2.1 Invoice, or CreditNote for credit-note type codes such as 381), ' +
                'its profile label and the validation verdict (warnings only): the same validation, defaults and rule sets for both syntaxes.',
              content: { 'application/json': { schema: successBody({
                type: 'object',
                properties: {
                  xml: { type: 'string' },
                  syntax: { type: 'string', enum: ['cii', 'ubl'], description: 'The syntax written.' },
                  profile: { type: 'string', examples: ['EN 16931 (Factur-X COMFORT)', 'EN 16931 (UBL 2.1)'] },
                  validation: { $ref: '#/components/schemas/Validation' },
                  documentType: { type: 'string', enum: ['Invoice', 'CreditNote'], description: 'UBL only: the UBL document written.' },
                  unmapped: { type: 'array', items: { $ref: '#/components/schemas/Unmapped' }, description: 'UBL only: terms of the invoice UBL cannot carry (e.g. the due date, BT-9, of a credit note without payment means: UBL 2.1 puts it in the payment means); empty when nothing was lost.' },
                },
              }) } },
            },
            ...common,
            '422': errorResponse('The invoice breaks EN 16931 rules, absent mandatory terms included (BR-02, BR-06, BR-16, BR-22, ...); `details` lists them with official rule ids. No XML.'),
          },
        },
      },
      '/api/v2/convert': {
        post: {
          summary: summaries.get('POST /api/v2/convert'),
          operationId: 'convertSyntax',
          description:
            'Converts an EN 16931 invoice between UN/CEFACT CII D16B (Factur-X, XRechnung CII) and OASIS UBL 2.1 (Peppol, XRechnung UBL) through the one semantic model. ' +
            'The source syntax is read from the root element; the target is `to` (default: the other one). The source must be a valid EN 16931 invoice (its rules and XSD), else 422. ' +
            'Nothing is dropped in silence: `unmapped` lists what the converted document does not carry (content no EN 16931 term holds, such as Factur-X EXTENDED elements, ' +
            'and terms the target binding cannot carry, such as a second preceding invoice in CII), each with its business term, location and value.',
          parameters: [
            { name: 'to', in: 'query', required: false, schema: { type: 'string', enum: ['cii', 'ubl'] }, description: 'Target syntax for a raw XML body (a JSON body says `to`); default: the syntax the document is not in.' },
            { name: 'rules', in: 'query', required: false, schema: { type: 'string', pattern: `^(${RULE_SELECTIONS.join('|')})(,(${RULE_SELECTIONS.join('|')}))*$` }, description: 'Rule sets for the verdict on the converted document, one or a comma-separated list of auto, en16931, fr, xrechnung, peppol (default auto: BR-FR too for a French seller, XRechnung or Peppol by BT-24; docs/MARKETS.md).' },
          ],
          requestBody: {
            required: true,
            content: {
              'application/xml': { schema: { type: 'string', description: 'The CII or UBL invoice.' } },
              'text/xml': { schema: { type: 'string' } },
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['xml'],
                  properties: {
                    xml: { type: 'string', description: 'The CII or UBL invoice.' },
                    to: { type: 'string', enum: ['cii', 'ubl'] },
                    rules: { oneOf: [{ type: 'string', enum: [...RULE_SELECTIONS] }, { type: 'array', items: { type: 'string', enum: [...RULE_SELECTIONS] }, minItems: 1 }] },
                  },
                },
              },
            },
          },
          responses: {
            '200': {
              description: 'The converted document, its verdict and what it does not carry.',
              content: { 'application/json': { schema: successBody({
                type: 'object',
                properties: {
                  xml: { type: 'string' },
                  syntax: { type: 'string', enum: ['cii', 'ubl'], description: 'The syntax written.' },
                  from: { type: 'string', enum: ['cii', 'ubl'], description: 'The syntax of the source.' },
                  documentType: { type: 'string', enum: ['Invoice', 'CreditNote'], description: 'UBL only.' },
                  invoiceNumber: { type: 'string' },
                  validation: { type: 'object', description: 'The verdict on the converted document: valid, errors, warnings (official rule ids), xsd, ruleSets, summary.' },
                  unmapped: { type: 'array', items: { $ref: '#/components/schemas/Unmapped' } },
                },
              }) } },
            },
            '400': errorResponse('No XML, XML that cannot be read (reason xml-syntax / xml-forbidden), or `to` naming the syntax the document already has (path `to`).'),
            '413': common['413'],
            '415': errorResponse('Body neither XML nor JSON.'),
            '422': errorResponse('VALIDATION_FAILED: the document is neither an EN 16931 CII nor a UBL 2.1 invoice (rule NOT-EN16931-INVOICE), or it breaks EN 16931 rules or its XSD (`details`: every finding with its official rule id and location; reason not-convertible). DOCUMENT_TOO_COMPLEX: past a time or memory limit.'),
            '429': common['429'],
          },
        },
      },
      '/api/v2/validate': {
        post: {
          summary: summaries.get('POST /api/v2/validate'),
          operationId: 'validateInvoice',
          requestBody: invoiceBody,
          responses: {
            '200': {
              description: 'The verdict, whatever it is: absent mandatory terms are findings (valid false) with their official rule ids.',
              content: { 'application/json': { schema: successBody({ $ref: '#/components/schemas/Validation' }) } },
            },
            ...common,
          },
        },
      },
      '/api/v1/convert': {
        post: {
          summary: summaries.get('POST /api/v1/convert'),
          operationId: 'convertDocument',
          security: [{ ApiKeyHeader: [] }, { BearerKey: [] }],
          parameters: [IDEMPOTENCY_KEY_PARAMETER],
          requestBody: { required: true, content: { 'application/json': { schema: convertRequest } } },
          responses: {
            '200': {
              description: `What was read (every field found, with its confidence), the Factur-X XML when the invoice passes the rules (else \`factureX: null\`: no invalid XML is handed out), its validation with official rule ids, and \`missing\`: the input fields a user must add. One credit only when XML is produced. A replay (same ${IDEMPOTENCY_KEY_HEADER}, same body) is this answer again, with \`${IDEMPOTENT_REPLAYED_HEADER}: true\`.`,
              headers: { [IDEMPOTENT_REPLAYED_HEADER]: { description: '`true` when the answer is a replay of a stored one (no conversion, no credit).', schema: { type: 'string', enum: ['true'] } } },
              content: { 'application/json': { schema: successBody(
                {
                  type: 'object',
                  properties: {
                    extractedData: { type: 'object', description: 'Every field read, with `confidence` per field, `method` (embedded-xml, embedded-ubl, pdf-text, ocr, spreadsheet, word, textract, bedrock), `checks` and `notes`.' },
                    factureX: {
                      type: ['object', 'null'],
                      description: 'The XML: Factur-X CII in the asked profile, or UBL 2.1 with `syntax: "ubl"`; null when the invoice as read breaks a rule (see validation.errors and missing).',
                      properties: { xml: { type: 'string' }, profile: { type: 'string' }, fileName: { type: 'string' }, syntax: { type: 'string', enum: ['cii', 'ubl'] } },
                    },
                    validation: { $ref: '#/components/schemas/Validation' },
                    missing: {
                      type: 'array',
                      items: { type: 'string' },
                      description: 'Input fields (v2 names, e.g. `seller.address`, `buyer.name`, `items[0].vatRate`, `seller.vatNumber`) the document did not give and the invoice needs; add them and send the data to /api/v2/xml or /api/v1/validate.',
                    },
                  },
                },
                V1_META,
              ) } },
            },
            '400': errorResponse(`Malformed body (\`details\` lists each problem with its path), or a malformed ${IDEMPOTENCY_KEY_HEADER} (path \`headers.${IDEMPOTENCY_KEY_HEADER}\`).`),
            '401': errorResponse('No API key, or an unknown or revoked one.'),
            '409': errorResponse(`IDEMPOTENCY_IN_PROGRESS: a request with this ${IDEMPOTENCY_KEY_HEADER} still runs (\`Retry-After\`). IDEMPOTENCY_ANSWER_UNAVAILABLE: it was converted once but its answer was not kept.`),
            '413': common['413'],
            '415': common['415'],
            '422': errorResponse(`EXTRACTION_FAILED: the document is not an invoice, or nothing was read (neither an invoice number nor a total); or IDEMPOTENCY_KEY_REUSED: this ${IDEMPOTENCY_KEY_HEADER} was used with another body.`),
            '429': errorResponse('RATE_LIMITED (more than 60 requests a minute for this key, `Retry-After`) or QUOTA_EXCEEDED (the month\'s conversions are used up).'),
            '202': jobAccepted,
          },
        },
      },
      '/api/v1/jobs/{jobId}': {
        get: {
          summary: summaries.get('GET /api/v1/jobs/{jobId}'),
          operationId: 'getJob',
          security: [{ ApiKeyHeader: [] }, { BearerKey: [] }],
          parameters: [{ name: 'jobId', in: 'path', required: true, schema: { type: 'string', pattern: '^job_[a-z2-7]{26}$' }, description: 'The jobId of the 202 answer.' }],
          responses: {
            '200': {
              description:
                'Header `X-Job-Status`: queued, running, succeeded or failed. Succeeded: the very body a synchronous POST /api/v1/convert gives (`data{extractedData, factureX, validation}`, `meta` with `jobId`). ' +
                'Queued or running: `data{jobId, status, createdAt, updatedAt, statusUrl}` and `Retry-After`. ' +
                'Failed: `data{jobId, status: "failed", error{code, message, details?}, httpStatus}`, the error the synchronous path would have answered (EXTRACTION_FAILED, DOCUMENT_TOO_COMPLEX, UPSTREAM_UNAVAILABLE ...; JOB_INTERRUPTED when what ran it stopped); no credit was used. ' +
                'Jobs, their documents and answers are kept 24 hours.',
              headers: { 'X-Job-Status': { schema: { type: 'string', enum: ['queued', 'running', 'succeeded', 'failed'] } }, 'Retry-After': { schema: { type: 'string' } } },
              content: { 'application/json': { schema: successBody({ type: 'object' }, { type: 'object' }) } },
            },
            '401': errorResponse('No API key, or an unknown or revoked one.'),
            '404': errorResponse('No such job for this API key: unknown, expired (24 h), malformed, or created by another key.'),
            '429': errorResponse('RATE_LIMITED: more than 60 requests a minute for this key (polls count).'),
          },
        },
      },
      '/api/health': {
        get: { summary: summaries.get('GET /api/health'), operationId: 'health', responses: { '200': { description: 'Service is up.' } } },
      },
      '/api/openapi.json': {
        get: { summary: summaries.get('GET /api/openapi.json'), operationId: 'openapi', responses: { '200': { description: 'This document.' } } },
      },
      '/api/docs': {
        get: { summary: summaries.get('GET /api/docs'), operationId: 'docs', responses: { '200': { description: 'HTML page.' } } },
      },
    },
    components: {
      securitySchemes: {
        ApiKeyHeader: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
        BearerKey: { type: 'http', scheme: 'bearer', description: 'The same API key as `Authorization: Bearer <key>`.' },
      },
      schemas: {
        InvoiceInput: invoiceSchema(),
        Finding: finding,
        Validation: validation,
        Meta: meta,
        Error: errorEnvelope,
        Unmapped: unmapped,
      },
    },
  };
}
