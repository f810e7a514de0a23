/**
 * The v2 invoice input (service spec, "Invoice input"; DECISIONS.md, "Optional
 * fields beyond the spec"): a valibot schema that validates a client's JSON
 * body and turns it into typed values (trimmed text, Decimal amounts, defaults
 * applied). The same schema feeds the OpenAPI document: convert it with
 * `toJsonSchema(InvoiceInputSchema, { typeMode: 'input' })` (see json-schema.ts).
 *
 * Conventions:
 * - required text is trimmed and must not be blank; optional text that is
 *   blank, `null` or missing is absent (`undefined`);
 * - amounts, quantities and rates accept a JSON number or a plain decimal
 *   string ("12.50", no exponent) and become Decimal via `dec()`;
 * - text that XML 1.0 cannot carry is rejected;
 * - every free-text field has a length limit (./limits.ts), shown in the JSON
 *   Schema as `maxLength`; lists of notes and lines are bounded too (`maxItems`);
 * - unknown fields are ignored.
 *
 * Inside each pipe, what JSON Schema can express comes first; the first
 * transformation ends the part that `typeMode: 'input'` converts, and the
 * checks after it run only in the service.
 */
import * as v from 'valibot';
import { dec, type Decimal } from '../model/decimal.js';
import { isCountryCode } from './iso-3166.js';
import {
  MAX_ADDRESS_LENGTH,
  MAX_ALLOWANCES_CHARGES,
  MAX_ATTACHMENT_BASE64_LENGTH,
  MAX_DECIMAL_LENGTH,
  MAX_EMAIL_LENGTH,
  MAX_IDENTIFIER_LENGTH,
  MAX_INVOICE_NUMBER_LENGTH,
  MAX_ITEM_ATTRIBUTES,
  MAX_ITEM_CLASSIFICATIONS,
  MAX_ITEM_NAME_LENGTH,
  MAX_LINES,
  MAX_LONG_TEXT_LENGTH,
  MAX_NOTES,
  MAX_SHORT_TEXT_LENGTH,
  MAX_SUPPORTING_DOCUMENTS,
  MAX_URI_LENGTH,
} from './limits.js';
import { codeNumber, codeOf, numericCodeOf, withReceived } from './codes.js';
import { xmlForbiddenCharMessage } from './xml-chars.js';
import { FR_BILLING_FRAMEWORKS } from '../rules/br-fr/BR-FR-08.js';
import { RULE_SELECTIONS, RULES_MESSAGE } from '../rules/rule-sets.js';
import { SYNTAX_NAMES } from '../convert/syntax.js';

/** VAT category codes of EN 16931 (BT-151 / BT-118, UNTDID 5305 subset). */
export const VAT_CATEGORY_CODES = ['S', 'Z', 'E', 'AE', 'K', 'G', 'O', 'L', 'M'] as const;

/** Document type codes accepted as `documentType` (BT-3, UNTDID 1001). */
export const DOCUMENT_TYPE_CODES = ['380', '381', '384', '389', '386'] as const;

const DECIMAL_TEXT = /^-?\d+(?:\.\d+)?$/;

// ---------------------------------------------------------------------------
// Building blocks
// ---------------------------------------------------------------------------

/** Message of an object schema: its own type error, or a missing required key. */
function objectMessage(what: string): v.ErrorMessage<v.ObjectIssue> {
  return (issue) => (issue.expected === 'Object' ? `must be ${what}` : 'is required');
}

/** Rejects text holding characters XML 1.0 cannot carry. */
function xmlSafe<T extends string | undefined>() {
  return v.check<T, v.ErrorMessage<v.CheckIssue<T>>>(
    (text) => text === undefined || xmlForbiddenCharMessage(text) === undefined,
    (issue) => xmlForbiddenCharMessage(String(issue.input)) ?? 'contains a character that XML 1.0 cannot carry',
  );
}

/** At most `max` characters, counted before trimming (`maxLength` in the JSON Schema). */
function maxChars(max: number) {
  return v.maxLength<string, number, v.ErrorMessage<v.MaxLengthIssue<string, number>>>(
    max,
    (issue) => `must be at most ${max} characters long (it has ${issue.received})`,
  );
}

/** At most `max` entries (`maxItems` in the JSON Schema). */
function maxEntries<TItem>(max: number, what: string) {
  return v.maxLength<TItem[], number, v.ErrorMessage<v.MaxLengthIssue<TItem[], number>>>(
    max,
    (issue) => `must have at most ${max} ${what} (it has ${issue.received})`,
  );
}

function trimmed(text: string): string {
  return text.trim();
}

function blankToUndefined(text: string): string | undefined {
  const value = text.trim();
  return value === '' ? undefined : value;
}

/**
 * An optional field: missing or `null` is absent (`undefined` after parsing).
 * The description sits on the field itself so the JSON schema shows it next to the property.
 */
function optional<TSchema extends v.GenericSchema>(schema: TSchema, description: string) {
  return v.pipe(
    v.nullish(schema),
    v.description(description),
    v.transform((value) => (value ?? undefined) as Exclude<typeof value, null>),
  );
}

/** An optional field with a default for missing or `null`. */
function withDefault<TSchema extends v.GenericSchema, const TDefault extends v.InferOutput<TSchema>>(
  schema: TSchema,
  fallback: TDefault,
  description: string,
) {
  return v.pipe(v.nullish(schema, fallback), v.description(description));
}

/** Required text: at most `max` characters, trimmed, not blank, XML-safe. */
function requiredText(description: string, max: number) {
  return v.pipe(
    v.string('must be a string'),
    v.description(description),
    maxChars(max),
    v.regex(/\S/, 'must not be empty'),
    v.transform(trimmed),
    xmlSafe<string>(),
  );
}

/** Optional text of at most `max` characters: trimmed; blank is absent. */
function optionalTextValue(max: number) {
  return v.pipe(v.string('must be a string'), maxChars(max), v.transform(blankToUndefined), xmlSafe<string | undefined>());
}

function optionalText(description: string, max: number) {
  return optional(optionalTextValue(max), description);
}

/**
 * Optional text of at most `max` characters as typed, normalised by `normalize`,
 * then checked against `pattern` (after normalisation). With `asNumber`, a
 * code of a numeric list may also come as a JSON number (./codes.ts
 * {@link codeNumber}), normalised to the same text. Messages say what was received.
 */
function optionalCode(
  description: string,
  normalize: (text: string) => string,
  pattern: RegExp,
  message: string,
  max = MAX_IDENTIFIER_LENGTH,
  asNumber?: { min: number; max: number; width: number },
) {
  const text = v.pipe(
    v.string(withReceived('must be a string')),
    maxChars(max),
    v.transform((value: string) => {
      const normalized = normalize(value);
      return normalized === '' ? undefined : normalized;
    }),
    v.check((value) => value === undefined || pattern.test(value), withReceived(message)),
  );
  if (asNumber === undefined) return optional(text, description);
  return optional(v.union([text, codeNumber(asNumber.min, asNumber.max, asNumber.width, message)], withReceived(message)), description);
}

