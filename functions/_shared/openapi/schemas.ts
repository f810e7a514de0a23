/**
 * The schemas, headers and parameters of the OpenAPI document. The invoice
 * input is generated from the valibot schema the handlers parse with
 * (lib/input/json-schema.ts); the v1 flat names from the table the v1
 * validate handler maps with (lib/v1/flat-input.ts); the rest describes the
 * answers the handlers build.
 */
import { invoiceInputJsonSchema } from '../../../lib/input/json-schema.js';
import { POLL_AFTER_SECONDS, SYNC_BUDGET_MS } from '../../../lib/jobs/job.js';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER, MAX_IDEMPOTENCY_KEY_LENGTH } from '../../../lib/keys/idempotency.js';
import { MAX_IDENTIFIER_LENGTH } from '../../../lib/input/limits.js';
import { RULE_SELECTIONS } from '../../../lib/rules/rule-sets.js';
import { FLAT_TO_V2 } from '../../../lib/v1/flat-input.js';
import { MAX_FILE_NAME_CHARS, MAX_HEADER_DATA_CHARS } from '../binary.js';
import { CONVERT_MEDIA_TYPES } from '../body.js';
import { ERROR_BODY_SCHEMA, ERROR_DETAIL_SCHEMA, ERROR_SCHEMA } from './errors.js';

type Json = Record<string, unknown>;

/** What the `required` lists of the invoice schema mean since issue 12 (DECISIONS.md, "Missing data"). */
export const MISSING_DATA =
  'The required fields are the mandatory terms of a valid invoice. A body that lacks one (missing, null or blank) is still read: ' +
  'the absence is a finding with its official EN 16931 rule id (invoiceNumber BR-02, invoiceDate BR-03, seller.name BR-06, buyer.name BR-07, ' +
  'addresses BR-08..BR-11, items BR-16, a line quantity BR-22, item name BR-25, net price BR-26, ...): POST /api/v2/validate answers 200 with valid false, ' +
  'POST /api/v2/xml 422 VALIDATION_FAILED. Only the line1, postcode and city of a structured address, and the id / text of identifier, ' +
  'electronic address and note objects, are a 400 when absent. A wrong type or a value that cannot be read is a 400 with its path. ' +
  'Codes of numeric code lists (documentType, paymentMeans.typeCode, taxPointDateCode, allowance reason codes, ICD/EAS schemes) may be sent as JSON numbers; amounts, quantities and rates (vatRate included) as JSON numbers or decimal strings.';

/** `$ref` to a component schema. */
export function ref(name: string): Json {
  return { $ref: `#/components/schemas/${name}` };
}

/** The schema of a success envelope: `{ success: true, data, meta }`. */
export function successBody(data: Json, meta: Json = ref('Meta')): Json {
  return { type: 'object', required: ['success', 'data'], properties: { success: { const: true }, data, meta } };
}

function invoiceSchema(): Json {
  const json = { ...(invoiceInputJsonSchema('draft-2020-12') as Json) };
  delete json.$schema;
  json.description = MISSING_DATA;
  return json;
}

/**
 * The v1 flat names (`supplierName`, ...), each pointing at the schema of the v2 field it stands for, and the other
 * fields of the v2 invoice (JSON pointers into InvoiceInput: the document does not repeat them).
 */
