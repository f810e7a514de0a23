/**
 * The OpenAPI 3.1 document, generated from the same valibot schemas the
 * handlers use for the request bodies (via @valibot/to-json-schema), plus the
 * response envelopes described once here.
 */
import { invoiceInputJsonSchema } from '../../lib/input/json-schema.js';
import { ROUTES } from '../routes.js';
import example from './examples/invoice.json' with { type: 'json' };
import { SERVICE_VERSION } from './version.js';

type JsonObject = Record<string, unknown>;

function invoiceSchema(): JsonObject {
  const json = { ...(invoiceInputJsonSchema('draft-2020-12') as JsonObject) };
  delete json.$schema;
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
    ruleSet: { type: 'string', examples: ['EN 16931 CII 1.3.16'] },
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
        code: { type: 'string', enum: ['BAD_REQUEST', 'UNAUTHORIZED', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE', 'VALIDATION_FAILED', 'EXTRACTION_FAILED', 'RATE_LIMITED', 'QUOTA_EXCEEDED', 'INTERNAL_ERROR'] },
        message: { type: 'string' },
        details: {
          type: 'array',
          description: 'BAD_REQUEST: [{path, message}] (a value over its maxLength or maxItems is named by its path); a body that is not valid UTF-8: [{path: "body", reason: "encoding", message, byteOffset}] (byteOffset: where the first invalid sequence starts); XML that cannot be read: [{path: "body", reason: "xml-syntax" | "xml-forbidden", message, line?, column?}]. VALIDATION_FAILED: [{rule, message, path}] with official EN 16931 rule ids.',
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
  '400': errorResponse('Malformed JSON, a body that is not valid UTF-8 (reason `encoding`), wrong types, missing fields or text over its length limit (`details` lists each with its path).'),
  '413': errorResponse('Body larger than 6 MB.'),
  '415': errorResponse('Body is not JSON.'),
  '429': errorResponse('More than 60 requests a minute from this client (`Retry-After` says when to retry).'),
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
      description: 'Turns invoice data into Factur-X EN 16931 CII XML and validates invoices against the EN 16931 business rules (official rule ids of the CEN artefacts 1.3.16).',
    },
    servers: [{ url: '/' }],
    paths: {
      '/api/v2/xml': {
        post: {
          summary: summaries.get('POST /api/v2/xml'),
          operationId: 'generateXml',
          requestBody: invoiceBody,
          responses: {
            '200': {
              description: 'The XML, its profile label and the validation verdict (warnings only).',
              content: { 'application/json': { schema: {
                type: 'object',
                properties: {
                  success: { const: true },
                  data: { type: 'object', properties: { xml: { type: 'string' }, profile: { type: 'string', examples: ['EN 16931 (Factur-X COMFORT)'] }, validation: { $ref: '#/components/schemas/Validation' } } },
                  meta: { $ref: '#/components/schemas/Meta' },
                },
              } } },
            },
            ...common,
            '422': errorResponse('The invoice breaks EN 16931 rules; `details` lists them with official rule ids. No XML.'),
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
              description: 'The verdict, whatever it is.',
              content: { 'application/json': { schema: {
                type: 'object',
                properties: { success: { const: true }, data: { $ref: '#/components/schemas/Validation' }, meta: { $ref: '#/components/schemas/Meta' } },
              } } },
            },
            ...common,
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
      schemas: {
        InvoiceInput: invoiceSchema(),
        Finding: finding,
        Validation: validation,
        Meta: meta,
        Error: errorEnvelope,
      },
    },
  };
}