const decimalValue = v.union(
  [
    v.number('must be a number'),
    v.pipe(
      v.string(),
      v.description('The same number as a plain decimal text, e.g. "12.50": digits, an optional "-" and "." (no exponent, no thousands separator).'),
      maxChars(MAX_DECIMAL_LENGTH),
      v.regex(DECIMAL_TEXT, 'must be a plain decimal such as "12.50" (digits, optional "-" and "." only)'),
    ),
  ],
  'must be a number or a decimal string such as "12.50"',
);

function toDecimal(value: number | string): Decimal {
  return dec(value);
}

function isFiniteDecimal(value: Decimal): boolean {
  return value.isFinite();
}

/** A required decimal (amount, quantity, rate): JSON number or plain decimal string, as Decimal. */
function decimal(description: string) {
  return v.pipe(decimalValue, v.description(description), v.transform(toDecimal), v.check(isFiniteDecimal, 'must be a finite number'));
}

/** An optional decimal (described by its optional wrapper). */
function optionalDecimal(description: string) {
  return optional(v.pipe(decimalValue, v.transform(toDecimal), v.check(isFiniteDecimal, 'must be a finite number')), description);
}

/** True when `text` (already `YYYY-MM-DD`) is a real calendar date. */
export function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  date.setUTCFullYear(year); // Date.UTC maps years 0-99 to 1900-1999
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const DATE_FORMAT_MESSAGE = 'must be a date in the form YYYY-MM-DD';
const CALENDAR_MESSAGE = 'is not a real calendar date';

/**
 * A required date `YYYY-MM-DD` that exists in the calendar. The transformation
 * ends what JSON Schema describes (`format: date`); the calendar check after it
 * runs in the service only.
 */
function date(description: string) {
  return v.pipe(
    v.string('must be a string'),
    v.description(description),
    v.isoDate(DATE_FORMAT_MESSAGE),
    v.transform(trimmed),
    v.check(isCalendarDate, CALENDAR_MESSAGE),
  );
}

/** An optional date (described by its optional wrapper). */
function optionalDate(description: string) {
  return optional(
    v.pipe(v.string('must be a string'), v.isoDate(DATE_FORMAT_MESSAGE), v.transform(trimmed), v.check(isCalendarDate, CALENDAR_MESSAGE)),
    description,
  );
}

const COUNTRY_FORMAT = /^[A-Za-z]{2}$/;
const COUNTRY_FORMAT_MESSAGE = 'must be a two-letter ISO 3166-1 country code such as "FR"';

function upperCase(text: string): string {
  return text.toUpperCase();
}

const isoCountryCheck = v.check(isCountryCode, (issue) =>
  issue.input === 'UK'
    ? 'is not an ISO 3166-1 country code: the United Kingdom is "GB"'
    : `"${String(issue.input)}" is not an ISO 3166-1 alpha-2 country code`,
);

/** A required ISO 3166-1 alpha-2 country code, any case, returned upper-case. */
function country(description: string) {
  return v.pipe(
    v.string('must be a string'),
    v.description(description),
    v.regex(COUNTRY_FORMAT, COUNTRY_FORMAT_MESSAGE),
    v.transform(upperCase),
    isoCountryCheck,
  );
}

/** An optional country code (described by its optional wrapper). */
function optionalCountry(description: string) {
  return optional(
    v.pipe(v.string('must be a string'), v.regex(COUNTRY_FORMAT, COUNTRY_FORMAT_MESSAGE), v.transform(upperCase), isoCountryCheck),
    description,
  );
}

/** Removes blanks so clients can write "732 829 320 00074". */
function withoutSpaces(text: string): string {
  return text.replace(/\s+/g, '');
}

// ---------------------------------------------------------------------------
// Parts of the invoice
// ---------------------------------------------------------------------------

/** A structured postal address (BG-5 / BG-8), the alternative to a one-string address. */
const StructuredAddressSchema = v.object(
  {
    line1: requiredText('Address line 1: street and number (BT-35 / BT-50).', MAX_SHORT_TEXT_LENGTH),
    line2: optionalText('Address line 2 (BT-36 / BT-51).', MAX_SHORT_TEXT_LENGTH),
    line3: optionalText('Address line 3 (BT-162 / BT-163).', MAX_SHORT_TEXT_LENGTH),
    postcode: requiredText('Post code (BT-38 / BT-53).', MAX_IDENTIFIER_LENGTH),
    city: requiredText('City (BT-37 / BT-52).', MAX_SHORT_TEXT_LENGTH),
    subdivision: optionalText('Country subdivision: region, province, county (BT-39 / BT-54).', MAX_SHORT_TEXT_LENGTH),
    countryCode: country('Country, ISO 3166-1 alpha-2 code such as "FR" (BT-40 / BT-55).'),
  },
  objectMessage('an object'),
);

const AddressSchema = v.pipe(
  v.union(
    [requiredText('Full postal address on one or more lines, e.g. "12 rue de la Paix, 75002 Paris, France".', MAX_ADDRESS_LENGTH), StructuredAddressSchema],
    'must be a full-address string or an object {line1, line2?, postcode, city, countryCode}',
  ),
  v.description(
    'Postal address (BG-5 / BG-8): either the full address as one string (street, postcode and city, optionally the country; commas or line breaks between parts), or a structured object.',
  ),
);

/** ISO 6523 ICD and EAS codes that are numbers have four digits: a JSON number is padded to them (./codes.ts). */
const SCHEME_NUMBER_MESSAGE = 'must be a scheme code: as a number, a whole number from 1 to 9999 (9 is "0009")';

/** Electronic address object with its EAS scheme. */
const ElectronicAddressObjectSchema = v.object(
  {
    id: requiredText('Electronic address identifier (BT-34 / BT-49).', MAX_EMAIL_LENGTH),
    scheme: v.pipe(
      v.union([requiredText('The scheme as text.', MAX_IDENTIFIER_LENGTH), codeNumber(1, 9999, 4, SCHEME_NUMBER_MESSAGE)], withReceived('must be a string or a number of 1 to 4 digits')),
      v.description('Electronic address scheme, an EAS code such as "EM" (email), "0009" (SIRET) or "0225" (BT-34-1 / BT-49-1); a numeric code may be a JSON number (9 is "0009").'),
    ),
  },
  objectMessage('an object'),
);

function electronicAddress(description: string) {
  return optional(
    v.union(
      [optionalTextValue(MAX_EMAIL_LENGTH), ElectronicAddressObjectSchema],
      'must be a string (an email address) or an object {id, scheme}',
    ),
    description,
  );
}

