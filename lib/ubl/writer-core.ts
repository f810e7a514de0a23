/**
 * The element helpers the UBL 2.1 writer (./writer.ts, ./writer-parties.ts,
 * ./writer-lines.ts) writes with: the shared {@link XmlBuilder}, plus the UBL
 * data types of EN 16931-3-2 (amounts with their `currencyID`, quantities,
 * ISO dates, identifiers with their scheme) and the record of what the model
 * holds that the UBL binding cannot carry.
 */
import { formatDecimal, type Decimal } from '../model/decimal.js';
import type { Identifier } from '../model/invoice.js';
import { isPresent } from '../model/presence.js';
import { attributeText, escapeText, XmlBuilder } from '../xml/xml-builder.js';

/** UBL 2.1 namespace URIs (OASIS UBL 2.1, the schemas EN 16931-3-2 binds to). */
export const UBL_NAMESPACES = {
  invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  creditNote: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
} as const;

/**
 * A business term of the model that the written document does not carry,
 * with the model path of its value and why (see {@link UblWriter.drop}).
 */
export interface UnmappedTerm {
  /** BT id, e.g. `BT-9`. */
  term: string;
  /** Model path of the value, e.g. `dueDate`, `notes[1].subjectCode`. */
  path: string;
  /** Why the target syntax cannot carry it. */
  reason: string;
}

/** True for a string with non-white-space content (the project-wide notion of "present", lib/model/presence.ts). */
export const has = isPresent;

/** True for an identifier with a present id. */
export function hasId(id: Identifier | undefined): id is Identifier {
  return id !== undefined && has(id.id);
}

/** ` name="value"` (escaped) when the value is present, else nothing. */
export function attr(name: string, value: string | undefined): string {
  return has(value) ? attributeText(name, value) : '';
}

/**
 * Element-level helpers over XmlBuilder; each writes nothing when its value is
 * absent (blank strings count as absent, as in the CII writer).
 */
export class UblWriter extends XmlBuilder {
  /** What the model holds that this document cannot carry, in the order met. */
  readonly unmapped: UnmappedTerm[] = [];
  /** ` currencyID="..."` of the invoice currency (BT-5), the currency of every amount but BT-111. */
  readonly currency: string;

  /** @param mirrorTree build the element tree a parser reads from the text (see {@link XmlBuilder}) */
  constructor(invoiceCurrency: string | undefined, mirrorTree = false) {
    super(mirrorTree);
    this.currency = attr('currencyID', invoiceCurrency);
  }

  /** Records that the model value at `path` (business term `term`) is not written, and why. */
  drop(term: string, path: string, reason: string): void {
    this.unmapped.push({ term, path, reason });
  }

  text(name: string, value: string | undefined, attrs = ''): void {
    if (has(value)) this.leaf(name, escapeText(value), attrs);
  }

  /**
   * An element the UBL XSD requires in its aggregate, holding a business term
   * the model lacks (a supporting document without its reference, BT-122):
   * written empty, so the document stays schema-valid and the EN 16931 rule
   * on the term (BR-52, BR-55, ...) reports the absence, as on the model.
   */
  required(name: string, value: string | undefined): void {
    if (has(value)) this.leaf(name, escapeText(value), '');
    else this.leaf(name, '', '');
  }

  /** An identifier with its scheme as `@schemeID` (BT-29, BT-30, BT-34, BT-157, ...). */
  id(name: string, value: Identifier | undefined): void {
    if (hasId(value)) this.leaf(name, escapeText(value.id), attr('schemeID', value.scheme));
  }

  /** An amount: at least two fraction digits, with `currencyID` (the invoice currency unless `currencyAttr` is given). */
  amount(name: string, value: Decimal | undefined, currencyAttr = this.currency): void {
    if (value !== undefined) this.leaf(name, formatDecimal(value, 2), currencyAttr);
  }

  /** A quantity or percentage, digits as given. */
  decimal(name: string, value: Decimal | undefined, attrs = ''): void {
    if (value !== undefined) this.leaf(name, formatDecimal(value, 0), attrs);
  }

  /** A UBL date (`xs:date`, the model's `YYYY-MM-DD`), written as is: a malformed date is left for the XSD to report. */
  date(name: string, value: string | undefined): void {
    if (has(value)) this.leaf(name, escapeText(value.trim()), '');
  }

  /** `cac:TaxScheme/cbc:ID` = `VAT`, the tax scheme of every EN 16931 VAT element. */
  vatScheme(): void {
    this.open('cac:TaxScheme');
    this.leaf('cbc:ID', 'VAT');
    this.close();
  }

  /** A document reference aggregate holding only its identifier (BT-12, BT-15, BT-16, BT-17, BT-11 of an Invoice). */
  reference(container: string, value: string | undefined): void {
    if (!has(value)) return;
    this.open(container);
    this.text('cbc:ID', value);
    this.close();
  }
}
