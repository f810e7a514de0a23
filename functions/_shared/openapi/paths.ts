/**
 * The operations of the OpenAPI document, one per route of functions/routes.ts
 * (test/openapi/document.test.ts fails when a route has none): request bodies
 * with their media types and examples, every answer with its headers, and the
 * error envelope of each status with its codes.
 */
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from '../../../lib/keys/idempotency.js';
import { DOCS_ASSET_NAMES } from '../swagger-ui.js';
import { errorResponses } from './errors.js';
import { exampleRef } from './examples.js';
import { header, IDEMPOTENCY_KEY_PARAMETER, POLL_NOTE, ref, RULES_PARAMETER, successBody, SYNTAX_PARAMETER } from './schemas.js';

type Json = Record<string, unknown>;

/** The tags, one per area, in the order the page shows them. */
export const TAGS = [
  { name: 'v2 generation', description: 'Invoice JSON to EN 16931 XML (Factur-X CII or UBL 2.1), and conversion between the two syntaxes. No API key.' },
  { name: 'validation', description: 'Validate invoice JSON or a CII XML invoice against EN 16931 (and the French BR-FR rules): v2 without a key, v1 with one.' },
  { name: 'PDF', description: 'Factur-X PDF/A-3 files: embed the XML into a client PDF, or render a CII XML as a readable PDF. No API key.' },
  { name: 'v1 extraction', description: 'A PDF, image, Excel or Word invoice to extracted data and Factur-X XML, synchronously or as a job. API key.' },
  { name: 'operations', description: 'Health, this document and its page.' },
] as const;

type Tag = (typeof TAGS)[number]['name'];

/** Open operations: no key (DECISIONS.md, Auth). */
const OPEN: Json[] = [];
/** v1: the API key as X-API-Key or as a bearer token. */
const API_KEY: Json[] = [{ ApiKeyHeader: [] }, { BearerKey: [] }];

/** What every operation carries. */
function operation(tag: Tag, operationId: string, security: Json[], rest: Json): Json {
  return { tags: [tag], operationId, security, ...rest };
}

const JSON_TYPE = 'application/json';

/** A JSON body: its schema and named examples. */
function jsonBody(schema: Json, examples: Record<string, Json>, description?: string): Json {
  return { required: true, ...(description ? { description } : {}), content: { [JSON_TYPE]: { schema, examples } } };
}

/** The raw XML media types of the endpoints that read CII XML. */
function xmlMedia(): Record<string, Json> {
  const media = { schema: { type: 'string', contentMediaType: 'application/xml', description: 'An EN 16931 CII XML invoice, UTF-8.' }, examples: { invoice: exampleRef('ciiXml') } };
  return { 'application/xml': media, 'text/xml': media };
}

function jsonAnswer(description: string, schema: Json, headers?: Json): Json {
  return { description, ...(headers ? { headers } : {}), content: { [JSON_TYPE]: { schema } } };
}

const pdfBinary = { 'application/pdf': { schema: { type: 'string', contentMediaType: 'application/pdf' } } };