/** An object identifier (BT-18 / BT-128) with its optional UNTDID 1153 scheme (BT-18-1 / BT-128-1). */
function objectIdentifier(description: string, ids: { id: string; scheme: string }) {
  return optional(
    v.union(
      [
        optionalTextValue(MAX_IDENTIFIER_LENGTH),
        v.object(
          {
            id: requiredText(`Identifier (${ids.id}).`, MAX_IDENTIFIER_LENGTH),
            scheme: optionalCode(`Identifier scheme, a UNTDID 1153 code such as "AAA" or "ABZ" (${ids.scheme}).`, (text) => text.trim().toUpperCase(), /^[A-Z0-9]{1,3}$/, 'must be a UNTDID 1153 code of 1 to 3 letters or digits'),
          },
          objectMessage('an object'),
        ),
      ],
      'must be a string or an object {id, scheme}',
    ),
    description,
  );
}

/**
 * A party identifier (BT-60 payee, BT-61 payee legal registration, BT-71
 * deliver-to location): a string, or {id, scheme} with an ISO 6523 ICD scheme
 * such as "0009" (SIRET) or "0002" (SIREN); the code list is judged by the
 * rules (BR-CL-10, BR-CL-11, BR-CL-26).
 */
function partyIdentifier(description: string, ids: { id: string; scheme: string }) {
  return optional(
    v.union(
      [
        optionalTextValue(MAX_IDENTIFIER_LENGTH),
        v.object(
          {
            id: requiredText(`Identifier (${ids.id}).`, MAX_IDENTIFIER_LENGTH),
            scheme: optional(
              v.union([optionalTextValue(MAX_IDENTIFIER_LENGTH), codeNumber(1, 9999, 4, SCHEME_NUMBER_MESSAGE)], withReceived('must be a string or a number of 1 to 4 digits')),
              `Identifier scheme, an ISO 6523 ICD code such as "0009" (SIRET), "0002" (SIREN) or "0088" (GLN) (${ids.scheme}); a JSON number is read as the four-digit code (9 is "0009").`,
            ),
          },
          objectMessage('an object'),
        ),
      ],
      'must be a string or an object {id, scheme}',
    ),
    description,
  );
}

const sirenField = (description: string) =>
  optionalCode(description, withoutSpaces, /^\d{9}$/, 'must be a SIREN of 9 digits');
const siretField = (description: string) =>
  optionalCode(description, withoutSpaces, /^\d{14}$/, 'must be a SIRET of 14 digits');

const SellerSchema = v.object(
  {
    name: requiredText('Seller legal name (BT-27).', MAX_SHORT_TEXT_LENGTH),
    address: AddressSchema,
    vatNumber: optionalText('Seller VAT identifier with its country prefix, e.g. "FR44732829320" (BT-31). A VAT identifier or SIRET/SIREN is expected.', MAX_IDENTIFIER_LENGTH),
    siret: siretField('Seller SIRET, 14 digits, for a French seller (BT-29 with scheme 0009; its first 9 digits give BT-30 unless siren is given).'),
    siren: sirenField('Seller SIREN, 9 digits: legal registration identifier (BT-30, scheme 0002).'),
    country: optionalCountry('Seller country, ISO 3166-1 alpha-2, any case (BT-40). Detected from the VAT number, the address or the SIRET when absent.'),
    electronicAddress: electronicAddress('Seller electronic address (BT-34): an email address (scheme EM) or {id, scheme}.'),
    email: optionalText('Seller contact email address (BT-43).', MAX_EMAIL_LENGTH),
    phone: optionalText('Seller contact telephone number (BT-42).', MAX_IDENTIFIER_LENGTH),
    contactName: optionalText('Seller contact point: person or department (BT-41).', MAX_SHORT_TEXT_LENGTH),
    additionalLegalInfo: optionalText('Seller additional legal information, e.g. "SARL au capital de 10 000 EUR - RCS Paris 732 829 320" (BT-33).', MAX_SHORT_TEXT_LENGTH),
  },
  objectMessage('an object'),
);

const BuyerSchema = v.object(
  {
    name: requiredText('Buyer legal name (BT-44).', MAX_SHORT_TEXT_LENGTH),
    address: AddressSchema,
    vatNumber: optionalText('Buyer VAT identifier with its country prefix (BT-48).', MAX_IDENTIFIER_LENGTH),
    siret: siretField('Buyer SIRET, 14 digits (BT-46 with scheme 0009; its first 9 digits give BT-47 unless siren is given).'),
    siren: sirenField('Buyer SIREN, 9 digits: legal registration identifier (BT-47, scheme 0002).'),
    country: optionalCountry('Buyer country, ISO 3166-1 alpha-2, any case (BT-55). Detected from the VAT number, the address or the SIRET when absent.'),
    electronicAddress: electronicAddress('Buyer electronic address (BT-49): an email address (scheme EM) or {id, scheme}.'),
  },
  objectMessage('an object'),
);

/**
 * The payee (BG-10), when someone other than the seller is to be paid (a
 * factoring company, for instance). A payee without a name, or with the
 * seller's, is a finding (BR-17), not a 400.
 */
const PayeeSchema = v.object(
  {
    name: optionalText('Payee name (BT-59); required when there is a payee, and not the seller\'s (BR-17).', MAX_SHORT_TEXT_LENGTH),
    identifier: partyIdentifier('Payee identifier (BT-60): a string, or {id, scheme} such as {"id": "73282932000074", "scheme": "0009"} (BT-60-1).', { id: 'BT-60', scheme: 'BT-60-1' }),
    legalRegistrationId: partyIdentifier('Payee legal registration identifier (BT-61), e.g. a SIREN: a string, or {id, scheme} such as {"id": "732829320", "scheme": "0002"} (BT-61-1).', { id: 'BT-61', scheme: 'BT-61-1' }),
  },
  objectMessage('an object'),
);

/**
 * The seller's tax representative (BG-11) with its postal address (BG-12). A
 * missing name, VAT identifier, address or country is a finding (BR-18, BR-56,
 * BR-19, BR-20), not a 400.
 */
const TaxRepresentativeSchema = v.object(
  {
    name: optionalText('Seller tax representative name (BT-62); required (BR-18).', MAX_SHORT_TEXT_LENGTH),
    vatNumber: optionalText('Seller tax representative VAT identifier with its country prefix (BT-63); required (BR-56).', MAX_IDENTIFIER_LENGTH),
    address: optional(
      AddressSchema,
      'Seller tax representative postal address (BG-12: BT-64..BT-69), a one-string or structured address as for the seller; required, with a country (BR-19, BR-20).',
    ),
    country: optionalCountry('Tax representative country, ISO 3166-1 alpha-2 (BT-69). Detected from the VAT number or the address when absent.'),
  },
  objectMessage('an object'),
);