function flatV1Schema(invoice: Json): Json {
  const top = invoice.properties as Record<string, Json>;
  /** The JSON pointer of a v2 field, looking through the `anyOf: [object, null]` of optional objects. */
  const pointerOf = (path: string): { pointer: string; schema: Json } => {
    let pointer = '#/components/schemas/InvoiceInput';
    let node: Json | undefined = invoice;
    for (const part of path.split('.')) {
      const options = node?.anyOf as Json[] | undefined;
      const index = options?.findIndex((o) => o.type === 'object') ?? -1;
      if (index >= 0) {
        pointer += `/anyOf/${index}`;
        node = options![index];
      }
      pointer += `/properties/${part}`;
      node = (node?.properties as Record<string, Json> | undefined)?.[part];
      if (node === undefined) throw new Error(`OpenAPI: the v1 flat names map to ${path}, which the invoice schema lacks`);
    }
    return { pointer, schema: node! };
  };
  const flat = Object.fromEntries(
    Object.entries(FLAT_TO_V2).map(([name, path]) => {
      const { pointer, schema } = pointerOf(path);
      return [name, { $ref: pointer, description: `The v2 field \`${path}\` under its v1 name: ${String(schema.description ?? '')}` }];
    }),
  );
  const shared = Object.keys(top)
    .filter((name) => !['seller', 'buyer', 'totals'].includes(name))
    .map((name) => [name, { $ref: `#/components/schemas/InvoiceInput/properties/${name}` }]);
  return {
    type: 'object',
    description:
      'An invoice in the flat names of the earlier v1 description (`supplierName`, `supplierVAT`, `buyerName`, `totalHT`, ...), mapped onto the v2 invoice (InvoiceInput): ' +
      'the same types, limits and rules apply, and a problem is reported under the name that was sent. Every other field is the v2 one (invoiceNumber, invoiceDate, items, ...).',
    properties: { ...Object.fromEntries(shared), ...flat },
  };
}

const finding = {
  type: 'object',
  required: ['rule', 'severity', 'message', 'path'],
  properties: {
    rule: { type: 'string', description: 'Official EN 16931 rule id (e.g. BR-CO-10, BR-E-10), a French BR-FR id, or one of our documented non-official ids (e.g. VAT-CHECKSUM).' },
    severity: { type: 'string', enum: ['fatal', 'warning'] },
    message: { type: 'string', description: 'What is wrong, naming the EN 16931 business terms (BT-nn).' },
    path: { type: 'string', description: 'Where, in the EN 16931 semantic model (e.g. lines[0].netAmount).' },
    location: { type: 'string', description: 'For XML: where the element is, e.g. /rsm:CrossIndustryInvoice/rsm:ExchangedDocument/ram:ID.' },
  },
};

const validation = {
  type: 'object',
  required: ['valid', 'errors', 'warnings', 'summary', 'ruleSet', 'ruleSets'],
  properties: {
    valid: { type: 'boolean', description: 'True when no fatal finding.' },
    errors: { type: 'array', items: ref('Finding'), description: 'Fatal findings.' },
    warnings: { type: 'array', items: ref('Finding') },
    summary: { type: 'string' },
    ruleSet: { type: 'string', examples: ['EN 16931 CII 1.3.16', 'EN 16931 UBL 1.3.16'] },
    syntax: { type: 'string', enum: ['CII', 'UBL-Invoice', 'UBL-CreditNote'], description: 'For an XML invoice: its syntax, by the root element.' },
    ruleSets: {
      type: 'array',
      items: { type: 'string' },
      description: 'Every rule set that ran: EN 16931 (CII or UBL), then BR-FR, XRechnung, Peppol BIS Billing as `rules` chose them (JSON "rules", ?rules=, one value or a list).',
      examples: [['EN 16931 CII 1.3.16', 'BR-FR 1.4.0.02'], ['EN 16931 CII 1.3.16', 'XRechnung 3.0.2'], ['EN 16931 UBL 1.3.16', 'BR-FR 1.4.0.02', 'Peppol BIS Billing 3.0.21']],
    },
    xrechnungScenario: { type: ['string', 'null'], enum: ['xrechnung', 'extension', 'cvd', null], description: 'XML validated with the XRechnung rules: the KoSIT scenario BT-24 selects (null: none, the document is rejected).' },
  },
};

