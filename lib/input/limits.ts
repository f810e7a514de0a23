/**
 * Length limits of the v2 invoice input (lib/input/schema.ts). Neither
 * EN 16931 nor the CII D16B schema bounds text, so these are ours: far above
 * what real invoices carry, low enough that no field can make the service
 * (or a header, a PDF line, a log line) handle megabytes of one value. A
 * longer value is a 400 `BAD_REQUEST` naming the field. They appear in the
 * JSON Schema (`maxLength`, `maxItems`) and so in /api/openapi.json and
 * /api/docs.
 *
 * Lengths are counted as JavaScript counts them, in UTF-16 code units: a
 * character outside the Basic Multilingual Plane (an emoji, for instance)
 * counts two.
 *
 * Fields with a fixed form are bounded by it and need no limit here: dates
 * (YYYY-MM-DD), country, currency and unit codes, payment means type codes,
 * document types and VAT categories.
 */

/**
 * Invoice number (BT-1). Generous for any numbering scheme; the French rules
 * cap it at 35 characters for French invoices, but that is a business rule
 * (BR-FR), reported as a finding, not a limit of the input.
 */
export const MAX_INVOICE_NUMBER_LENGTH = 200;

/**
 * Identifiers, references and codes as the client types them (spaces
 * allowed where the schema removes them): VAT identifiers (BT-31, BT-48),
 * SIRET, SIREN, IBAN, BIC, buyer reference (BT-10), purchase order (BT-13),
 * item reference (BT-155), project, contract, receiving and despatch advice,
 * tender, invoiced and line object references (BT-11, BT-12, BT-15..BT-19,
 * BT-128), electronic address scheme, VAT exemption reason
 * code (BT-121), post code (BT-38, BT-53), telephone (BT-42), payee and
 * deliver-to identifiers (BT-60, BT-61, BT-71), supporting document
 * reference and MIME code (BT-122, BT-125-1), item classification codes
 * (BT-158), direct debit mandate, creditor and debited account (BT-89..BT-91).
 */
export const MAX_IDENTIFIER_LENGTH = 100;

/**
 * Email addresses (BT-43) and electronic addresses (BT-34, BT-49), which are
 * often email addresses: 254, the longest address SMTP can carry (RFC 5321).
 */
export const MAX_EMAIL_LENGTH = 254;

/**
 * Names and other short text: seller and buyer names (BT-27, BT-44), contact
 * (BT-41), address lines (BT-35, BT-36, BT-162 and the buyer's), city,
 * country subdivision, account name (BT-85), remittance information (BT-83),
 * allowance and charge reasons (BT-97, BT-104, BT-139, BT-144), seller
 * additional legal information (BT-33), payee, tax representative and
 * deliver-to names (BT-59, BT-62, BT-70), card holder (BT-88), supporting
 * document descriptions and file names (BT-123, BT-125-2), item attribute
 * names and values (BT-160, BT-161).
 */
export const MAX_SHORT_TEXT_LENGTH = 500;

/** A whole postal address given as one string (all its lines together). */
export const MAX_ADDRESS_LENGTH = 1_000;

/** Line designation, the item name (BT-153): long catalogue designations fit. */
export const MAX_ITEM_NAME_LENGTH = 1_000;

/** Free text: each invoice note (BT-22), payment terms (BT-20), VAT exemption reason (BT-120). */
export const MAX_LONG_TEXT_LENGTH = 10_000;

/**
 * An amount, quantity or rate sent as a decimal string ("18.50"). Our
 * arithmetic carries 40 significant digits; decimal.js multiplies digit
 * strings in quadratic time, so a 100,000-digit quantity times a
 * 100,000-digit price would take seconds.
 */
export const MAX_DECIMAL_LENGTH = 50;

/**
 * Document-level allowances (BG-20) and, separately, charges (BG-21) in one
 * invoice; also the allowances (BG-27) and charges (BG-28) of one line.
 */
export const MAX_ALLOWANCES_CHARGES = 100;

/**
 * Additional supporting documents (BG-24) in one invoice; also the attributes
 * (BG-32) and the classifications (BT-158) of one item.
 */
export const MAX_SUPPORTING_DOCUMENTS = 100;
export const MAX_ITEM_ATTRIBUTES = 100;
export const MAX_ITEM_CLASSIFICATIONS = 100;

/** External document location (BT-124): a URL; 2,048 characters is what browsers and servers commonly accept. */
export const MAX_URI_LENGTH = 2_048;

/**
 * An attached document (BT-125) in base64: as long as the 6 MiB request body
 * that carries it (functions/_shared/http.ts `MAX_BODY_BYTES`), so the body
 * limit is the real bound.
 */
export const MAX_ATTACHMENT_BASE64_LENGTH = 6 * 1024 * 1024;

/** Invoice notes (BT-22) in one invoice. */
export const MAX_NOTES = 100;

/** Invoice lines (BG-25) in one invoice: the largest invoice the benchmarks measure. */
export const MAX_LINES = 10_000;