/** The deliver-to party and place (BG-13: BT-70, BT-71, BG-15). */
const DeliverToSchema = v.object(
  {
    name: optionalText('Deliver to party name (BT-70).', MAX_SHORT_TEXT_LENGTH),
    locationId: partyIdentifier('Deliver to location identifier (BT-71), e.g. a GLN: a string, or {id, scheme} with an ISO 6523 ICD scheme such as "0088" (BT-71-1).', { id: 'BT-71', scheme: 'BT-71-1' }),
    address: optional(
      AddressSchema,
      'Deliver to address (BG-15: BT-75..BT-80), a one-string or structured address as for the seller. Its country (BT-80) is deliveryCountry when given, else the one the address names; an address without a country is a finding (BR-57).',
    ),
  },
  objectMessage('an object'),
);

/** Base64 text (RFC 4648 alphabet, padding, line breaks allowed): what the XSD type base64Binary takes. */
const BASE64_TEXT = /^[A-Za-z0-9+/\s]+={0,2}\s*$/;

function withoutWhitespace(text: string): string {
  return /\s/.test(text) ? text.replace(/\s+/g, '') : text;
}

/** An attached document (BT-125) with its MIME code (BT-125-1) and file name (BT-125-2), all three required by CII. */
const AttachmentSchema = v.object(
  {
    content: v.pipe(
      v.string('must be a string'),
      v.description(`The file, base64-encoded (BT-125); at most ${MAX_ATTACHMENT_BASE64_LENGTH} characters, and the whole request at most 6 MB.`),
      maxChars(MAX_ATTACHMENT_BASE64_LENGTH),
      v.regex(BASE64_TEXT, 'must be base64 (letters, digits, "+", "/", "=" padding)'),
      v.transform(withoutWhitespace),
      v.check((text) => text.length % 4 === 0, 'must be base64 whose length (without line breaks) is a multiple of 4'),
    ),
    mimeCode: v.pipe(
      requiredText(
        'MIME code of the file (BT-125-1): application/pdf, image/png, image/jpeg, text/csv, application/vnd.openxmlformats-officedocument.spreadsheetml.sheet or application/vnd.oasis.opendocument.spreadsheet (others are a finding, BR-CL-24).',
        MAX_IDENTIFIER_LENGTH,
      ),
      v.regex(/^[\w.+-]+\/[\w.+-]+$/, 'must be a MIME type such as "application/pdf"'),
    ),
    filename: requiredText('File name of the attached document, e.g. "timesheet-2026-11.pdf" (BT-125-2).', MAX_SHORT_TEXT_LENGTH),
  },
  objectMessage('an object'),
);

/** An additional supporting document (BG-24): a reference, and a link to it or the file itself. */
const SupportingDocumentSchema = v.object(
  {
    reference: optionalText('Supporting document reference (BT-122), e.g. a timesheet or delivery note number; required (BR-52).', MAX_IDENTIFIER_LENGTH),
    description: optionalText('Supporting document description (BT-123).', MAX_SHORT_TEXT_LENGTH),
    url: optionalText('External document location (BT-124): the URL where the document can be fetched.', MAX_URI_LENGTH),
    attachment: optional(AttachmentSchema, 'The document itself (BT-125): {content (base64), mimeCode, filename}.'),
  },
  objectMessage('an object'),
);

/** An item attribute (BG-32). A missing name or value is a finding (BR-54), not a 400. */
const ItemAttributeSchema = v.object(
  {
    name: optionalText('Item attribute name, e.g. "Colour" (BT-160); required (BR-54).', MAX_SHORT_TEXT_LENGTH),
    value: optionalText('Item attribute value, e.g. "Oak" (BT-161); required (BR-54).', MAX_SHORT_TEXT_LENGTH),
  },
  objectMessage('an object'),
);

/** An item classification (BT-158) with its UNTDID 7143 scheme (BT-158-1, required: BR-65) and scheme version (BT-158-2). */
const ItemClassificationSchema = v.object(
  {
    code: requiredText('Item classification identifier, e.g. a CPV or HS code (BT-158).', MAX_IDENTIFIER_LENGTH),
    scheme: optionalCode(
      'Classification scheme, a UNTDID 7143 code such as "STI" (CPV), "HS" (Harmonised System) or "TSP" (UNSPSC) (BT-158-1); required (BR-65), judged against the list (BR-CL-13).',
      (text) => text.trim().toUpperCase(),
      /^[A-Z0-9]{1,3}$/,
      'must be a UNTDID 7143 code of 1 to 3 letters or digits',
    ),
    version: optionalText('Version of the classification scheme (BT-158-2).', MAX_IDENTIFIER_LENGTH),
  },
  objectMessage('an object'),
);

/** The payment card (BG-18): never the full card number. */
const PaymentCardSchema = v.object(
  {
    lastDigits: v.pipe(
      v.string('must be a string'),
      v.description('The last 4 to 6 digits of the payment card number (BT-87), never the full number (card security standards, BR-51).'),
      maxChars(MAX_IDENTIFIER_LENGTH),
      v.transform(withoutSpaces),
      v.regex(/^\d{4,6}$/, 'must be the last 4 to 6 digits of the card number, never the full number (BR-51)'),
    ),
    holderName: optionalText('Payment card holder name (BT-88).', MAX_SHORT_TEXT_LENGTH),
  },
  objectMessage('an object'),
);

/** Direct debit (BG-19): the mandate, the creditor and the account to debit. */
const DirectDebitSchema = v.object(
  {
    mandateReference: optionalText('Mandate reference identifier (BT-89), e.g. a SEPA mandate reference.', MAX_IDENTIFIER_LENGTH),
    creditorId: optionalText('Bank assigned creditor identifier (BT-90), e.g. a SEPA creditor identifier "FR12ZZZ123456".', MAX_IDENTIFIER_LENGTH),
    debitedAccount: optionalCode(
      "Debited account identifier (BT-91): the buyer's IBAN; spaces allowed.",
      (text) => withoutSpaces(text).toUpperCase(),
      /^[A-Z0-9]+$/,
      'must be an account identifier such as an IBAN (letters and digits)',
    ),
  },
  objectMessage('an object'),
);

/** The term ids of the invoicing period (BG-14) and of a line period (BG-26). */
const PERIOD_TERMS = {
  invoice: { group: 'BG-14', what: 'Invoicing period', start: 'BT-73', end: 'BT-74', order: 'BR-29', either: 'BR-CO-19' },
  line: { group: 'BG-26', what: 'Invoice line period', start: 'BT-134', end: 'BT-135', order: 'BR-30', either: 'BR-CO-20' },
} as const;