const xmlValidation = {
  description: 'The verdict on a CII XML invoice: the rule findings, the XSD reports, and what was read.',
  allOf: [
    ref('Validation'),
    {
      type: 'object',
      required: ['profile', 'specificationId', 'xsd', 'invoiceNumber'],
      properties: {
        profile: { type: 'string', enum: ['MINIMUM', 'BASIC WL', 'BASIC', 'EN 16931', 'EXTENDED', 'XRECHNUNG', 'UNKNOWN'], description: 'The profile its specification identifier (BT-24) names.' },
        specificationId: { type: 'string', description: 'BT-24.' },
        invoiceNumber: { type: 'string', description: 'BT-1.' },
        xsd: {
          type: 'object',
          required: ['ran', 'valid', 'reports'],
          properties: {
            ran: { type: 'boolean' },
            valid: { type: ['boolean', 'null'] },
            skipped: { type: 'string', description: 'Why no XSD ran.' },
            reports: {
              type: 'array',
              items: {
                type: 'object',
                required: ['schema', 'valid', 'errors'],
                properties: {
                  schema: { type: 'string', examples: ['CII D16B', 'Factur-X 1.09 EN16931'] },
                  valid: { type: 'boolean' },
                  errors: { type: 'array', items: { type: 'object', required: ['message'], properties: { line: { type: 'integer' }, message: { type: 'string' } } } },
                },
              },
            },
          },
        },
      },
    },
  ],
};

const v1Validation = {
  type: 'object',
  description: 'The union of the two v1 descriptions: `valid` and `isValid` carry the same value.',
  required: ['valid', 'isValid', 'score', 'errors', 'warnings', 'summary'],
  properties: {
    valid: { type: 'boolean' },
    isValid: { type: 'boolean' },
    score: { type: 'integer', minimum: 0, maximum: 100, description: '50 or more exactly when valid; partial data still scores by its completeness.' },
    errors: { type: 'array', items: ref('Finding') },
    warnings: { type: 'array', items: ref('Finding') },
    summary: { type: 'string' },
  },
};

const meta = {
  type: 'object',
  required: ['processingTimeMs', 'apiVersion'],
  properties: { processingTimeMs: { type: 'integer' }, apiVersion: { const: 'v2' } },
};

const v1Meta = {
  type: 'object',
  required: ['apiVersion'],
  properties: {
    apiVersion: { const: '1.0' },
    processingTimeMs: { type: 'integer' },
    creditsRemaining: { type: 'integer', description: 'Conversions left this month on the key.' },
    extractor: { type: 'string', description: 'Which extractor read the document: local or aws.' },
    jobId: { type: 'string', description: 'Set when the conversion ran as an asynchronous job.' },
  },
};

const rulesProperty = {
  description:
    'Rule sets to apply besides EN 16931, which always runs: auto (default: the French BR-FR rules when the seller is in FR; XRechnung or Peppol when the XML names them in BT-24), fr (BR-FR 1.4.0.02), xrechnung (XRechnung 3.0.2; on /api/v2/xml it writes an XRechnung), peppol (Peppol BIS Billing 3.0.21; writes a Peppol UBL invoice), en16931 (none). Several as a list: ["peppol", "fr"], or "peppol,fr" in a query.',
  default: 'auto',
  oneOf: [
    { type: 'string', enum: [...RULE_SELECTIONS] },
    { type: 'array', items: { type: 'string', enum: [...RULE_SELECTIONS] }, minItems: 1, maxItems: RULE_SELECTIONS.length },
  ],
};

const ciiXmlJson = {
  type: 'object',
  required: ['xml'],
  properties: {
    xml: { type: 'string', minLength: 1, contentMediaType: 'application/xml', description: 'An EN 16931 CII XML invoice (Factur-X, ZUGFeRD, ...), as text.' },
    rules: rulesProperty,
  },
};

const pdfRequest = {
  type: 'object',
  required: ['invoiceData', 'pdfBase64'],
  properties: {
    invoiceData: ref('InvoiceInput'),
    pdfBase64: { type: 'string', contentEncoding: 'base64', contentMediaType: 'application/pdf', description: 'The PDF to turn into Factur-X, base64 (a `data:` URL prefix is accepted).' },
    rules: rulesProperty,
  },
};

