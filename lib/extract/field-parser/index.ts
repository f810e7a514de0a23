/**
 * The rule-based invoice field parser (French, German, English): positioned
 * text in, {@link ExtractedInvoice} out. Pure TypeScript, no I/O.
 */
/** Parsing of positioned text into invoice data (BT-1 .. BT-115, BG-25), and the "nothing usable" verdict. */
export { parseInvoice, assertUsable, repairPartyNames, type ParseInvoiceOptions } from './parse-invoice.js';
/** Repairs of party names read by OCR: legal forms, an l for an I, accents, from the document's evidence. */
export { gatherNameEvidence, repairOcrLegalForms, repairOcrName, type NameEvidence, type RepairNameOptions } from './ocr-names.js';
/** Positioned text: lines of chunks with their x, built from items, plain text or cells. */
export { buildLines, documentFromPlainText, joinLines, linesFromPlainText, makeLine, type PositionedItem, type TextChunk, type TextDocument, type TextLine } from './text.js';
/** Amounts in European and English formats to decimal strings. */
export { parseAmount, findAmounts, detectDecimalStyle, parsePercent, type DecimalStyle } from './numbers.js';
/** Dates in French, German and English formats to ISO (BT-2, BT-9). */
export { parseDate, readDateValue, findDates, detectDateOrder, decideDateOrder, type DateOrder, type DateOrderDecision, type DateToken } from './dates.js';
/** IBAN (BT-84), VAT identifiers (BT-31 / BT-48), BIC (BT-86), SIREN / SIRET (BT-30 / BT-47). */
export { isValidIban, findIbans, findVatNumbers, findLabelledBics, findFrenchCompanyIds, classifyTaxId, type TaxIdKind, type TaxIdReading } from './identifiers.js';
/** Currencies and countries a document shows, and what they decide (date order, French identifiers). */
export { currenciesInText, isFrenchDocument, isMonthFirstDocument, NO_EVIDENCE, type DocumentEvidence } from './evidence.js';