/** Codes every POST of v2 may answer. */
const V2_POST = ['BAD_REQUEST', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE', 'RATE_LIMITED', 'INTERNAL_ERROR'];
/** Codes of the v1 key check. */
const V1_KEY = ['UNAUTHORIZED', 'RATE_LIMITED', 'INTERNAL_ERROR'];
/** What an open GET may answer (on AWS, the stage throttle of open methods answers 429). */
const OPEN_GET = ['RATE_LIMITED', 'INTERNAL_ERROR'];
const NOTE_429_OPEN = { 429: 'On AWS, the throttle of the open methods; the local server limits only /api/v2/.' };

/** The operations keyed by `METHOD path`, as functions/routes.ts names them. */
export function operations(): Record<string, Json> {
  const generated = {
    description: 'The XML, its profile label and the verdict (warnings only).',
    schema: successBody({
      type: 'object',
      required: ['xml', 'profile', 'validation'],
      properties: {
        xml: { type: 'string', contentMediaType: 'application/xml' },
        syntax: { type: 'string', enum: ['cii', 'ubl'], description: 'The syntax written.' },
        profile: { type: 'string', examples: ['EN 16931 (Factur-X COMFORT)', 'EN 16931 (UBL 2.1)'] },
        validation: ref('Validation'),
        documentType: { type: 'string', enum: ['Invoice', 'CreditNote'], description: 'UBL only: the UBL document written.' },
        unmapped: { type: 'array', items: ref('Unmapped'), description: 'UBL only: terms of the invoice UBL cannot carry (e.g. the due date BT-9 of a credit note without payment means); empty when nothing was lost.' },
      },
    }),
  };
  return {
    'POST /api/v2/xml': operation('v2 generation', 'generateXml', OPEN, {
      description:
        'Builds the EN 16931 invoice from the JSON, checks it against the EN 16931 rules (and BR-FR for a French seller unless `rules` says otherwise), and answers its XML: Factur-X EN 16931 (COMFORT) CII by default, or with `syntax: "ubl"` (or `?syntax=ubl`) a UBL 2.1 Invoice, a CreditNote for credit-note type codes such as 381. Same validation, defaults and rule sets for both. No XML for an invalid invoice.',
      parameters: [SYNTAX_PARAMETER],
      requestBody: jsonBody(ref('InvoiceInput'), { invoice: exampleRef('invoice'), numericCodes: exampleRef('invoiceNumericCodes') }),
      responses: {
        '200': jsonAnswer(generated.description, generated.schema),
        ...errorResponses([...V2_POST, 'VALIDATION_FAILED'], {
          422: 'The invoice breaks EN 16931 rules, absent mandatory terms included (BR-02, BR-06, BR-16, BR-22, ...); `details` lists them with their official rule ids. No XML.',
        }),
      },
    }),
    'POST /api/v2/convert': operation('v2 generation', 'convertSyntax', OPEN, {
      description:
        'Converts an EN 16931 invoice between UN/CEFACT CII D16B (Factur-X, XRechnung CII) and OASIS UBL 2.1 (Peppol, XRechnung UBL) through the one semantic model. ' +
        'The source syntax is read from the root element; the target is `to` (default: the other one). The source must be a valid EN 16931 invoice (its rules and XSD), else 422. ' +
        'Nothing is dropped in silence: `unmapped` lists what the converted document does not carry (content no EN 16931 term holds, such as Factur-X EXTENDED elements, ' +
        'and terms the target binding cannot carry), each with its business term, location and value.',
      parameters: [
        { name: 'to', in: 'query', required: false, schema: { type: 'string', enum: ['cii', 'ubl'] }, description: 'Target syntax for a raw XML body (a JSON body says `to`); default: the syntax the document is not in.' },
        RULES_PARAMETER,
      ],
      requestBody: {
        required: true,
        content: { ...xmlMedia(), [JSON_TYPE]: { schema: ref('ConvertSyntaxJson'), examples: { toUbl: exampleRef('convertToUbl') } } },
      },
      responses: {
        '200': jsonAnswer(
          'The converted document, its verdict and what it does not carry.',
          successBody({
            type: 'object',
            required: ['xml', 'syntax', 'from', 'validation', 'unmapped'],
            properties: {
              xml: { type: 'string', contentMediaType: 'application/xml' },
              syntax: { type: 'string', enum: ['cii', 'ubl'], description: 'The syntax written.' },
              from: { type: 'string', enum: ['cii', 'ubl'], description: 'The syntax of the source.' },
              documentType: { type: 'string', enum: ['Invoice', 'CreditNote'], description: 'UBL only.' },
              invoiceNumber: { type: 'string' },
              validation: { type: 'object', description: 'The verdict on the converted document: valid, errors, warnings (official rule ids), xsd, ruleSets, summary.' },
              unmapped: { type: 'array', items: ref('Unmapped') },
            },
          }),
        ),
        ...errorResponses([...V2_POST, 'VALIDATION_FAILED', 'DOCUMENT_TOO_COMPLEX', 'SERVER_BUSY'], {
          400: 'No XML, XML that cannot be read (reason xml-syntax / xml-forbidden), or `to` naming the syntax the document already has (path `to`).',
          422: 'VALIDATION_FAILED: neither an EN 16931 CII nor a UBL 2.1 invoice (rule NOT-EN16931-CII), or it breaks EN 16931 rules or its XSD (`details`: every finding with its official rule id and location). DOCUMENT_TOO_COMPLEX: past a resource limit.',
        }),
      },
    }),
    'POST /api/v2/validate': operation('validation', 'validateInvoice', OPEN, {
      description:
        'Validates invoice JSON (the /api/v2/xml body) without producing XML, or a CII XML invoice sent raw (`application/xml`, `text/xml`) or as `{"xml": "..."}`: XSD and EN 16931 rules. 200 whatever the verdict.',
      parameters: [RULES_PARAMETER],
      requestBody: {
        required: true,
        content: {
          [JSON_TYPE]: {
            schema: { anyOf: [ref('InvoiceInput'), ref('CiiXmlJson')] },
            examples: { invoice: exampleRef('invoice'), xmlInJson: exampleRef('ciiXmlInJson') },
          },
          ...xmlMedia(),
        },
      },
      responses: {
        '200': jsonAnswer(
          'The verdict, whatever it is: absent mandatory terms are findings (valid false) with their official rule ids. For XML, also the profile, the XSD reports and the invoice number.',
          successBody({ anyOf: [ref('XmlValidation'), ref('Validation')] }),
        ),
        ...errorResponses([...V2_POST, 'VALIDATION_FAILED', 'DOCUMENT_TOO_COMPLEX', 'SERVER_BUSY'], {
          422: 'XML only: neither an EN 16931 CII nor a UBL 2.1 invoice (rule NOT-EN16931-CII, kept from when CII was the only syntax), or past a resource limit.',
          503: 'XML only, large documents.',
        }),
      },
    }),
    'POST /api/v2/pdf': operation('PDF', 'embedPdf', OPEN, {
      description:
        'Generates and validates the XML of `invoiceData` as /api/v2/xml does, and embeds it into the client PDF: a Factur-X PDF/A-3b file (attachment `factur-x.xml`, XMP metadata, output intent). Nothing is produced for an invalid invoice.',
      parameters: [RULES_PARAMETER],
      requestBody: jsonBody(ref('PdfRequest'), { pdf: exampleRef('pdf') }),
      responses: {
        '200': {
          description: 'The Factur-X PDF.',
          headers: {
            'Content-Disposition': header('Content-Disposition'),
            'X-Invoice-Number': header('X-Invoice-Number'),
            'X-Conversion-Method': header('X-Conversion-Method'),
            'X-Processing-Time-Ms': header('X-Processing-Time-Ms'),
          },
          content: pdfBinary,
        },
        ...errorResponses([...V2_POST, 'VALIDATION_FAILED', 'DOCUMENT_TOO_COMPLEX', 'SERVER_BUSY'], {
          400: 'Also a `pdfBase64` that is not base64 or not a PDF.',
          422: 'The invoice breaks EN 16931 rules (official rule ids), or the PDF cannot become PDF/A-3 (rule PDF-ENCRYPTED, PDF-NOT-CONVERTIBLE), or it is past a resource limit.',
        }),
      },
    }),
    'POST /api/v2/render': operation('PDF', 'renderPdf', OPEN, {
      description:
        'Renders a CII or UBL 2.1 XML invoice as a readable PDF; when the XML is a valid EN 16931 invoice, the PDF is a Factur-X PDF/A-3 with the XML embedded (`X-Facturx: embedded`; a valid UBL invoice is embedded as its CII conversion, since Factur-X carries CII only: `X-Facturx: embedded-converted-from-ubl`). An invalid invoice is still rendered, and `X-Validation` names its errors.',
      parameters: [RULES_PARAMETER],
      requestBody: { required: true, content: { ...xmlMedia(), [JSON_TYPE]: { schema: ref('CiiXmlJson'), examples: { xmlInJson: exampleRef('ciiXmlInJson') } } } },
      responses: {
        '200': {
          description: 'The invoice as a PDF.',
          headers: {
            'Content-Disposition': header('Content-Disposition'),
            'X-Invoice-Number': header('X-Invoice-Number'),
            'X-Facturx': header('X-Facturx'),
            'X-Conversion-Unmapped': header('X-Conversion-Unmapped'),
            'X-Validation': header('X-Validation'),
            'X-Processing-Time-Ms': header('X-Processing-Time-Ms'),
          },
          content: pdfBinary,
        },
        ...errorResponses([...V2_POST, 'VALIDATION_FAILED', 'DOCUMENT_TOO_COMPLEX', 'SERVER_BUSY'], { 422: 'Neither an EN 16931 CII nor a UBL 2.1 invoice (rule NOT-EN16931-CII), or past a resource limit.' }),
      },
    }),
    'POST /api/v1/convert': operation('v1 extraction', 'convertDocument', API_KEY, {
      description:
        'Reads an invoice document (embedded Factur-X/ZUGFeRD or UBL XML first, then the text layer, OCR, spreadsheets, Word; on AWS Textract and Bedrock), generates the Factur-X XML in the asked profile and validates it. One credit, only when XML is produced.',
      parameters: [IDEMPOTENCY_KEY_PARAMETER],
      requestBody: jsonBody(ref('ConvertRequest'), { facturxPdf: exampleRef('convert'), asynchronous: exampleRef('convertAsync') }),
      responses: {
        '200': jsonAnswer(
          `What was read (every field found, with its confidence), the Factur-X XML when the invoice passes the rules (else \`factureX: null\`: no invalid XML is handed out), its validation with official rule ids, and \`missing\`: the input fields a user must add. A replay (same ${IDEMPOTENCY_KEY_HEADER}, same body) is this answer again, with \`${IDEMPOTENT_REPLAYED_HEADER}: true\`.`,
          successBody(ref('ConvertData'), ref('V1Meta')),
          { [IDEMPOTENT_REPLAYED_HEADER]: header(IDEMPOTENT_REPLAYED_HEADER) },
        ),
        '202': jsonAnswer(
          `Accepted as an asynchronous job (\`async: true\`, or a document whose reading is estimated not to fit the synchronous deadline, such as a scan of many pages): poll the \`Location\`. The credit is reserved now, used only if the job produces Factur-X XML. With an ${IDEMPOTENCY_KEY_HEADER}, a repeat gets the same job (\`${IDEMPOTENT_REPLAYED_HEADER}: true\`).`,
          successBody(
            {
              type: 'object',
              required: ['jobId', 'status', 'statusUrl'],
              properties: {
                jobId: { type: 'string', pattern: '^job_[a-z2-7]{26}$' },
                status: { const: 'queued' },
                statusUrl: { type: 'string' },
                reason: { type: 'string', enum: ['asked', 'cost'], description: 'asked: `async: true`; cost: reading the document is estimated not to fit the synchronous deadline.' },
                pages: { type: 'integer', description: 'Pages of the PDF, when counted.' },
                estimate: {
                  type: 'object',
                  description: 'With reason cost: the estimated reading time and the pages that decided it.',
                  properties: { ms: { type: 'integer' }, ocrPages: { type: 'integer' }, textPages: { type: 'integer' } },
                },
              },
            },
            ref('V1Meta'),
          ),
          { Location: header('Location'), 'Retry-After': header('Retry-After'), [IDEMPOTENT_REPLAYED_HEADER]: header(IDEMPOTENT_REPLAYED_HEADER) },
        ),
        ...errorResponses(
          [
            'BAD_REQUEST', 'UNAUTHORIZED', 'IDEMPOTENCY_IN_PROGRESS', 'IDEMPOTENCY_ANSWER_UNAVAILABLE', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE',
            'EXTRACTION_FAILED', 'IDEMPOTENCY_KEY_REUSED', 'DOCUMENT_TOO_COMPLEX', 'RATE_LIMITED', 'QUOTA_EXCEEDED', 'INTERNAL_ERROR', 'UPSTREAM_UNAVAILABLE', 'SERVER_BUSY',
          ],
          {
            400: `Also a malformed ${IDEMPOTENCY_KEY_HEADER} (path \`headers.${IDEMPOTENCY_KEY_HEADER}\`).`,
            422: 'No failure uses a credit.',
            429: 'RATE_LIMITED: more than 60 requests a minute for this key.',
          },
        ),
      },
    }),
    'GET /api/v1/jobs/{jobId}': operation('v1 extraction', 'getJob', API_KEY, {
      description: 'The state of an asynchronous conversion. Jobs, their documents and answers are kept 24 hours.',
      parameters: [{ name: 'jobId', in: 'path', required: true, schema: { type: 'string', pattern: '^job_[a-z2-7]{26}$' }, description: 'The jobId of the 202 answer.', example: 'job_abcdefghijklmnopqrstuvwxyz' }],
      responses: {
        '200': jsonAnswer(
          `\`X-Job-Status\` says the state. Succeeded: the very body a synchronous POST /api/v1/convert gives (\`meta.jobId\` added). Queued or running: \`data{jobId, status, createdAt, updatedAt, statusUrl}\`; ${POLL_NOTE} Failed: \`data{jobId, status: "failed", error, httpStatus}\`, the error the synchronous path would have answered; no credit was used.`,
          { anyOf: [successBody(ref('ConvertData'), ref('V1Meta')), successBody(ref('JobState'), ref('V1Meta'))] },
          { 'X-Job-Status': header('X-Job-Status'), 'Retry-After': header('Retry-After') },
        ),
        ...errorResponses([...V1_KEY, 'NOT_FOUND'], { 404: 'Unknown, expired (24 h), malformed, or created by another key.', 429: 'Polls count.' }),
      },
    }),
    'POST /api/v1/validate': operation('validation', 'validateInvoiceV1', API_KEY, {
      description:
        'Validates `{invoiceData}` (the v2 invoice shape or the flat v1 names), `{"xml": "..."}`, or a raw CII XML body, with the v1 answer: `validation{valid, isValid, score, errors, warnings, summary}`. Uses no conversion credit.',
      parameters: [RULES_PARAMETER],
      requestBody: {
        required: true,
        content: {
          [JSON_TYPE]: {
            schema: {
              anyOf: [
                { type: 'object', required: ['invoiceData'], properties: { invoiceData: { anyOf: [ref('InvoiceInput'), ref('FlatV1Invoice')] }, rules: RULES_PARAMETER.schema } },
                ref('CiiXmlJson'),
              ],
            },
            examples: { flat: exampleRef('v1Flat'), v2Shape: exampleRef('v1Shape'), xmlInJson: exampleRef('ciiXmlInJson') },
          },
          ...xmlMedia(),
        },
      },
      responses: {
        '200': jsonAnswer(
          'The verdict, whatever it is: an absent mandatory term is a finding with its official id (`valid: false`, a lower `score`), not a 400.',
          { type: 'object', required: ['success', 'validation', 'meta'], properties: { success: { const: true }, validation: ref('V1Validation'), meta: ref('V1Meta') } },
        ),
        ...errorResponses([...V1_KEY, 'BAD_REQUEST', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE', 'VALIDATION_FAILED', 'DOCUMENT_TOO_COMPLEX', 'SERVER_BUSY'], {
          422: 'XML only: neither an EN 16931 CII nor a UBL 2.1 invoice (rule NOT-EN16931-CII, kept from when CII was the only syntax), or past a resource limit.',
        }),
      },
    }),
    'GET /api/health': operation('operations', 'health', OPEN, {
      responses: {
        '200': jsonAnswer(
          'Up, with the service version and the EN 16931 rule set.',
          successBody(
            { type: 'object', required: ['status', 'version', 'ruleSet'], properties: { status: { const: 'ok' }, version: { type: 'string' }, ruleSet: { type: 'string' } } },
            { type: 'object' },
          ),
        ),
        ...errorResponses(OPEN_GET, NOTE_429_OPEN),
      },
    }),
    'GET /api/openapi.json': operation('operations', 'openapi', OPEN, {
      responses: {
        '200': { description: 'This document.', headers: { 'Cache-Control': header('Cache-Control') }, content: { [JSON_TYPE]: { schema: { type: 'object' } } } },
        ...errorResponses(OPEN_GET, NOTE_429_OPEN),
      },
    }),
    'GET /api/docs': operation('operations', 'docs', OPEN, {
      description: 'Swagger UI over this document, with "Try it out" against the server that serves the page. Its files come from this server (GET /api/docs/{asset}): no CDN, no request leaves the server.',
      responses: {
        '200': { description: 'The HTML page.', headers: { 'Cache-Control': header('Cache-Control') }, content: { 'text/html': { schema: { type: 'string' } } } },
        '301': { description: 'From /api/docs/ to /api/docs, where the relative URLs of the page hold.', headers: { Location: { description: '../docs', schema: { type: 'string' } } } },
        ...errorResponses(OPEN_GET, NOTE_429_OPEN),
      },
    }),
    'GET /api/docs/{asset}': operation('operations', 'docsAsset', OPEN, {
      description: 'A file of the API page: Swagger UI (swagger-ui-dist, Apache-2.0) as installed with the service, its licence texts, and the page script.',
      parameters: [{ name: 'asset', in: 'path', required: true, schema: { type: 'string', enum: [...DOCS_ASSET_NAMES] }, example: 'swagger-ui.css' }],
      responses: {
        '200': {
          description: 'The file.',
          headers: { 'Cache-Control': header('Cache-Control'), ETag: header('ETag') },
          content: {
            'text/javascript': { schema: { type: 'string' } },
            'text/css': { schema: { type: 'string' } },
            'text/plain': { schema: { type: 'string' } },
          },
        },
        '304': { description: 'Not modified (If-None-Match matched the ETag).', headers: { ETag: header('ETag') } },
        ...errorResponses([...OPEN_GET, 'NOT_FOUND'], NOTE_429_OPEN),
      },
    }),
  };
}