const convertRequest = {
  type: 'object',
  description: 'Exactly one of pdfBase64, imageBase64 (with mimeType) or documentBase64 (with mimeType).',
  properties: {
    pdfBase64: { type: 'string', contentEncoding: 'base64', description: 'A PDF.' },
    imageBase64: { type: 'string', contentEncoding: 'base64', description: 'A PNG or JPEG image.' },
    documentBase64: { type: 'string', contentEncoding: 'base64', description: 'Any supported document (see mimeType).' },
    mimeType: { type: 'string', enum: Object.keys(CONVERT_MEDIA_TYPES), description: 'Required with imageBase64 and documentBase64.' },
    fileName: { type: 'string' },
    profile: { type: 'string', enum: ['basic', 'comfort', 'extended'], default: 'comfort', description: 'basic: Factur-X BASIC; comfort: EN 16931; extended: EXTENDED.' },
    syntax: {
      type: 'string',
      enum: ['cii', 'ubl'],
      default: 'cii',
      description: 'cii: Factur-X CII in `profile`; ubl: a UBL 2.1 Invoice (CreditNote for credit-note type codes) in EN 16931, so profile comfort only (basic or extended with ubl is a 400).',
    },
    businessProcess: { type: 'string', minLength: 1, maxLength: MAX_IDENTIFIER_LENGTH, description: 'Business process type (BT-23) to write when the document does not give one, e.g. "B1" (French invoices need a billing framework, BR-FR-08).' },
    rules: rulesProperty,
    autoValidate: { type: 'boolean', description: 'Accepted for compatibility; validation always runs.' },
    async: {
      type: 'boolean',
      default: false,
      description:
        `true: answer 202 with a jobId at once and convert in the background (poll GET /api/v1/jobs/{jobId}). ` +
        `Without it, a document is converted this way only when reading it is estimated not to fit the synchronous deadline (a scan with more pages to OCR than fit, reason cost); ` +
        `text PDFs of any reasonable length, PDFs carrying invoice XML, images, Excel and Word files are answered 200 in the request. ` +
        `A synchronous conversion must finish within ${SYNC_BUDGET_MS / 1000} s, else 422 DOCUMENT_TOO_COMPLEX (limit sync-time, no credit): send such documents with async.`,
    },
  },
};

const convertData = {
  type: 'object',
  required: ['extractedData', 'factureX', 'validation', 'missing'],
  properties: {
    extractedData: { type: 'object', description: 'Every field read, with `confidence` per field, `method` (embedded-xml, embedded-ubl, pdf-text, ocr, spreadsheet, word, textract, bedrock), `checks` and `notes`.' },
    factureX: {
      type: ['object', 'null'],
      description: 'The XML: Factur-X CII in the asked profile, or UBL 2.1 with `syntax: "ubl"`; null when the invoice as read breaks a rule (see validation.errors and missing).',
      properties: { xml: { type: 'string' }, profile: { type: 'string' }, fileName: { type: 'string' }, syntax: { type: 'string', enum: ['cii', 'ubl'] } },
    },
    validation: ref('V1Validation'),
    missing: {
      type: 'array',
      items: { type: 'string' },
      description: 'Input fields (v2 names, e.g. `seller.address`, `buyer.name`, `items[0].vatRate`, `seller.vatNumber`) the document did not give and the invoice needs; add them and send the data to /api/v2/xml or /api/v1/validate.',
    },
  },
};

/** One entry of `unmapped` (lib/convert UnmappedItem): what a written or converted document does not carry. */
const unmapped = {
  type: 'object',
  required: ['term', 'value', 'reason'],
  properties: {
    term: { type: ['string', 'null'], description: 'The EN 16931 business term (BT-nn); null when no term holds the content (e.g. a Factur-X EXTENDED element).' },
    terms: { type: 'array', items: { type: 'string' }, description: 'When the place can hold several terms, each of them.' },
    location: { type: 'string', description: 'XPath-like location in the source document.' },
    path: { type: 'string', description: 'Model path of the term, e.g. precedingInvoices[1].reference.' },
    value: { type: 'string', description: 'The value (cut at 200 characters).' },
    reason: { type: 'string', description: 'Why the written document does not carry it.' },
  },
};