/** A period (BG-14 / BG-26): start and end dates, either or both. An empty object is no period. */
function periodSchema(kind: 'invoice' | 'line') {
  const t = PERIOD_TERMS[kind];
  return optional(
    v.object(
      {
        start: optionalDate(`${t.what} start date, YYYY-MM-DD (${t.start}).`),
        end: optionalDate(`${t.what} end date, YYYY-MM-DD (${t.end}); not before the start date (${t.order}).`),
      },
      objectMessage('an object'),
    ),
    `${t.what} (${t.group}): {start, end}, either or both (${t.either}).`,
  );
}

/** The term ids of a line allowance (BG-27) or charge (BG-28). */
const LINE_ALLOWANCE_CHARGE_TERMS = {
  allowance: { group: 'BG-27', amount: 'BT-136', base: 'BT-137', percentage: 'BT-138', reason: 'BT-139', code: 'BT-140', codeList: 'UNTDID 5189, e.g. "95" discount' },
  charge: { group: 'BG-28', amount: 'BT-141', base: 'BT-142', percentage: 'BT-143', reason: 'BT-144', code: 'BT-145', codeList: 'UNTDID 7161, e.g. "ABL" packaging' },
} as const;

/** An allowance (BG-27) or charge (BG-28) on one line; its VAT is the line's. */
function lineAllowanceChargeSchema(kind: 'allowance' | 'charge') {
  const t = LINE_ALLOWANCE_CHARGE_TERMS[kind];
  return v.object(
    {
      amount: optionalDecimal(`Invoice line ${kind} amount without VAT (${t.amount}). Computed as baseAmount x percentage / 100 when absent.`),
      baseAmount: optionalDecimal(`Invoice line ${kind} base amount (${t.base}). Default, with a percentage: quantity x unit price.`),
      percentage: optionalDecimal(`Invoice line ${kind} percentage, e.g. 10 for 10 % (${t.percentage}).`),
      reason: optionalText(`Invoice line ${kind} reason, free text (${t.reason}). A reason or a reason code is required.`, MAX_SHORT_TEXT_LENGTH),
      reasonCode: reasonCode(kind, `Invoice line ${kind} reason code, ${t.codeList} (${t.code}).`),
    },
    objectMessage('an object'),
  );
}

function lineAllowancesCharges(kind: 'allowance' | 'charge', description: string) {
  return optional(v.pipe(v.array(lineAllowanceChargeSchema(kind), 'must be an array'), maxEntries(MAX_ALLOWANCES_CHARGES, `${kind}s`)), description);
}

const ItemSchema = v.object(
  {
    description: requiredText('Line designation: the item name (BT-153).', MAX_ITEM_NAME_LENGTH),
    quantity: v.pipe(
      decimal('Invoiced quantity, greater than 0 (BT-129).'),
      v.check((value) => value.gt(0), 'must be greater than 0'),
    ),
    unitPrice: decimal('Unit price excluding VAT: item net price (BT-146).'),
    vatRate: decimal('VAT rate in percent, a JSON number or a decimal string: e.g. 20, 10, 5.5 (or "5.5") or 0 (BT-152). Ignored for category O.'),
    vatCategory: withDefault(
      codeOf(VAT_CATEGORY_CODES),
      'S',
      'VAT category code (BT-151): S standard, Z zero rated, E exempt, AE reverse charge, K intra-community, G export, O not subject to VAT, L Canary Islands, M Ceuta and Melilla. Default S.',
    ),
    reference: optionalText("Line reference: the item seller's identifier (BT-155).", MAX_IDENTIFIER_LENGTH),
    period: periodSchema('line'),
    objectIdentifier: objectIdentifier('Invoice line object identifier (BT-128), e.g. a meter or subscription number: a string, or {id, scheme} with a UNTDID 1153 scheme (BT-128-1).', { id: 'BT-128', scheme: 'BT-128-1' }),
    grossPrice: optionalDecimal('Item gross price before the price discount, excluding VAT (BT-148). unitPrice stays the net price (BT-146 = BT-148 - BT-147).'),
    priceDiscount: optionalDecimal('Item price discount per unit (BT-147); without grossPrice, the gross price is written as unitPrice + priceDiscount.'),
    baseQuantity: optional(
      v.pipe(decimalValue, v.transform(toDecimal), v.check(isFiniteDecimal, 'must be a finite number'), v.check((value) => value.gt(0), 'must be greater than 0')),
      'Item price base quantity (BT-149): how many units unitPrice is for, e.g. 100 for a price per hundred; the line net amount is then quantity x unitPrice / baseQuantity. Absent: 1, not written.',
    ),
    baseQuantityUnitCode: optional(
      v.pipe(v.string('must be a string'), v.regex(/^[A-Z0-9]{2,3}$/, 'must be a UN/ECE Recommendation 20/21 unit code such as "C62", "HUR" or "KGM"')),
      'Unit of measure of the base quantity (BT-150), UN/ECE Recommendation 20/21; EN 16931 wants the line unit code (BT-130), the default. Given alone, the base quantity is 1.',
    ),
    attributes: optional(
      v.pipe(v.array(ItemAttributeSchema, 'must be an array'), maxEntries(MAX_ITEM_ATTRIBUTES, 'attributes')),
      `Item attributes (BG-32), at most ${MAX_ITEM_ATTRIBUTES}: [{name, value}], e.g. {"name": "Colour", "value": "Oak"} (BT-160, BT-161).`,
    ),
    classifications: optional(
      v.pipe(v.array(ItemClassificationSchema, 'must be an array'), maxEntries(MAX_ITEM_CLASSIFICATIONS, 'classifications')),
      `Item classifications (BT-158), at most ${MAX_ITEM_CLASSIFICATIONS}: [{code, scheme, version}], e.g. {"code": "44111000", "scheme": "STI"} for a CPV code.`,
    ),
    originCountry: optionalCountry('Item country of origin, ISO 3166-1 alpha-2 (BT-159).'),
    allowances: lineAllowancesCharges(
      'allowance',
      `Invoice line allowances (BG-27), at most ${MAX_ALLOWANCES_CHARGES}: each lowers the line net amount (BT-131 = quantity x unit price - allowances + charges).`,
    ),
    charges: lineAllowancesCharges('charge', `Invoice line charges (BG-28), at most ${MAX_ALLOWANCES_CHARGES}: each raises the line net amount (BT-131).`),
    unitCode: withDefault(
      v.pipe(v.string('must be a string'), v.regex(/^[A-Z0-9]{2,3}$/, 'must be a UN/ECE Recommendation 20/21 unit code such as "C62", "HUR" or "KGM"')),
      'C62',
      'Unit of measure, UN/ECE Recommendation 20/21 code (BT-130). Default C62 (one).',
    ),
    vatExemptionReason: optionalText('VAT exemption reason text (BT-120), for categories E, AE, K, G, O.', MAX_LONG_TEXT_LENGTH),
    vatExemptionReasonCode: optionalCode(
      'VAT exemption reason code from the VATEX list, e.g. "VATEX-EU-132-1A" (BT-121).',
      (text) => text.trim().toUpperCase(),
      /^VATEX-[A-Z0-9-]+$/,
      'must be a VATEX code such as "VATEX-EU-132-1A"',
    ),
  },
  objectMessage('an object'),
);