/** The JSON body of POST /api/v2/convert. */
const convertSyntaxJson = {
  type: 'object',
  required: ['xml'],
  properties: {
    xml: { type: 'string', minLength: 1, contentMediaType: 'application/xml', description: 'A CII or UBL 2.1 EN 16931 invoice, as text.' },
    to: { type: 'string', enum: ['cii', 'ubl'], description: 'Target syntax; default: the syntax the document is not in.' },
    rules: rulesProperty,
  },
};

const jobState = {
  type: 'object',
  required: ['jobId', 'status', 'createdAt', 'updatedAt', 'statusUrl'],
  properties: {
    jobId: { type: 'string', pattern: '^job_[a-z2-7]{26}$' },
    status: { type: 'string', enum: ['queued', 'running', 'failed'] },
    createdAt: { type: 'string', format: 'date-time' },
    updatedAt: { type: 'string', format: 'date-time' },
    statusUrl: { type: 'string' },
    error: {
      type: 'object',
      required: ['code', 'message'],
      description: 'Failed: the error the synchronous path would have answered (EXTRACTION_FAILED, DOCUMENT_TOO_COMPLEX, UPSTREAM_UNAVAILABLE ...; JOB_INTERRUPTED when what ran it stopped). No credit was used.',
      properties: { code: { type: 'string' }, message: { type: 'string' }, details: { type: 'array', items: ref('ErrorDetail') } },
    },
    httpStatus: { type: 'integer', description: 'Failed: the status the synchronous path would have answered.' },
  },
};

/** Every schema of `components.schemas`. */
export function componentSchemas(): Record<string, Json> {
  const invoice = invoiceSchema();
  return {
    InvoiceInput: invoice,
    FlatV1Invoice: flatV1Schema(invoice),
    CiiXmlJson: ciiXmlJson,
    ConvertSyntaxJson: convertSyntaxJson,
    Unmapped: unmapped,
    PdfRequest: pdfRequest,
    ConvertRequest: convertRequest,
    ConvertData: convertData,
    JobState: jobState,
    Finding: finding,
    Validation: validation,
    XmlValidation: xmlValidation,
    V1Validation: v1Validation,
    Meta: meta,
    V1Meta: v1Meta,
    Error: ERROR_SCHEMA,
    ErrorBody: ERROR_BODY_SCHEMA,
    ErrorDetail: ERROR_DETAIL_SCHEMA,
  };
}