/** The business term ids of a document-level allowance (BG-20) or charge (BG-21). */
const DOCUMENT_ALLOWANCE_CHARGE_TERMS = {
  allowance: { group: 'BG-20', amount: 'BT-92', base: 'BT-93', percentage: 'BT-94', category: 'BT-95', rate: 'BT-96', reason: 'BT-97', code: 'BT-98', codeList: 'UNTDID 5189, e.g. "95" discount, "100" special rebate', missing: 'BR-32' },
  charge: { group: 'BG-21', amount: 'BT-99', base: 'BT-100', percentage: 'BT-101', category: 'BT-102', rate: 'BT-103', reason: 'BT-104', code: 'BT-105', codeList: 'UNTDID 7161, e.g. "FC" freight, "ABL" packaging', missing: 'BR-37' },
} as const;

/**
 * An allowance or charge reason code: 1 to 3 letters or digits, any case, returned upper-case; the code list is judged
 * by the rules (BR-CL-19, BR-CL-20). Allowance reasons (UNTDID 5189) are numbers, so they may come as a JSON number too;
 * charge reasons (UNTDID 7161) are letters.
 */
function reasonCode(kind: 'allowance' | 'charge', description: string) {
  const message = 'must be a code of 1 to 3 letters or digits';
  if (kind === 'charge') return optionalCode(description, (text) => text.trim().toUpperCase(), /^[A-Z0-9]{1,3}$/, message);
  return optionalCode(`${description} A string or a JSON number (95 is "95").`, (text) => text.trim().toUpperCase(), /^[A-Z0-9]{1,3}$/, message, MAX_IDENTIFIER_LENGTH, {
    min: 0,
    max: 999,
    width: 1,
  });
}

/**
 * A document-level allowance (BG-20) or charge (BG-21). The amount may be left
 * to us: base amount x percentage / 100, rounded half up to 2 decimals. The VAT
 * category and rate default to those of the lines when all lines share one.
 */
function documentAllowanceChargeSchema(kind: 'allowance' | 'charge') {
  const t = DOCUMENT_ALLOWANCE_CHARGE_TERMS[kind];
  return v.object(
    {
      amount: optionalDecimal(`Document level ${kind} amount without VAT (${t.amount}). Computed as baseAmount x percentage / 100 when absent.`),
      baseAmount: optionalDecimal(`Document level ${kind} base amount (${t.base}), with percentage.`),
      percentage: optionalDecimal(`Document level ${kind} percentage, e.g. 5 for 5 % (${t.percentage}).`),
      reason: optionalText(`Document level ${kind} reason, free text (${t.reason}). A reason or a reason code is required.`, MAX_SHORT_TEXT_LENGTH),
      reasonCode: reasonCode(kind, `Document level ${kind} reason code, ${t.codeList} (${t.code}).`),
      vatCategory: optional(
        codeOf(VAT_CATEGORY_CODES),
        `VAT category code of the ${kind} (${t.category}). When absent and every line has the same VAT category and rate, those of the lines; otherwise required (${t.missing}).`,
      ),
      vatRate: optionalDecimal(`VAT rate of the ${kind} in percent (${t.rate}). Taken from the lines with the category when absent (see vatCategory); ignored for category O.`),
    },
    objectMessage('an object'),
  );
}

function documentAllowancesCharges(kind: 'allowance' | 'charge', description: string) {
  return optional(
    v.pipe(v.array(documentAllowanceChargeSchema(kind), 'must be an array'), maxEntries(MAX_ALLOWANCES_CHARGES, `${kind}s`)),
    description,
  );
}

/** A note with its subject code (BT-21 / BT-22). */
const NoteObjectSchema = v.object(
  {
    text: requiredText('Note text (BT-22).', MAX_LONG_TEXT_LENGTH),
    subject: optional(
      v.pipe(v.string('must be a string'), v.regex(/^[A-Z0-9]{1,3}$/, 'must be a UNTDID 4451 subject code of 1 to 3 upper-case letters or digits, such as "PMT"')),
      'Note subject code, UNTDID 4451 (BT-21): e.g. PMT, PMD, AAB, TXD, BAR.',
    ),
  },
  objectMessage('an object'),
);

/** The preceding invoice (BG-3). */
const PrecedingInvoiceSchema = v.object(
  {
    number: requiredText('Preceding invoice number (BT-25).', MAX_IDENTIFIER_LENGTH),
    date: optionalDate('Preceding invoice issue date, YYYY-MM-DD (BT-26).'),
  },
  objectMessage('an object'),
);

const TotalsSchema = v.object(
  {
    totalHT: optionalDecimal('Invoice total without VAT (BT-109). Computed when absent; when given it must match the computed total (BR-CO-13).'),
    totalTTC: optionalDecimal('Invoice total with VAT (BT-112). Computed when absent; when given it must match BT-109 + BT-110 (BR-CO-15).'),
    prepaidAmount: optionalDecimal('Amount already paid, e.g. a deposit (BT-113). Deducted from the amount due (BT-115).'),
    roundingAmount: optionalDecimal(
      'Rounding amount (BT-114), e.g. 0.02 to round the amount due to a whole 0.05: added to the amount due (BT-115 = BT-112 - BT-113 + BT-114, BR-CO-16).',
    ),
    vatTotalAccountingCurrency: optionalDecimal(
      'Total VAT in the VAT accounting currency (BT-111), with vatAccountingCurrency. A French invoice not in EUR needs it, in EUR (BR-FR-CO-12).',
    ),
  },
  objectMessage('an object'),
);

const PAYMENT_MEANS_CODE_MESSAGE = 'must be a UNTDID 4461 code such as "30" or "58" (1 to 99, or ZZZ)';