/** The response headers of the API (`components.headers`). */
export const HEADERS: Readonly<Record<string, Json>> = Object.freeze({
  'X-Processing-Time-Ms': { description: 'Processing time in milliseconds.', schema: { type: 'string', pattern: '^\\d+$' } },
  'X-Invoice-Number': {
    description: `The invoice number (BT-1): kept when printable ASCII, else percent-encoded; at most ${MAX_HEADER_DATA_CHARS} characters (ending in "...[truncated]" when cut).`,
    schema: { type: 'string' },
  },
  'X-Conversion-Method': {
    description: 'What was done to the client PDF: attach (already PDF/A-3 compatible: XML attached, metadata updated), pdfa-upgrade (metadata, output intent and structure made PDF/A-3), ghostscript-pdfa3 (re-rendered to PDF/A-3b).',
    schema: { type: 'string', enum: ['attach', 'pdfa-upgrade', 'ghostscript-pdfa3'] },
  },
  'X-Facturx': {
    description: 'embedded: the PDF is a Factur-X PDF/A-3 with the XML attached (the XML is valid EN 16931); embedded-converted-from-ubl: a valid UBL invoice, embedded as its CII conversion (Factur-X carries CII only); not-embedded: a readable PDF only.',
    schema: { type: 'string', enum: ['embedded', 'embedded-converted-from-ubl', 'not-embedded'] },
  },
  'X-Conversion-Unmapped': { description: 'With embedded-converted-from-ubl: how many items of the UBL the CII conversion does not carry (POST /api/v2/convert lists them).', schema: { type: 'string', pattern: '^\\d+$' } },
  'X-Validation': { description: 'valid, or `invalid; ` followed by the rule ids of the errors (cut with "(+N more)").', schema: { type: 'string' }, example: 'invalid; BR-CO-15 BR-S-08' },
  'Content-Disposition': {
    description: `attachment; filename="<invoice number reduced to [A-Za-z0-9._-], at most ${MAX_FILE_NAME_CHARS} characters>.pdf"; filename*=UTF-8''<the invoice number, percent-encoded>.pdf`,
    schema: { type: 'string' },
    example: `attachment; filename="FA-2026-0042.pdf"; filename*=UTF-8''FA-2026-0042.pdf`,
  },
  'Retry-After': { description: 'Seconds to wait before trying again.', schema: { type: 'string', pattern: '^\\d+$' } },
  Location: { description: 'The job: /api/v1/jobs/{jobId}.', schema: { type: 'string' } },
  'X-Job-Status': { description: 'The job state.', schema: { type: 'string', enum: ['queued', 'running', 'succeeded', 'failed'] } },
  [IDEMPOTENT_REPLAYED_HEADER]: { description: '`true` when the answer is a replay of a stored one (no conversion, no credit).', schema: { type: 'string', enum: ['true'] } },
  'Cache-Control': { description: 'How long the answer may be kept.', schema: { type: 'string' } },
  ETag: { description: 'The version of the file, for If-None-Match.', schema: { type: 'string' } },
});

/** `$ref` to a component header. */
export function header(name: keyof typeof HEADERS & string): Json {
  if (!(name in HEADERS)) throw new Error(`OpenAPI: no header ${name}`);
  return { $ref: `#/components/headers/${name}` };
}

/** The Idempotency-Key header of POST /api/v1/convert (lib/keys/idempotency.ts). */
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
    `Only successful answers (200, 202) are stored: a failed request used no credit and runs again when retried. ` +
    `An answer too large to keep (or, locally, evicted) is not converted again: 409 IDEMPOTENCY_ANSWER_UNAVAILABLE. ` +
    `Replays still need the API key and count against the per-minute rate.`,
  schema: { type: 'string', minLength: 1, maxLength: MAX_IDEMPOTENCY_KEY_LENGTH, pattern: '^[\\x21-\\x7E]+$' },
  example: '5b1f0b0e-6c43-4f57-9a63-0d6c2f3b8e21',
});

/** The `?rules=` query parameter of the endpoints that read raw XML (requestRules in ../body.ts). */
export const RULES_PARAMETER = Object.freeze({
  name: 'rules',
  in: 'query',
  required: false,
  description:
    'Rule sets to apply besides EN 16931, for a raw XML body (a JSON body says it in its `rules` field, which wins): one of auto (default), en16931, fr, xrechnung, peppol, or several separated by commas (`peppol,fr`). Any other value: 400 at `query.rules`.',
  schema: { type: 'string', default: 'auto', pattern: `^(${RULE_SELECTIONS.join('|')})(,(${RULE_SELECTIONS.join('|')}))*$`, examples: ['auto', 'peppol,fr'] },
});

/** `?syntax=` of POST /api/v2/xml, for symmetry with `?rules=` (the JSON field `syntax` wins). */
export const SYNTAX_PARAMETER = Object.freeze({
  name: 'syntax',
  in: 'query',
  required: false,
  description: 'XML syntax to write: cii (default, Factur-X EN 16931) or ubl (UBL 2.1). The JSON field `syntax` says the same and wins.',
  schema: { type: 'string', enum: ['cii', 'ubl'] },
});

/** When a job is worth polling again. */
export const POLL_NOTE = `Poll again after \`Retry-After\` (${POLL_AFTER_SECONDS} s).`;