const PaymentMeansSchema = v.object(
  {
    typeCode: optional(
      v.union(
        [
          v.pipe(v.string(withReceived('must be a string')), v.regex(/^(?:[1-9]\d?|ZZZ)$/, withReceived(PAYMENT_MEANS_CODE_MESSAGE))),
          codeNumber(1, 99, 1, PAYMENT_MEANS_CODE_MESSAGE),
        ],
        withReceived(PAYMENT_MEANS_CODE_MESSAGE),
      ),
      'Payment means type code, UNTDID 4461 (BT-81), a string or a JSON number (58 is "58"): e.g. "30" credit transfer, "58" SEPA credit transfer, "49" direct debit, "59" SEPA direct debit, "48" bank card. Default: "59" or "49" with a direct debit, "48" with a card, else "58" when the IBAN is from a SEPA country, else "30".',
    ),
    iban: optionalCode(
      'IBAN of the account to pay to (BT-84); spaces allowed.',
      (text) => withoutSpaces(text).toUpperCase(),
      /^[A-Z]{2}\d{2}[A-Z0-9]{1,30}$/,
      'must be an IBAN: 2 letters, 2 check digits, then up to 30 letters or digits',
    ),
    bic: optionalCode(
      'BIC of the bank (BT-86).',
      (text) => withoutSpaces(text).toUpperCase(),
      /^[A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?$/,
      'must be a BIC of 8 or 11 letters or digits',
    ),
    accountName: optionalText('Name of the account to pay to (BT-85).', MAX_SHORT_TEXT_LENGTH),
    remittanceInformation: optionalText('Remittance information the payer should quote (BT-83).', MAX_SHORT_TEXT_LENGTH),
    card: optional(PaymentCardSchema, 'Payment card information (BG-18): {lastDigits, holderName}. Default typeCode with a card: "48" (bank card).'),
    directDebit: optional(
      DirectDebitSchema,
      'Direct debit (BG-19): {mandateReference, creditorId, debitedAccount}. Default typeCode with a direct debit: "59" (SEPA direct debit) when the debited account is a SEPA IBAN, else "49".',
    ),
  },
  objectMessage('an object'),
);

// ---------------------------------------------------------------------------
// The invoice
// ---------------------------------------------------------------------------

/**
 * The v2 invoice input (service spec "Invoice input" plus the optional fields
 * of DECISIONS.md). Parsing yields {@link InvoiceInput}: trimmed text,
 * Decimal amounts, upper-case codes and the defaults (currency EUR, document
 * type 380, VAT category S, unit code C62).
 */
export const InvoiceInputSchema = v.object(
  {
    invoiceNumber: requiredText('Invoice number (BT-1).', MAX_INVOICE_NUMBER_LENGTH),
    invoiceDate: date('Invoice issue date, YYYY-MM-DD (BT-2).'),
    dueDate: optionalDate('Payment due date, YYYY-MM-DD (BT-9).'),
    currency: withDefault(
      v.pipe(v.string('must be a string'), v.regex(/^[A-Z]{3}$/, 'must be an ISO 4217 currency code of 3 upper-case letters such as "EUR"')),
      'EUR',
      'Invoice currency, ISO 4217 code (BT-5). Default EUR.',
    ),
    documentType: withDefault(
      numericCodeOf(DOCUMENT_TYPE_CODES),
      '380',
      'Document type (BT-3), a string or a JSON number (381 is "381"): 380 invoice, 381 credit note, 384 corrected invoice, 389 self-billed invoice, 386 prepayment invoice. Default 380.',
    ),
    buyerReference: optionalText('Buyer reference, e.g. the buyer\'s service code (BT-10).', MAX_IDENTIFIER_LENGTH),
    purchaseOrderReference: optionalText('Purchase order reference (BT-13).', MAX_IDENTIFIER_LENGTH),
    projectReference: optionalText('Project reference (BT-11).', MAX_IDENTIFIER_LENGTH),
    contractReference: optionalText('Contract reference (BT-12).', MAX_IDENTIFIER_LENGTH),
    receivingAdviceReference: optionalText('Receiving advice reference (BT-15).', MAX_IDENTIFIER_LENGTH),
    despatchAdviceReference: optionalText('Despatch advice reference, e.g. the delivery note number (BT-16).', MAX_IDENTIFIER_LENGTH),
    tenderOrLotReference: optionalText('Tender or lot reference (BT-17).', MAX_IDENTIFIER_LENGTH),
    invoicedObjectIdentifier: objectIdentifier('Invoiced object identifier (BT-18), e.g. a subscription or meter number: a string, or {id, scheme} with a UNTDID 1153 scheme (BT-18-1).', { id: 'BT-18', scheme: 'BT-18-1' }),
    buyerAccountingReference: optionalText("Buyer accounting reference: the buyer's account to book the invoice to (BT-19).", MAX_IDENTIFIER_LENGTH),
    notes: optional(
      v.pipe(
        v.array(v.union([optionalTextValue(MAX_LONG_TEXT_LENGTH), NoteObjectSchema], 'must be a string or an object {text, subject}'), 'must be an array'),
        maxEntries(MAX_NOTES, 'notes'),
      ),
      `Invoice notes (BG-1), one per entry (at most ${MAX_NOTES}): free text (BT-22), or {text, subject} with a UNTDID 4451 subject code (BT-21) such as PMT, PMD, AAB, TXD, BAR. A French invoice gets default PMT, PMD and AAB notes for the subjects not given.`,
    ),
    businessProcess: optionalText(
      `Business process type (BT-23). French invoices need one of the billing frameworks ${FR_BILLING_FRAMEWORKS.join(' ')} (BR-FR-08; no default); any BT-23 text otherwise.`,
      MAX_IDENTIFIER_LENGTH,
    ),
    precedingInvoice: optional(
      PrecedingInvoiceSchema,
      'Preceding invoice (BG-3): its number (BT-25) and issue date (BT-26). Required on French credit notes (381) and corrective invoices (384) (BR-FR-CO-04, BR-FR-CO-05).',
    ),
    vatAccountingCurrency: optional(
      v.pipe(v.string('must be a string'), v.regex(/^[A-Z]{3}$/, 'must be an ISO 4217 currency code of 3 upper-case letters such as "EUR"')),
      'VAT accounting currency, ISO 4217 (BT-6), with totals.vatTotalAccountingCurrency (BT-111). A French invoice not in EUR needs EUR here (BR-FR-CO-12).',
    ),
    rules: optional(
      v.union([v.picklist(RULE_SELECTIONS), v.pipe(v.array(v.picklist(RULE_SELECTIONS)), v.minLength(1), v.maxLength(RULE_SELECTIONS.length))], withReceived(RULES_MESSAGE)),
      'Rule sets to apply besides EN 16931 (always run): auto (default: the French BR-FR rules when the seller is in FR), fr (BR-FR 1.4.0.02), xrechnung (XRechnung 3.0.2: writes an XRechnung), peppol (Peppol BIS Billing 3.0.21: writes a Peppol UBL invoice), en16931 (none); several as a list, e.g. ["peppol", "fr"].',
    ),
    syntax: optional(
      v.picklist(SYNTAX_NAMES, `must be one of ${SYNTAX_NAMES.join(', ')}`),
      'XML syntax to write: cii (default: UN/CEFACT CII D16B, Factur-X EN 16931) or ubl (OASIS UBL 2.1 Invoice, or CreditNote for credit-note type codes such as 381 and 396). Same validation and rule sets for both.',
    ),
    paymentTerms: optionalText('Payment terms, free text, e.g. "30 days net" (BT-20).', MAX_LONG_TEXT_LENGTH),
    paymentMeans: optional(PaymentMeansSchema, 'Payment instructions (BG-16) with the credit transfer account (BG-17).'),
    deliveryDate: optionalDate('Actual delivery date, YYYY-MM-DD (BT-72).'),
    invoicingPeriod: periodSchema('invoice'),
    deliveryCountry: optionalCountry('Deliver-to country, ISO 3166-1 alpha-2 (BT-80); the country of deliverTo.address when both are given.'),
    deliverTo: optional(DeliverToSchema, 'Deliver-to party and place (BG-13): {name, locationId, address} (BT-70, BT-71, BG-15); the date is deliveryDate (BT-72).'),
    taxPointDate: optionalDate(
      'Value added tax point date, YYYY-MM-DD (BT-7), when VAT becomes due on another date than the invoice date. Not with taxPointDateCode (BR-CO-03).',
    ),
    taxPointDateCode: optionalCode(
      'Value added tax point date code (BT-8), a string or a JSON number (29 is "29"): "5" invoice date, "29" delivery date, "72" paid to date (BR-CL-06). Not with taxPointDate (BR-CO-03).',
      (text) => text.trim(),
      /^[0-9]{1,3}$/,
      'must be a UNTDID 2475 code such as "5", "29" or "72"',
      MAX_IDENTIFIER_LENGTH,
      { min: 0, max: 999, width: 1 },
    ),
    payee: optional(PayeeSchema, 'Payee (BG-10), when the payment goes to another party than the seller, e.g. a factoring company.'),
    taxRepresentative: optional(TaxRepresentativeSchema, "Seller tax representative (BG-11), for a seller that declares VAT through a representative in the buyer's country."),
    supportingDocuments: optional(
      v.pipe(v.array(SupportingDocumentSchema, 'must be an array'), maxEntries(MAX_SUPPORTING_DOCUMENTS, 'supporting documents')),
      `Additional supporting documents (BG-24), at most ${MAX_SUPPORTING_DOCUMENTS}: [{reference, description, url, attachment{content, mimeCode, filename}}], e.g. a timesheet as a PDF.`,
    ),
    seller: v.pipe(SellerSchema, v.description('The seller (BG-4).')),
    buyer: v.pipe(BuyerSchema, v.description('The buyer (BG-7).')),
    items: v.pipe(
      v.array(ItemSchema, 'must be an array of invoice lines'),
      v.description(`Invoice lines (BG-25), in order (at most ${MAX_LINES}); line identifiers are 1, 2, 3...`),
      maxEntries(MAX_LINES, 'lines'),
    ),
    allowances: documentAllowancesCharges(
      'allowance',
      `Document level allowances (BG-20), e.g. a discount on the whole invoice (at most ${MAX_ALLOWANCES_CHARGES}). Each lowers the taxable base of its VAT category (BT-116) and the total without VAT (BT-107, BT-109).`,
    ),
    charges: documentAllowancesCharges(
      'charge',
      `Document level charges (BG-21), e.g. shipping or packaging (at most ${MAX_ALLOWANCES_CHARGES}). Each raises the taxable base of its VAT category (BT-116) and the total without VAT (BT-108, BT-109).`,
    ),
    totals: optional(
      TotalsSchema,
      'Totals given by the client. Computed when absent; amounts given are kept as given and checked by the EN 16931 rules.',
    ),
  },
  objectMessage('a JSON object'),
);

/** The v2 invoice input after parsing (trimmed, typed, defaults applied). */
export type InvoiceInput = v.InferOutput<typeof InvoiceInputSchema>;
/** The v2 invoice input as a client sends it (JSON). */
export type InvoiceInputJson = v.InferInput<typeof InvoiceInputSchema>;
/** One parsed invoice line of the input. */
export type InvoiceItemInput = InvoiceInput['items'][number];
/** One parsed document-level allowance (BG-20) or charge (BG-21) of the input. */
export type DocumentAllowanceChargeInput = NonNullable<InvoiceInput['allowances']>[number];
/** One parsed line allowance (BG-27) or charge (BG-28) of the input. */
export type LineAllowanceChargeInput = NonNullable<InvoiceItemInput['allowances']>[number];
/** A parsed party address: the one-string form or the structured form. */
export type AddressInput = InvoiceInput['seller']['address'];

/** One problem of a request body, for a 400 BAD_REQUEST `details` entry. */
export interface InputIssue {
  /** Dotted path into the body, e.g. `items[2].quantity` or `seller.name`; empty for the body itself. */
  path: string;
  message: string;
}

/** The outcome of {@link parseInvoiceInput}. */
export type ParseInvoiceInputResult = { ok: true; value: InvoiceInput } | { ok: false; issues: InputIssue[] };

type AnyIssue = v.BaseIssue<unknown>;

/** `['items', 2, 'quantity']` -> `items[2].quantity`. */
function formatPath(keys: readonly unknown[]): string {
  let path = '';
  for (const key of keys) {
    if (typeof key === 'number') path += `[${key}]`;
    else path += path === '' ? String(key) : `.${String(key)}`;
  }
  return path;
}

/** True for a union option that failed only because the value had another type. */
function isTypeMismatchOnly(issue: AnyIssue): boolean {
  return issue.kind === 'schema' && (issue.path === undefined || issue.path.length === 0) && issue.issues === undefined;
}

/**
 * Turns a valibot issue into path/message pairs. For a union (address as
 * string or object, ...) the issues of the option the value was meant for are
 * reported, e.g. `seller.address.city: is required`, not a generic type error.
 */
function toInputIssues(issue: AnyIssue, prefix: readonly unknown[]): InputIssue[] {
  const keys = [...prefix, ...(issue.path ?? []).map((item) => item.key)];
  if (issue.type === 'union' && issue.issues) {
    const specific = issue.issues.filter((sub) => !isTypeMismatchOnly(sub));
    if (specific.length > 0) return specific.flatMap((sub) => toInputIssues(sub, keys));
  }
  return [{ path: formatPath(keys), message: issue.message }];
}

/**
 * Validates and converts a v2 request body against {@link InvoiceInputSchema}.
 * Returns the parsed input, or every problem found as `{path, message}` with
 * dotted paths such as `items[2].quantity` (400 BAD_REQUEST details). Never throws.
 */
export function parseInvoiceInput(body: unknown): ParseInvoiceInputResult {
  // valibot's object schema takes arrays for objects; a JSON array is not an invoice.
  if (Array.isArray(body)) return { ok: false, issues: [{ path: '', message: 'must be a JSON object' }] };
  const result = v.safeParse(InvoiceInputSchema, body);
  if (result.success) return { ok: true, value: result.output };
  return { ok: false, issues: result.issues.flatMap((issue) => toInputIssues(issue, [])) };
}
