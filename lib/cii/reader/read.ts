/**
 * Reads a UN/CEFACT CII D16B invoice (Factur-X / ZUGFeRD 2.x MINIMUM to
 * EXTENDED, XRechnung CII) into the EN 16931 semantic model.
 *
 * Every business term of the model is read from the place the CII binding of
 * the CEN artefacts (EN16931-CII-model.sch, release 1.3.16; see
 * lib/cii/binding.ts) gives it, so the business rules (lib/rules) see what
 * the official schematron sees. Where CII allows repetitions the model does
 * not, the reader follows what the official rules look at:
 * - BT-110 is the first `TaxTotalAmount` whose `@currencyID` equals BT-5,
 *   BT-111 the first other one whose `@currencyID` equals BT-6;
 * - VAT terms of a line, an allowance or a charge come from the
 *   `ApplicableTradeTax` / `CategoryTradeTax` whose `TypeCode` is `VAT`
 *   (upper-cased, as the official tests compare it);
 * - one PAYMENT INSTRUCTIONS group (BG-16) gathers every
 *   `SpecifiedTradeSettlementPaymentMeans`: BT-81/BT-82 of the first, one
 *   CREDIT TRANSFER (BG-17) per means carrying a payee account or
 *   institution; without any means there is no BG-16 (see paymentInstructions);
 * - every header `AdditionalReferencedDocument` is BT-17 (TypeCode 50), BT-18
 *   (TypeCode 130) or else a supporting document (BG-24), as the official
 *   BR-52 checks them all;
 * - BT-7 / BT-8 are the first `TaxPointDate` / `DueDateTypeCode` of the VAT
 *   breakdowns (CII has no document-level place for them);
 * - a single-valued aggregate repeated in the document is read as the
 *   official paths step through it: one merged view of every occurrence
 *   (./navigate.ts), so a term missing from the first occurrence is found
 *   in the next; a single-valued term repeated is read from its first
 *   occurrence, as XPath's `(path)[1]` would (the official functions that
 *   take one item abort on it). A repeated aggregate that is an official
 *   rule context is listed in `repeatedContexts`, for the validation to
 *   check each occurrence on its own (`readCii(root, { occurrence })`).
 * What decides an official verdict but has no business term (an aggregate
 * the document lacks, a tax not typed VAT, a VAT total beyond BT-110/BT-111)
 * is recorded as source facts for the rules (lib/model/source-facts.ts).
 *
 * Values are read as written: texts untrimmed (the rules treat blank as
 * absent), decimals with `decFromText` so BR-DEC counts digits as written,
 * dates `YYYYMMDD` (format 102, the only format the official rules read) as
 * `YYYY-MM-DD`. A mandatory text term that is missing is `''`, a missing
 * amount `undefined`, as lib/model/invoice.ts prescribes.
 *
 * The reader never throws on content: it takes whatever the document has.
 * It does not evaluate XPath: each element is visited a bounded number of
 * times by direct child look-ups.
 */
import { decFromText, type Decimal } from '../../model/decimal.js';
import type {
  Buyer,
  Contact,
  CreditTransfer,
  Delivery,
  DocumentAllowanceCharge,
  DocumentTotals,
  Identifier,
  Invoice,
  InvoiceLine,
  InvoiceNote,
  LineAllowanceCharge,
  Payee,
  PaymentInstructions,
  Period,
  PostalAddress,
  PrecedingInvoice,
  Seller,
  SupportingDocument,
  TaxRepresentative,
  VatBreakdown,
} from '../../model/invoice.js';
import { recordSourceFacts, type MandatoryGroup, type SourceFacts, type OtherTax, type UnmappedTaxTotal, type UnmodelledCode } from '../../model/source-facts.js';
import { isPresent } from '../../model/presence.js';
import { LazyLocations } from './locate.js';
import { dig, firstKid, kid, kids, occurrences, withNavigationScope, type RepeatedContext } from './navigate.js';
import { detectProfile, type CiiProfile } from './profile.js';
import type { CiiElement } from './tree.js';

export { detectProfile, type CiiProfile } from './profile.js';

/** What {@link readCii} gives. */
export interface ReadResult {
  /** The semantic model of the document. */
  invoice: Invoice;
  /**
   * Where each term came from: model path (e.g. `lines[2].netAmount`,
   * `seller.vatId`, `totals.taxExclusiveAmount`, also groups such as
   * `lines[2]` or `seller.address`) to the XPath-like location of its element
   * or attribute (tree.ts `elementPath` format). Absent terms have no entry.
   */
  locations: Map<string, string>;
  /** The Specification identifier (BT-24) as written, `''` when missing. */
  specificationId: string;
  /** The profile BT-24 names. */
  profile: CiiProfile;
  /**
   * Single-valued aggregates the document repeats that are official rule
   * contexts (./navigate.ts PER_OCCURRENCE_CONTEXTS): the official rules of
   * that context run once per occurrence. Empty for almost every document.
   */
  repeatedContexts: readonly RepeatedContext[];
}

/** Options of {@link readCii}. */
export interface ReadOptions {
  /**
   * One occurrence of a repeated context aggregate (from `repeatedContexts`),
   * read alone in place of the merged view of all its occurrences.
   */
  occurrence?: CiiElement;
}

// Canonical element names (tree.ts), grouped by the aggregate they belong to.
const RSM_CONTEXT = 'rsm:ExchangedDocumentContext';
const RSM_DOCUMENT = 'rsm:ExchangedDocument';
const RSM_TRANSACTION = 'rsm:SupplyChainTradeTransaction';
const ID = 'ram:ID';
const GLOBAL_ID = 'ram:GlobalID';
const NAME = 'ram:Name';
const TYPE_CODE = 'ram:TypeCode';
const CATEGORY_CODE = 'ram:CategoryCode';
const RATE = 'ram:RateApplicablePercent';
const ISSUER_ID = 'ram:IssuerAssignedID';
const ADDRESS = 'ram:PostalTradeAddress';
const TAX_REGISTRATION = 'ram:SpecifiedTaxRegistration';
const LEGAL_ORGANIZATION = 'ram:SpecifiedLegalOrganization';
const ALLOWANCE_CHARGE = 'ram:SpecifiedTradeAllowanceCharge';
const PERIOD = 'ram:BillingSpecifiedPeriod';
const ADDITIONAL_DOCUMENT = 'ram:AdditionalReferencedDocument';

/** Document type codes (UNTDID 1001) that make an AdditionalReferencedDocument a term other than BG-24. */
const TENDER_TYPE = '50';
const INVOICED_OBJECT_TYPE = '130';

/** Element text compared the way the official tests compare codes (`upper-case(ram:TypeCode) = 'VAT'`). */
function isVatTyped(tax: CiiElement): boolean {
  return kid(tax, TYPE_CODE)?.text.toUpperCase() === 'VAT';
}

/**
 * The tax aggregate a place's VAT terms are read from: the first VAT-typed one
 * among `taxes`, else the first. The official sums and counts of the category
 * rules (BR-S-08, BR-E-01, ...) read `CategoryCode` and `RateApplicablePercent`
 * whatever the TypeCode; the rule contexts that filter on it consult the
 * TypeCode recorded in the source facts (`taxTypeCodes`).
 */
function vatTax(taxes: CiiElement[]): CiiElement | undefined {
  return taxes.find(isVatTyped) ?? taxes[0];
}

const DATE_102 = /^\d{8}$/;
/** The date element of most terms (BT-2, BT-9, BT-72..74, BT-134/135). */
const DATE_TIME = 'udt:DateTimeString';

/**
 * The child `name` (a date string element) of `wrapper` with format 102, the
 * only dates most official rules read; with `anyFormat`, whatever its format.
 */
function dateElement(wrapper: CiiElement | undefined, name: string, anyFormat: boolean): CiiElement | undefined {
  if (wrapper === undefined) return undefined;
  for (const c of wrapper.children) if (c.name === name && (anyFormat || c.attrs.format === '102')) return c;
  return undefined;
}

/** The text of every format-102 date string child of `wrapper` (BR-29 / BR-30 compare each: `End/DateTimeString[@format = '102'] >= Start/...`). */
function dates102(wrapper: CiiElement | undefined): string[] {
  const out: string[] = [];
  for (const c of wrapper?.children ?? []) if (c.name === DATE_TIME && c.attrs.format === '102') out.push(c.text);
  return out;
}

/** `YYYYMMDD` as `YYYY-MM-DD`; other text trimmed as written (the rules then see a malformed date). */
function isoDate(text: string): string {
  const t = text.trim();
  return DATE_102.test(t) ? `${t.slice(0, 4)}-${t.slice(4, 6)}-${t.slice(6, 8)}` : t;
}

/**
 * Parses `IndicatorType` content as the official sums and code checks do
 * (`udt:Indicator = true()` casts it to xs:boolean, white space collapsed):
 * true for a charge (`true`, `1`), false for an allowance (`false`, `0`),
 * undefined for anything else (where the official XSLT itself aborts).
 */
function chargeIndicator(ac: CiiElement): boolean | undefined {
  const text = dig(ac, 'ram:ChargeIndicator', 'udt:Indicator')?.text.trim();
  if (text === 'true' || text === '1') return true;
  if (text === 'false' || text === '0') return false;
  return undefined;
}

/** One side an allowance or charge is on: a charge or an allowance, and whether its indicator says so literally. */
interface IndicatorSide {
  charge: boolean;
  /** Written exactly `true` / `false`, as the string-comparing official contexts want (BR-31..BR-44). */
  literal: boolean;
}

/**
 * The sides the official tests put an allowance or charge on: a charge when
 * `udt:Indicator = true()`, an allowance when `= false()`. With a repeated
 * indicator both general comparisons may hold (`0` and `true`): it is then
 * in both sums, and in the string contexts of each side whose word is
 * written exactly. None when no indicator casts (neither).
 */
function indicatorSides(ac: CiiElement): IndicatorSide[] {
  const el = dig(ac, 'ram:ChargeIndicator', 'udt:Indicator');
  if (el === undefined) return [];
  const texts = occurrences(el).map((o) => o.text);
  const sides: IndicatorSide[] = [];
  for (const [charge, word, digit] of [[false, 'false', '0'], [true, 'true', '1']] as const) {
    if (texts.some((t) => t.trim() === word || t.trim() === digit)) sides.push({ charge, literal: texts.includes(word) });
  }
  // The side of the first occurrence first: the model reads a single indicator as before.
  return chargeIndicator(ac) === true ? sides.reverse() : sides;
}

/** One reading pass over one document. */
class CiiReader {
  readonly locations = new LazyLocations();
  /** Aggregates the document lacks whose model group is mandatory (source-facts.ts). */
  readonly missingGroups = new Set<MandatoryGroup>();
  /** Line documents without reference (source-facts.ts unreferencedLineDocuments). */
  readonly unreferencedLineDocuments: string[] = [];
  /** Period dates as written (source-facts.ts periodDateTexts). */
  readonly periodDateTexts = new Map<string, string[]>();
  /** The TypeCode of the tax each VAT place was read from (source-facts.ts taxTypeCodes). */
  readonly taxTypeCodes = new Map<object, string | undefined>();
  /** Tax totals that are neither BT-110 nor BT-111. */
  readonly unmappedTaxTotals: UnmappedTaxTotal[] = [];
  /** Texts of repeated single-valued elements (source-facts.ts repeatedTexts). */
  readonly repeatedTexts = new Map<string, string[]>();
  /** Values of repeated single-valued decimal elements (source-facts.ts repeatedDecimals). */
  readonly repeatedDecimals = new Map<string, Decimal[]>();
  /** The currencyID of the totals BT-110 / BT-111 were read from (source-facts.ts taxTotalCurrencies). */
  readonly taxTotalCurrencies = new Map<string, string>();
  /** TypeCode of each payment means, and of the means of each credit transfer. */
  readonly paymentMeansCodes: Array<string | undefined> = [];
  readonly creditTransferMeansCodes: Array<string | undefined> = [];
  /** Allowances and charges whose indicator is cast, not literal (source-facts.ts castIndicators). */
  readonly castIndicators = new Set<object>();
  /** Category paths of the second reading of an allowance or charge on both sides (source-facts.ts mirroredAllowanceCharges). */
  readonly mirroredAllowanceCharges = new Set<string>();
  /** Identifiers read from a `ram:GlobalID` (the others from a `ram:ID`). */
  readonly globalIds = new Set<Identifier>();
  /** Codes the model has no term for that the official code-list rules check (every SubjectCode, ReferenceTypeCode). */
  readonly unmodelledCodes: UnmodelledCode[] = [];
  /** Line ApplicableTradeTax codes the model does not carry (source-facts.ts otherLineTaxes). */
  readonly lineTaxesOutsideModel: OtherTax[] = [];
  /** CategoryTradeTax codes the model does not carry (source-facts.ts otherCategoryTaxes). */
  readonly categoryTaxesOutsideModel: OtherTax[] = [];
  /** Decimals by lexical form: values repeat within a document (rates, quantities) and decimals are immutable. */
  private readonly decimals = new Map<string, Decimal>();

  /** Records where the value at `path` came from. */
  private at(path: string, el: CiiElement | undefined, attr?: string): void {
    if (el !== undefined) this.locations.record(path, el, attr);
  }

  /** Text of an optional element (untrimmed), recording its location. */
  private text(path: string, el: CiiElement | undefined): string | undefined {
    if (el === undefined) return undefined;
    this.at(path, el);
    const all = occurrences(el);
    if (all.length > 1) this.repeatedTexts.set(path, all.map((o) => o.text));
    return el.text;
  }

  /** Text of a mandatory element, `''` when missing. */
  private required(path: string, el: CiiElement | undefined): string {
    return this.text(path, el) ?? '';
  }

  /** An attribute value, recording its location. */
  private attr(path: string, el: CiiElement | undefined, name: string): string | undefined {
    const value = el?.attrs[name];
    if (value === undefined) return undefined;
    this.at(path, el, name);
    return value;
  }

  /** A decimal element (amount, quantity, percentage) with its lexical form. */
  private decimal(path: string, el: CiiElement | undefined): Decimal | undefined {
    if (el === undefined) return undefined;
    this.at(path, el);
    const all = occurrences(el);
    if (all.length > 1) this.repeatedDecimals.set(path, all.map((o) => this.decimalOf(o.text)));
    return this.decimalOf(el.text);
  }

  /** The decimal of a lexical form, shared within the document (the lexical form is what decFromText remembers). */
  private decimalOf(text: string): Decimal {
    let d = this.decimals.get(text);
    if (d === undefined) {
      d = decFromText(text);
      this.decimals.set(text, d);
    }
    return d;
  }

  /**
   * A date inside `wrapper` (e.g. `ram:IssueDateTime`), `YYYYMMDD` given as
   * `YYYY-MM-DD`; `name` is the date element the CII binding uses there
   * (`udt:DateTimeString` but for BT-7 and BT-26). A date in another format
   * than 102 counts as absent, as for the official tests (BR-03, BR-29,
   * BR-30), unless `anyFormat`: BT-7 and BT-72 are only tested for presence
   * (BR-CO-03, BR-IC-11), whatever their format.
   */
  private date(path: string, wrapper: CiiElement | undefined, name = DATE_TIME, anyFormat = false): string | undefined {
    const el = dateElement(wrapper, name, anyFormat);
    if (el === undefined) return undefined;
    this.at(path, el);
    return isoDate(el.text);
  }

  /** An identifier element with an optional `@schemeID`. */
  private identifier(path: string, el: CiiElement | undefined): Identifier | undefined {
    if (el === undefined) return undefined;
    this.at(path, el);
    const id: Identifier = { id: el.text };
    const scheme = this.attr(`${path}.scheme`, el, 'schemeID');
    if (scheme !== undefined) id.scheme = scheme;
    this.at(`${path}.id`, el);
    if (el.name === GLOBAL_ID) this.globalIds.add(id);
    return id;
  }

  /** The single party identifier (BT-46, BT-60, BT-71): the first `ram:ID` or `ram:GlobalID` in document order. */
  private partyIdentifier(path: string, party: CiiElement): Identifier | undefined {
    const ids = party.children.filter((c) => c.name === ID || c.name === GLOBAL_ID);
    // The model keeps the first; the official BR-CL-10/11/26 check the @schemeID of every one.
    ids.slice(1).forEach((c, k) => {
      const scheme = c.attrs.schemeID;
      if (scheme === undefined) return;
      const p = `${path}.others[${k}].scheme`;
      this.at(p, c, 'schemeID');
      const kind = c.name === ID ? 'id' : path === 'delivery.locationId' ? 'ship-to' : 'global';
      this.unmodelledCodes.push({ element: `${kind} @schemeID`, value: scheme, path: p });
    });
    return this.identifier(path, ids[0]);
  }

  /** The VAT identifier (`SpecifiedTaxRegistration/ID[@schemeID='VA']`) or another scheme's. */
  private taxRegistration(path: string, party: CiiElement | undefined, scheme: string): string | undefined {
    const ids: CiiElement[] = [];
    for (const reg of kids(party, TAX_REGISTRATION)) {
      for (const id of kids(reg, ID)) if (id.attrs.schemeID === scheme) ids.push(id);
    }
    if (ids.length === 0) return undefined;
    const first = this.text(path, ids[0]);
    // Every one is an official context (`//ram:SpecifiedTaxRegistration/ram:ID[@schemeID='VA']`, BR-CO-09).
    if (ids.length > 1) this.repeatedTexts.set(path, ids.map((id) => id.text));
    return first;
  }

  invoice(root: CiiElement): Invoice {
    this.at('', root);
    const context = kid(root, RSM_CONTEXT);
    const doc = kid(root, RSM_DOCUMENT);
    const tx = kid(root, RSM_TRANSACTION);
    const agreement = kid(tx, 'ram:ApplicableHeaderTradeAgreement');
    const delivery = kid(tx, 'ram:ApplicableHeaderTradeDelivery');
    const settlement = kid(tx, 'ram:ApplicableHeaderTradeSettlement');
    const summation = kid(settlement, 'ram:SpecifiedTradeSettlementHeaderMonetarySummation');
    const sellerParty = kid(agreement, 'ram:SellerTradeParty');
    const buyerParty = kid(agreement, 'ram:BuyerTradeParty');
    const taxRepParty = kid(agreement, 'ram:SellerTaxRepresentativeTradeParty');
    const missing = (group: MandatoryGroup, el: CiiElement | undefined): void => {
      if (el === undefined) this.missingGroups.add(group);
    };
    missing('seller', sellerParty);
    missing('buyer', buyerParty);
    missing('totals', summation);
    missing('seller.address', kid(sellerParty, ADDRESS));
    missing('buyer.address', kid(buyerParty, ADDRESS));
    missing('taxRepresentative.address', kid(taxRepParty, ADDRESS));
    missing('delivery.address', dig(delivery, 'ram:ShipToTradeParty', ADDRESS));

    const inv: Invoice = {
      number: this.required('number', kid(doc, ID)),
      issueDate: this.date('issueDate', kid(doc, 'ram:IssueDateTime')) ?? '',
      typeCode: this.required('typeCode', kid(doc, TYPE_CODE)),
      currency: this.required('currency', kid(settlement, 'ram:InvoiceCurrencyCode')),
      notes: this.notes(doc),
      process: this.process(context),
      precedingInvoices: this.precedingInvoices(settlement),
      seller: this.seller(sellerParty),
      buyer: this.buyer(buyerParty),
      allowances: [],
      charges: [],
      totals: {},
      vatBreakdown: [],
      supportingDocuments: [],
      lines: [],
    };
    const set = <K extends keyof Invoice>(key: K, value: Invoice[K] | undefined): void => {
      if (value !== undefined) inv[key] = value;
    };

    set('vatAccountingCurrency', this.text('vatAccountingCurrency', kid(settlement, 'ram:TaxCurrencyCode')));
    set('buyerReference', this.text('buyerReference', kid(agreement, 'ram:BuyerReference')));
    set('projectReference', this.text('projectReference', dig(agreement, 'ram:SpecifiedProcuringProject', ID)));
    set('contractReference', this.text('contractReference', dig(agreement, 'ram:ContractReferencedDocument', ISSUER_ID)));
    set('purchaseOrderReference', this.text('purchaseOrderReference', dig(agreement, 'ram:BuyerOrderReferencedDocument', ISSUER_ID)));
    set('salesOrderReference', this.text('salesOrderReference', dig(agreement, 'ram:SellerOrderReferencedDocument', ISSUER_ID)));
    set('receivingAdviceReference', this.text('receivingAdviceReference', dig(delivery, 'ram:ReceivingAdviceReferencedDocument', ISSUER_ID)));
    set('despatchAdviceReference', this.text('despatchAdviceReference', dig(delivery, 'ram:DespatchAdviceReferencedDocument', ISSUER_ID)));
    set('buyerAccountingReference', this.text('buyerAccountingReference', dig(settlement, 'ram:ReceivableSpecifiedTradeAccountingAccount', ID)));

    this.headerDocuments(inv, agreement);
    this.taxRepresentative(inv, taxRepParty);
    this.delivery(inv, delivery);
    this.payee(inv, kid(settlement, 'ram:PayeeTradeParty'));
    this.paymentTerms(inv, settlement);
    this.paymentInstructions(inv, settlement);
    this.vatBreakdown(inv, settlement);
    const period = this.period('invoicingPeriod', kid(settlement, PERIOD));
    if (period !== undefined) inv.invoicingPeriod = period;
    this.documentAllowancesCharges(inv, settlement);
    inv.totals = this.totals(summation, inv);
    kids(tx, 'ram:IncludedSupplyChainTradeLineItem').forEach((el, i) => inv.lines.push(this.line(`lines[${i}]`, el)));
    return inv;
  }

  // ---- header ----------------------------------------------------------------------

  /** BG-2: BT-23, BT-24. */
  private process(context: CiiElement | undefined): Invoice['process'] {
    const process: Invoice['process'] = {
      specificationId: this.required('process.specificationId', dig(context, 'ram:GuidelineSpecifiedDocumentContextParameter', ID)),
    };
    const bp = this.text('process.businessProcess', dig(context, 'ram:BusinessProcessSpecifiedDocumentContextParameter', ID));
    if (bp !== undefined) process.businessProcess = bp;
    return process;
  }

  /** BG-1 INVOICE NOTE: one per `IncludedNote` (BT-22 its first `Content`, BT-21 its `SubjectCode`). */
  private notes(doc: CiiElement | undefined): InvoiceNote[] {
    return kids(doc, 'ram:IncludedNote').map((el, i) => {
      const path = `notes[${i}]`;
      this.at(path, el);
      const note: InvoiceNote = { text: this.required(`${path}.text`, kid(el, 'ram:Content')) };
      const code = this.text(`${path}.subjectCode`, kid(el, 'ram:SubjectCode'));
      if (code !== undefined) note.subjectCode = code;
      return note;
    });
  }

  /** BG-3: `InvoiceReferencedDocument` (0..1 in CII D16B, repeatable in EXTENDED). */
  private precedingInvoices(settlement: CiiElement | undefined): PrecedingInvoice[] {
    return kids(settlement, 'ram:InvoiceReferencedDocument').map((el, i) => {
      const path = `precedingInvoices[${i}]`;
      this.at(path, el);
      const ref: PrecedingInvoice = { reference: this.required(`${path}.reference`, kid(el, ISSUER_ID)) };
      const date = this.date(`${path}.issueDate`, kid(el, 'ram:FormattedIssueDateTime'), 'qdt:DateTimeString');
      if (date !== undefined) ref.issueDate = date;
      return ref;
    });
  }

  /** BT-11 is read with the header; here BT-17, BT-18 and BG-24 from `AdditionalReferencedDocument`. */
  private headerDocuments(inv: Invoice, agreement: CiiElement | undefined): void {
    for (const el of kids(agreement, ADDITIONAL_DOCUMENT)) {
      const type = kid(el, TYPE_CODE)?.text.trim();
      // Every ReferenceTypeCode is checked officially (BR-CL-07); the model keeps the first of the invoiced object only.
      const read = inv.invoicedObjectIdentifier === undefined && type === INVOICED_OBJECT_TYPE && /\S/.test(kid(el, ISSUER_ID)?.text ?? '');
      kids(el, 'ram:ReferenceTypeCode').forEach((c, k) => {
        if (!read || k > 0) this.unmodelled('invoicedObjectIdentifier.scheme', c);
      });
      // The official BR-52 requires an IssuerAssignedID in every
      // AdditionalReferencedDocument: one without it is kept as a supporting
      // document (BG-24) lacking its reference (BT-122), whatever its TypeCode.
      const identified = /\S/.test(kid(el, ISSUER_ID)?.text ?? '');
      if (!identified) {
        inv.supportingDocuments.push(this.supportingDocument(`supportingDocuments[${inv.supportingDocuments.length}]`, el));
      } else if (type === TENDER_TYPE) {
        if (inv.tenderOrLotReference === undefined) {
          const ref = this.text('tenderOrLotReference', kid(el, ISSUER_ID));
          if (ref !== undefined) inv.tenderOrLotReference = ref;
        }
      } else if (type === INVOICED_OBJECT_TYPE) {
        if (inv.invoicedObjectIdentifier === undefined) {
          this.at('invoicedObjectIdentifier', el);
          const id: Identifier = { id: this.required('invoicedObjectIdentifier.id', kid(el, ISSUER_ID)) };
          const scheme = this.text('invoicedObjectIdentifier.scheme', kid(el, 'ram:ReferenceTypeCode'));
          if (scheme !== undefined) id.scheme = scheme;
          inv.invoicedObjectIdentifier = id;
        }
      } else {
        // BG-24 is the TypeCode 916 document; other codes (EXTENDED uses more)
        // are kept here too, so the BR-52 and BR-CL-24 checks see them.
        inv.supportingDocuments.push(this.supportingDocument(`supportingDocuments[${inv.supportingDocuments.length}]`, el));
      }
    }
  }

  /** BG-24: BT-122..BT-125. */
  private supportingDocument(path: string, el: CiiElement): SupportingDocument {
    this.at(path, el);
    const doc: SupportingDocument = { reference: this.required(`${path}.reference`, kid(el, ISSUER_ID)) };
    const uri = this.text(`${path}.uri`, kid(el, 'ram:URIID'));
    if (uri !== undefined) doc.uri = uri;
    const description = this.text(`${path}.description`, kid(el, NAME));
    if (description !== undefined) doc.description = description;
    const bin = kid(el, 'ram:AttachmentBinaryObject');
    if (bin !== undefined) {
      const attachment: NonNullable<SupportingDocument['attachment']> = { content: this.required(`${path}.attachment.content`, bin) };
      this.at(`${path}.attachment`, bin);
      const mime = this.attr(`${path}.attachment.mimeCode`, bin, 'mimeCode');
      if (mime !== undefined) attachment.mimeCode = mime;
      const filename = this.attr(`${path}.attachment.filename`, bin, 'filename');
      if (filename !== undefined) attachment.filename = filename;
      doc.attachment = attachment;
    }
    return doc;
  }

  // ---- parties ---------------------------------------------------------------------

  /** BG-4 SELLER with BG-5 and BG-6 (BT-27..BT-43). */
  private seller(el: CiiElement | undefined): Seller {
    this.at('seller', el);
    const seller: Seller = {
      name: this.required('seller.name', kid(el, NAME)),
      identifiers: [],
      address: this.address('seller.address', kid(el, ADDRESS)) ?? {},
    };
    if (el === undefined) return seller;
    // BT-29: every ram:ID and ram:GlobalID, in document order.
    for (const c of el.children) {
      if (c.name !== ID && c.name !== GLOBAL_ID) continue;
      seller.identifiers.push(this.identifier(`seller.identifiers[${seller.identifiers.length}]`, c)!);
    }
    const legal = kid(el, LEGAL_ORGANIZATION);
    const trading = this.text('seller.tradingName', kid(legal, 'ram:TradingBusinessName'));
    if (trading !== undefined) seller.tradingName = trading;
    const legalId = this.identifier('seller.legalRegistrationId', kid(legal, ID));
    if (legalId !== undefined) seller.legalRegistrationId = legalId;
    const vat = this.taxRegistration('seller.vatId', el, 'VA');
    if (vat !== undefined) seller.vatId = vat;
    const fc = this.taxRegistration('seller.taxRegistrationId', el, 'FC');
    if (fc !== undefined) seller.taxRegistrationId = fc;
    const info = this.text('seller.additionalLegalInfo', kid(el, 'ram:Description'));
    if (info !== undefined) seller.additionalLegalInfo = info;
    const endpoint = this.electronicAddress('seller.electronicAddress', el);
    if (endpoint !== undefined) seller.electronicAddress = endpoint;
    const contact = this.contact('seller.contact', kid(el, 'ram:DefinedTradeContact'));
    if (contact !== undefined) seller.contact = contact;
    return seller;
  }

  /** BG-7 BUYER with BG-8 and BG-9 (BT-44..BT-58). */
  private buyer(el: CiiElement | undefined): Buyer {
    this.at('buyer', el);
    const buyer: Buyer = {
      name: this.required('buyer.name', kid(el, NAME)),
      address: this.address('buyer.address', kid(el, ADDRESS)) ?? {},
    };
    if (el === undefined) return buyer;
    const id = this.partyIdentifier('buyer.identifier', el);
    if (id !== undefined) buyer.identifier = id;
    const legal = kid(el, LEGAL_ORGANIZATION);
    const trading = this.text('buyer.tradingName', kid(legal, 'ram:TradingBusinessName'));
    if (trading !== undefined) buyer.tradingName = trading;
    const legalId = this.identifier('buyer.legalRegistrationId', kid(legal, ID));
    if (legalId !== undefined) buyer.legalRegistrationId = legalId;
    const vat = this.taxRegistration('buyer.vatId', el, 'VA');
    if (vat !== undefined) buyer.vatId = vat;
    const endpoint = this.electronicAddress('buyer.electronicAddress', el);
    if (endpoint !== undefined) buyer.electronicAddress = endpoint;
    const contact = this.contact('buyer.contact', kid(el, 'ram:DefinedTradeContact'));
    if (contact !== undefined) buyer.contact = contact;
    return buyer;
  }

  /** BG-10 PAYEE (BT-59..BT-61). */
  private payee(inv: Invoice, el: CiiElement | undefined): void {
    if (el === undefined) return;
    this.at('payee', el);
    const payee: Payee = { name: this.required('payee.name', kid(el, NAME)) };
    const id = this.partyIdentifier('payee.identifier', el);
    if (id !== undefined) payee.identifier = id;
    const legalId = this.identifier('payee.legalRegistrationId', dig(el, LEGAL_ORGANIZATION, ID));
    if (legalId !== undefined) payee.legalRegistrationId = legalId;
    inv.payee = payee;
  }

  /** BG-11 SELLER TAX REPRESENTATIVE PARTY with BG-12 (BT-62..BT-69). */
  private taxRepresentative(inv: Invoice, el: CiiElement | undefined): void {
    if (el === undefined) return;
    this.at('taxRepresentative', el);
    const rep: TaxRepresentative = {
      name: this.required('taxRepresentative.name', kid(el, NAME)),
      address: this.address('taxRepresentative.address', kid(el, ADDRESS)) ?? {},
    };
    const vat = this.taxRegistration('taxRepresentative.vatId', el, 'VA');
    if (vat !== undefined) rep.vatId = vat;
    inv.taxRepresentative = rep;
  }

  /** A postal address (BG-5, BG-8, BG-12, BG-15); undefined when the element is absent. */
  private address(path: string, el: CiiElement | undefined): PostalAddress | undefined {
    if (el === undefined) return undefined;
    this.at(path, el);
    const a: PostalAddress = {};
    const put = (key: keyof PostalAddress, name: string): void => {
      const v = this.text(`${path}.${key}`, kid(el, name));
      if (v !== undefined) a[key] = v;
    };
    put('line1', 'ram:LineOne');
    put('line2', 'ram:LineTwo');
    put('line3', 'ram:LineThree');
    put('city', 'ram:CityName');
    put('postcode', 'ram:PostcodeCode');
    put('subdivision', 'ram:CountrySubDivisionName');
    put('countryCode', 'ram:CountryID');
    return a;
  }

  /** BG-6 / BG-9: the first `DefinedTradeContact` (BT-41 PersonName, else DepartmentName; BT-42; BT-43). */
  private contact(path: string, el: CiiElement | undefined): Contact | undefined {
    if (el === undefined) return undefined;
    this.at(path, el);
    const c: Contact = {};
    const name = this.text(`${path}.name`, kid(el, 'ram:PersonName') ?? kid(el, 'ram:DepartmentName'));
    if (name !== undefined) c.name = name;
    const phone = this.text(`${path}.phone`, dig(el, 'ram:TelephoneUniversalCommunication', 'ram:CompleteNumber'));
    if (phone !== undefined) c.phone = phone;
    const email = this.text(`${path}.email`, dig(el, 'ram:EmailURIUniversalCommunication', 'ram:URIID'));
    if (email !== undefined) c.email = email;
    return c;
  }

  /**
   * BT-34 / BT-49 with scheme: the first `URIUniversalCommunication` (the one
   * BR-62 / BR-63 inspect). A communication element without URIID gives an
   * empty identifier, so the scheme rules still see the group.
   */
  private electronicAddress(path: string, party: CiiElement): Identifier | undefined {
    const comm = firstKid(party, 'ram:URIUniversalCommunication');
    if (comm === undefined) return undefined;
    const uri = kid(comm, 'ram:URIID');
    if (uri === undefined) {
      this.at(path, comm);
      return { id: '' };
    }
    return this.identifier(path, uri);
  }

  // ---- delivery, payment -----------------------------------------------------------

  /** BG-13 DELIVERY INFORMATION: BT-70..BT-72 and BG-15. */
  private delivery(inv: Invoice, el: CiiElement | undefined): void {
    if (el === undefined) return;
    const shipTo = kid(el, 'ram:ShipToTradeParty');
    const event = dig(el, 'ram:ActualDeliverySupplyChainEvent', 'ram:OccurrenceDateTime');
    const date = this.date('delivery.actualDate', event, DATE_TIME, true);
    if (shipTo === undefined && date === undefined) return;
    const d: Delivery = {};
    if (date !== undefined) d.actualDate = date;
    if (shipTo !== undefined) {
      this.at('delivery', shipTo);
      const name = this.text('delivery.name', kid(shipTo, NAME));
      if (name !== undefined) d.name = name;
      const id = this.partyIdentifier('delivery.locationId', shipTo);
      if (id !== undefined) d.locationId = id;
      const address = this.address('delivery.address', kid(shipTo, ADDRESS));
      if (address !== undefined) d.address = address;
    }
    inv.delivery = d;
  }

  /** BT-20, BT-9, BT-89 from the payment terms (the first that has each). */
  private paymentTerms(inv: Invoice, settlement: CiiElement | undefined): void {
    for (const terms of kids(settlement, 'ram:SpecifiedTradePaymentTerms')) {
      if (inv.paymentTerms === undefined) {
        const text = this.text('paymentTerms', kid(terms, 'ram:Description'));
        if (text !== undefined) inv.paymentTerms = text;
      }
      if (inv.dueDate === undefined) {
        const due = this.date('dueDate', kid(terms, 'ram:DueDateDateTime'));
        if (due !== undefined) inv.dueDate = due;
      }
    }
  }

  /**
   * BG-16 PAYMENT INSTRUCTIONS with BG-17, BG-18 and BG-19. The group exists
   * only with a `SpecifiedTradeSettlementPaymentMeans`: EN 16931 requires its
   * type code (BT-81, BR-49) and the official CII test of BR-49 runs on that
   * element, so remittance information (BT-83), mandate (BT-89) or creditor
   * id (BT-90) given without any payment means are not read (reading them
   * would make BG-16 lack BT-81, a BR-49 the official validator never reports).
   */
  private paymentInstructions(inv: Invoice, settlement: CiiElement | undefined): void {
    const means = kids(settlement, 'ram:SpecifiedTradeSettlementPaymentMeans');
    const first = means[0];
    if (first === undefined) return;
    const remittance = kid(settlement, 'ram:PaymentReference');
    const creditor = kid(settlement, 'ram:CreditorReferenceID');
    const mandate = kids(settlement, 'ram:SpecifiedTradePaymentTerms')
      .map((t) => kid(t, 'ram:DirectDebitMandateID'))
      .find((m) => m !== undefined);
    const base = 'paymentInstructions';
    this.at(base, first);
    const pay: PaymentInstructions = { typeCode: this.required(`${base}.typeCode`, kid(first, TYPE_CODE)), creditTransfers: [] };
    const text = this.text(`${base}.text`, kid(first, 'ram:Information'));
    if (text !== undefined) pay.text = text;
    const ref = this.text(`${base}.remittanceInformation`, remittance);
    if (ref !== undefined) pay.remittanceInformation = ref;
    for (const m of means) {
      const code = kid(m, TYPE_CODE)?.text;
      this.paymentMeansCodes.push(code);
      const account = kid(m, 'ram:PayeePartyCreditorFinancialAccount');
      const institution = kid(m, 'ram:PayeeSpecifiedCreditorFinancialInstitution');
      if (account === undefined && institution === undefined) continue;
      this.creditTransferMeansCodes.push(code);
      const path = `${base}.creditTransfers[${pay.creditTransfers.length}]`;
      this.at(path, account ?? institution);
      // The payee account aggregate itself: BR-50 / BR-61 run on it whatever it holds.
      if (account !== undefined) this.at(`${path}.account`, account);
      const ct: CreditTransfer = {};
      // BT-84: the IBAN, unless it is blank and a proprietary id is given (BR-50 accepts either).
      const iban = kid(account, 'ram:IBANID');
      const proprietary = kid(account, 'ram:ProprietaryID');
      const id = this.text(`${path}.accountId`, iban !== undefined && (/\S/.test(iban.text) || proprietary === undefined) ? iban : proprietary);
      if (id !== undefined) ct.accountId = id;
      const name = this.text(`${path}.accountName`, kid(account, 'ram:AccountName'));
      if (name !== undefined) ct.accountName = name;
      const bic = this.text(`${path}.serviceProviderId`, kid(institution, 'ram:BICID'));
      if (bic !== undefined) ct.serviceProviderId = bic;
      pay.creditTransfers.push(ct);
    }
    const cardEl = means.map((m) => kid(m, 'ram:ApplicableTradeSettlementFinancialCard')).find((c) => c !== undefined);
    if (cardEl !== undefined) {
      this.at(`${base}.card`, cardEl);
      const card: NonNullable<PaymentInstructions['card']> = { accountNumber: this.required(`${base}.card.accountNumber`, kid(cardEl, ID)) };
      const holder = this.text(`${base}.card.holderName`, kid(cardEl, 'ram:CardholderName'));
      if (holder !== undefined) card.holderName = holder;
      pay.card = card;
    }
    const debited = means.map((m) => dig(m, 'ram:PayerPartyDebtorFinancialAccount', 'ram:IBANID')).find((d) => d !== undefined);
    if (mandate !== undefined || creditor !== undefined || debited !== undefined) {
      const dd: NonNullable<PaymentInstructions['directDebit']> = {};
      const m = this.text(`${base}.directDebit.mandateReference`, mandate);
      if (m !== undefined) dd.mandateReference = m;
      const c = this.text(`${base}.directDebit.creditorId`, creditor);
      if (c !== undefined) dd.creditorId = c;
      const d = this.text(`${base}.directDebit.debitedAccountId`, debited);
      if (d !== undefined) dd.debitedAccountId = d;
      pay.directDebit = dd;
    }
    inv.paymentInstructions = pay;
  }

  // ---- VAT, allowances and charges, totals -------------------------------------------

  /** BG-23 VAT BREAKDOWN, one per header `ApplicableTradeTax`, and BT-7 / BT-8 from the first that has them. */
  private vatBreakdown(inv: Invoice, settlement: CiiElement | undefined): void {
    kids(settlement, 'ram:ApplicableTradeTax').forEach((el, i) => {
      const path = `vatBreakdown[${i}]`;
      this.at(path, el);
      const vat: VatBreakdown = { category: this.required(`${path}.category`, kid(el, CATEGORY_CODE)) };
      const put = <K extends 'taxableAmount' | 'taxAmount' | 'rate'>(key: K, name: string): void => {
        const v = this.decimal(`${path}.${key}`, kid(el, name));
        if (v !== undefined) vat[key] = v;
      };
      put('taxableAmount', 'ram:BasisAmount');
      put('taxAmount', 'ram:CalculatedAmount');
      put('rate', RATE);
      const reason = this.text(`${path}.exemptionReason`, kid(el, 'ram:ExemptionReason'));
      if (reason !== undefined) vat.exemptionReason = reason;
      const code = this.text(`${path}.exemptionReasonCode`, kid(el, 'ram:ExemptionReasonCode'));
      if (code !== undefined) vat.exemptionReasonCode = code;
      this.taxTypeCodes.set(vat, kid(el, TYPE_CODE)?.text);
      if (inv.taxPointDate === undefined) {
        const point = this.date('taxPointDate', kid(el, 'ram:TaxPointDate'), 'udt:DateString', true);
        if (point !== undefined) inv.taxPointDate = point;
      }
      if (inv.taxPointDateCode === undefined) {
        const dueCode = this.text('taxPointDateCode', kid(el, 'ram:DueDateTypeCode'));
        if (dueCode !== undefined) inv.taxPointDateCode = dueCode;
      } else {
        // BT-8 is the first; BR-CL-06 checks every DueDateTypeCode.
        for (const code of kids(el, 'ram:DueDateTypeCode')) this.unmodelled(`${path}.dueDateTypeCode`, code);
      }
      inv.vatBreakdown.push(vat);
    });
  }

  /** BG-20 / BG-21 by ChargeIndicator (`false` allowance, `true` charge). */
  private documentAllowancesCharges(inv: Invoice, settlement: CiiElement | undefined): void {
    for (const el of kids(settlement, ALLOWANCE_CHARGE)) {
      const sides = indicatorSides(el);
      const taxes = kids(el, 'ram:CategoryTradeTax');
      if (sides.length === 0) {
        // Neither allowance nor charge (no indicator): `//ram:CategoryTradeTax` still counts its taxes.
        this.otherCategoryTaxes(taxes, undefined);
        continue;
      }
      const tax = vatTax(taxes);
      sides.forEach(({ charge, literal }, k) => {
        const list = charge ? inv.charges : inv.allowances;
        const path = `${charge ? 'charges' : 'allowances'}[${list.length}]`;
        this.at(path, el);
        const ac: DocumentAllowanceCharge = this.allowanceCharge(path, el);
        if (!literal) this.castIndicators.add(ac);
        // On both sides (a repeated indicator), the element's taxes are counted once, with the first.
        if (k === 0) this.otherCategoryTaxes(taxes, tax, `${path}.vatCategory`);
        else this.mirroredAllowanceCharges.add(`${path}.vatCategory`);
        this.taxTypeCodes.set(ac, kid(tax, TYPE_CODE)?.text);
        const category = this.text(`${path}.vatCategory`, kid(tax, CATEGORY_CODE));
        if (category !== undefined) ac.vatCategory = category;
        const rate = this.decimal(`${path}.vatRate`, kid(tax, RATE));
        if (rate !== undefined) ac.vatRate = rate;
        list.push(ac);
      });
    }
  }

  /** Records the `CategoryTradeTax`es among `taxes` the model does not read (all but `read`), with their CategoryCode as written (source-facts.ts otherCategoryTaxes). */
  private otherCategoryTaxes(taxes: CiiElement[], read: CiiElement | undefined, owner?: string): void {
    for (const tax of taxes) {
      if (tax === read) continue;
      const path = `otherCategoryTaxes[${this.categoryTaxesOutsideModel.length}]`;
      const other = this.otherTax(tax, path, owner);
      if (other !== undefined) this.categoryTaxesOutsideModel.push(other);
    }
  }

  /** A tax element the model does not carry as a VAT place (source-facts.ts OtherTax); undefined without a CategoryCode. */
  private otherTax(tax: CiiElement, path: string, owner: string | undefined): OtherTax | undefined {
    const code = kid(tax, CATEGORY_CODE);
    if (code === undefined) return undefined;
    this.at(path, code);
    const other: OtherTax = { category: code.text, categories: occurrences(code).map((o) => o.text), path };
    if (owner !== undefined) {
      other.owner = owner;
      const rate = kid(tax, RATE);
      if (rate !== undefined) other.rate = this.decimalOf(rate.text);
    }
    return other;
  }

  /** The terms common to document and line allowances and charges (amount, base, percentage, reason, reason code). */
  private allowanceCharge(path: string, el: CiiElement): LineAllowanceCharge {
    const ac: LineAllowanceCharge = {};
    const amount = this.decimal(`${path}.amount`, kid(el, 'ram:ActualAmount'));
    if (amount !== undefined) ac.amount = amount;
    const base = this.decimal(`${path}.baseAmount`, kid(el, 'ram:BasisAmount'));
    if (base !== undefined) ac.baseAmount = base;
    const pct = this.decimal(`${path}.percentage`, kid(el, 'ram:CalculationPercent'));
    if (pct !== undefined) ac.percentage = pct;
    const reason = this.text(`${path}.reason`, kid(el, 'ram:Reason'));
    if (reason !== undefined) ac.reason = reason;
    const code = this.text(`${path}.reasonCode`, kid(el, 'ram:ReasonCode'));
    if (code !== undefined) ac.reasonCode = code;
    return ac;
  }

  /** BG-22 DOCUMENT TOTALS; BT-110 / BT-111 chosen by currency (see the module comment). */
  private totals(el: CiiElement | undefined, inv: Invoice): DocumentTotals {
    const t: DocumentTotals = {};
    if (el === undefined) return t;
    this.at('totals', el);
    const put = (key: keyof DocumentTotals, name: string): void => {
      const v = this.decimal(`totals.${key}`, kid(el, name));
      if (v !== undefined) t[key] = v;
    };
    put('lineNetTotal', 'ram:LineTotalAmount');
    put('allowanceTotal', 'ram:AllowanceTotalAmount');
    put('chargeTotal', 'ram:ChargeTotalAmount');
    put('taxExclusiveAmount', 'ram:TaxBasisTotalAmount');
    put('taxInclusiveAmount', 'ram:GrandTotalAmount');
    put('prepaidAmount', 'ram:TotalPrepaidAmount');
    put('roundingAmount', 'ram:RoundingAmount');
    put('amountDue', 'ram:DuePayableAmount');
    const taxTotals = kids(el, 'ram:TaxTotalAmount');
    // `@currencyID = ram:InvoiceCurrencyCode`: any occurrence of a repeated code matches.
    const codes = (path: string, first: string | undefined): readonly string[] => this.repeatedTexts.get(path) ?? (first === undefined ? [] : [first]);
    const invoiceCurrencies = codes('currency', inv.currency);
    const accountingCurrencies = codes('vatAccountingCurrency', inv.vatAccountingCurrency);
    const inCurrency = (x: CiiElement, currencies: readonly string[]): boolean => x.attrs.currencyID !== undefined && currencies.includes(x.attrs.currencyID);
    const main = taxTotals.find((x) => inCurrency(x, invoiceCurrencies));
    const accounting = taxTotals.find((x) => x !== main && inCurrency(x, accountingCurrencies));
    const vatTotal = this.decimal('totals.vatTotal', main);
    if (vatTotal !== undefined) {
      t.vatTotal = vatTotal;
      this.taxTotalCurrencies.set('totals.vatTotal', main!.attrs.currencyID!);
    }
    const inAccounting = this.decimal('totals.vatTotalInAccountingCurrency', accounting);
    if (inAccounting !== undefined) {
      t.vatTotalInAccountingCurrency = inAccounting;
      this.taxTotalCurrencies.set('totals.vatTotalInAccountingCurrency', accounting!.attrs.currencyID!);
    }
    for (const x of taxTotals) {
      if (x !== main && x !== accounting) this.unmappedTaxTotals.push({ amount: this.decimalOf(x.text), currency: x.attrs.currencyID });
    }
    return t;
  }

  // ---- lines -----------------------------------------------------------------------

  /** BG-25 INVOICE LINE with BG-26..BG-32. */
  private line(path: string, el: CiiElement): InvoiceLine {
    this.at(path, el);
    const docLine = kid(el, 'ram:AssociatedDocumentLineDocument');
    const product = kid(el, 'ram:SpecifiedTradeProduct');
    const agreement = kid(el, 'ram:SpecifiedLineTradeAgreement');
    const lineDelivery = kid(el, 'ram:SpecifiedLineTradeDelivery');
    const settlement = kid(el, 'ram:SpecifiedLineTradeSettlement');
    const qty = kid(lineDelivery, 'ram:BilledQuantity');
    const lineTaxes = kids(settlement, 'ram:ApplicableTradeTax');
    const tax = vatTax(lineTaxes);
    // The model keeps one tax per line; `//ram:SpecifiedLineTradeSettlement/ram:ApplicableTradeTax` (BR-x-01, BR-O-11/12) counts every one.
    let others = 0;
    for (const t of lineTaxes) {
      if (t === tax) continue;
      const other = this.otherTax(t, `${path}.otherTaxes[${others}].category`, `${path}.vat.category`);
      if (other === undefined) continue;
      others++;
      this.lineTaxesOutsideModel.push(other);
    }

    const line: InvoiceLine = {
      id: this.required(`${path}.id`, kid(docLine, 'ram:LineID')),
      unitCode: this.attr(`${path}.unitCode`, qty, 'unitCode') ?? '',
      allowances: [],
      charges: [],
      price: this.price(`${path}.price`, agreement),
      vat: { category: this.required(`${path}.vat.category`, kid(tax, CATEGORY_CODE)) },
      item: this.item(`${path}.item`, product),
    };
    this.at(`${path}.vat`, tax);
    this.taxTypeCodes.set(line.vat, kid(tax, TYPE_CODE)?.text);
    const rate = this.decimal(`${path}.vat.rate`, kid(tax, RATE));
    if (rate !== undefined) line.vat.rate = rate;
    const quantity = this.decimal(`${path}.quantity`, qty);
    if (quantity !== undefined) line.quantity = quantity;
    const net = this.decimal(`${path}.netAmount`, dig(settlement, 'ram:SpecifiedTradeSettlementLineMonetarySummation', 'ram:LineTotalAmount'));
    if (net !== undefined) line.netAmount = net;
    const note = this.text(`${path}.note`, dig(docLine, 'ram:IncludedNote', 'ram:Content'));
    if (note !== undefined) line.note = note;
    const orderLine = this.text(`${path}.orderLineReference`, dig(agreement, 'ram:BuyerOrderReferencedDocument', 'ram:LineID'));
    if (orderLine !== undefined) line.orderLineReference = orderLine;
    const accounting = this.text(`${path}.buyerAccountingReference`, dig(settlement, 'ram:ReceivableSpecifiedTradeAccountingAccount', ID));
    if (accounting !== undefined) line.buyerAccountingReference = accounting;
    kids(docLine, 'ram:IncludedNote').forEach((n, j) => {
      for (const code of kids(n, 'ram:SubjectCode')) this.unmodelled(`${path}.notes[${j}].subjectCode`, code);
    });
    // BR-CL-06 checks every ram:DueDateTypeCode, those of line taxes too.
    for (const t of kids(settlement, 'ram:ApplicableTradeTax')) for (const c of kids(t, 'ram:DueDateTypeCode')) this.unmodelled(`${path}.vat.dueDateTypeCode`, c);
    const objectDoc = kids(settlement, ADDITIONAL_DOCUMENT).find((d) => kid(d, TYPE_CODE)?.text.trim() === INVOICED_OBJECT_TYPE);
    kids(settlement, ADDITIONAL_DOCUMENT).forEach((d, k) => {
      // BR-52 (`normalize-space(ram:IssuerAssignedID) != ''`) runs on these too.
      if (!isPresent(kid(d, 'ram:IssuerAssignedID')?.text)) {
        const p = `${path}.additionalDocuments[${k}]`;
        this.at(p, d);
        this.unreferencedLineDocuments.push(p);
      }
    });
    for (const d of kids(settlement, ADDITIONAL_DOCUMENT)) {
      const codes = kids(d, 'ram:ReferenceTypeCode');
      codes.forEach((c, k) => {
        if (d !== objectDoc || k > 0) this.unmodelled(`${path}.objectIdentifier.scheme`, c);
      });
    }
    const objectIdEl = kid(objectDoc, ISSUER_ID);
    if (objectIdEl !== undefined) {
      const id: Identifier = { id: this.required(`${path}.objectIdentifier.id`, objectIdEl) };
      this.at(`${path}.objectIdentifier`, objectDoc);
      const scheme = this.text(`${path}.objectIdentifier.scheme`, kid(objectDoc, 'ram:ReferenceTypeCode'));
      if (scheme !== undefined) id.scheme = scheme;
      line.objectIdentifier = id;
    }
    const period = this.period(`${path}.period`, kid(settlement, PERIOD));
    if (period !== undefined) line.period = period;
    for (const ac of kids(settlement, ALLOWANCE_CHARGE)) {
      // The model has no VAT category for line allowances and charges; `//ram:CategoryTradeTax` counts theirs (EXTENDED).
      this.otherCategoryTaxes(kids(ac, 'ram:CategoryTradeTax'), undefined);
      for (const { charge, literal } of indicatorSides(ac)) {
        const list = charge ? line.charges : line.allowances;
        const acPath = `${path}.${charge ? 'charges' : 'allowances'}[${list.length}]`;
        this.at(acPath, ac);
        const read = this.allowanceCharge(acPath, ac);
        if (!literal) this.castIndicators.add(read);
        list.push(read);
      }
    }
    return line;
  }

  /** Records a code the model has no place for, reported at model path `path` (source-facts.ts unmodelledCodes). */
  private unmodelled(path: string, el: CiiElement): void {
    if (!this.locations.has(path)) this.at(path, el);
    this.unmodelledCodes.push({ element: el.name, value: el.text, path });
  }

  /** BG-14 / BG-26: a `BillingSpecifiedPeriod` (present even when empty, as BR-CO-19 / BR-CO-20 see it). */
  private period(path: string, el: CiiElement | undefined): Period | undefined {
    if (el === undefined) return undefined;
    this.at(path, el);
    const p: Period = {};
    const startEl = kid(el, 'ram:StartDateTime');
    const startTexts = dates102(startEl);
    if (startTexts.length > 0) this.periodDateTexts.set(`${path}.start`, startTexts);
    const start = this.date(`${path}.start`, startEl);
    if (start !== undefined) p.start = start;
    // A start or end without a format-102 date still exists for BR-29 / BR-30 (their comparison then fails).
    else this.at(`${path}.start`, startEl);
    const endEl = kid(el, 'ram:EndDateTime');
    const endTexts = dates102(endEl);
    if (endTexts.length > 0) this.periodDateTexts.set(`${path}.end`, endTexts);
    const end = this.date(`${path}.end`, endEl);
    if (end !== undefined) p.end = end;
    else this.at(`${path}.end`, endEl);
    return p;
  }

  /** BG-29 PRICE DETAILS: BT-146..BT-150. */
  private price(path: string, agreement: CiiElement | undefined): InvoiceLine['price'] {
    const price: InvoiceLine['price'] = {};
    const net = kid(agreement, 'ram:NetPriceProductTradePrice');
    const gross = kid(agreement, 'ram:GrossPriceProductTradePrice');
    this.at(path, net ?? gross);
    const netPrice = this.decimal(`${path}.netPrice`, kid(net, 'ram:ChargeAmount'));
    if (netPrice !== undefined) price.netPrice = netPrice;
    const grossPrice = this.decimal(`${path}.grossPrice`, kid(gross, 'ram:ChargeAmount'));
    if (grossPrice !== undefined) price.grossPrice = grossPrice;
    const discountEl = kids(gross, 'ram:AppliedTradeAllowanceCharge').find((ac) => chargeIndicator(ac) !== true);
    const discount = this.decimal(`${path}.discount`, kid(discountEl, 'ram:ActualAmount'));
    if (discount !== undefined) price.discount = discount;
    const baseQty = kid(net, 'ram:BasisQuantity') ?? kid(gross, 'ram:BasisQuantity');
    const base = this.decimal(`${path}.baseQuantity`, baseQty);
    if (base !== undefined) price.baseQuantity = base;
    const unit = this.attr(`${path}.baseQuantityUnitCode`, baseQty, 'unitCode');
    if (unit !== undefined) price.baseQuantityUnitCode = unit;
    // BR-CL-23 checks every @unitCode: with a net and a gross BasisQuantity the model keeps the net one.
    const grossQty = kid(gross, 'ram:BasisQuantity');
    const grossUnit = grossQty === baseQty ? undefined : grossQty?.attrs.unitCode;
    if (grossUnit !== undefined) {
      this.at(`${path}.grossBaseQuantityUnitCode`, grossQty, 'unitCode');
      this.unmodelledCodes.push({ element: 'ram:BasisQuantity/@unitCode', value: grossUnit, path: `${path}.grossBaseQuantityUnitCode` });
    }
    return price;
  }

  /** BG-31 ITEM INFORMATION and BG-32 ITEM ATTRIBUTES: BT-153..BT-161. */
  private item(path: string, product: CiiElement | undefined): InvoiceLine['item'] {
    this.at(path, product);
    const item: InvoiceLine['item'] = { name: this.required(`${path}.name`, kid(product, NAME)), classifications: [], attributes: [] };
    const std = this.identifier(`${path}.standardId`, kid(product, GLOBAL_ID));
    if (std !== undefined) item.standardId = std;
    const sellerId = this.text(`${path}.sellerId`, kid(product, 'ram:SellerAssignedID'));
    if (sellerId !== undefined) item.sellerId = sellerId;
    const buyerId = this.text(`${path}.buyerId`, kid(product, 'ram:BuyerAssignedID'));
    if (buyerId !== undefined) item.buyerId = buyerId;
    const description = this.text(`${path}.description`, kid(product, 'ram:Description'));
    if (description !== undefined) item.description = description;
    const origin = this.text(`${path}.originCountry`, dig(product, 'ram:OriginTradeCountry', ID));
    if (origin !== undefined) item.originCountry = origin;
    for (const ch of kids(product, 'ram:ApplicableProductCharacteristic')) {
      const p = `${path}.attributes[${item.attributes.length}]`;
      this.at(p, ch);
      item.attributes.push({ name: this.required(`${p}.name`, kid(ch, 'ram:Description')), value: this.required(`${p}.value`, kid(ch, 'ram:Value')) });
    }
    for (const cl of kids(product, 'ram:DesignatedProductClassification')) {
      const code = kid(cl, 'ram:ClassCode');
      if (code === undefined) continue;
      const p = `${path}.classifications[${item.classifications.length}]`;
      this.at(p, code);
      this.at(`${p}.id`, code);
      const c: Identifier & { version?: string } = { id: code.text };
      const scheme = this.attr(`${p}.scheme`, code, 'listID');
      if (scheme !== undefined) c.scheme = scheme;
      const version = this.attr(`${p}.version`, code, 'listVersionID');
      if (version !== undefined) c.version = version;
      item.classifications.push(c);
    }
    return item;
  }
}

/**
 * Reads a CII invoice (`rsm:CrossIndustryInvoice` element tree, see tree.ts
 * `toElementTree`) into the EN 16931 semantic model, with the location of
 * every term read and the profile its Specification identifier (BT-24)
 * names. Any root element is accepted; a root that is not
 * `rsm:CrossIndustryInvoice` simply yields an invoice with nothing in it.
 */
export function readCii(root: CiiElement, options: ReadOptions = {}): ReadResult {
  const reader = new CiiReader();
  const { result: invoice, repeated } = withNavigationScope(options.occurrence, () => reader.invoice(root));
  const facts: SourceFacts = { missingGroups: reader.missingGroups };
  facts.taxTypeCodes = reader.taxTypeCodes;
  facts.periodDateTexts = reader.periodDateTexts;
  if (reader.unreferencedLineDocuments.length > 0) facts.unreferencedLineDocuments = reader.unreferencedLineDocuments;
  if (reader.unmappedTaxTotals.length > 0) facts.unmappedTaxTotals = reader.unmappedTaxTotals;
  facts.present = reader.locations;
  if (reader.castIndicators.size > 0) facts.castIndicators = reader.castIndicators;
  if (reader.mirroredAllowanceCharges.size > 0) facts.mirroredAllowanceCharges = reader.mirroredAllowanceCharges;
  facts.globalIds = reader.globalIds;
  if (reader.unmodelledCodes.length > 0) facts.unmodelledCodes = reader.unmodelledCodes;
  if (reader.categoryTaxesOutsideModel.length > 0) facts.otherCategoryTaxes = reader.categoryTaxesOutsideModel;
  if (reader.lineTaxesOutsideModel.length > 0) facts.otherLineTaxes = reader.lineTaxesOutsideModel;
  if (reader.repeatedTexts.size > 0) facts.repeatedTexts = reader.repeatedTexts;
  if (reader.repeatedDecimals.size > 0) facts.repeatedDecimals = reader.repeatedDecimals;
  if (reader.taxTotalCurrencies.size > 0) facts.taxTotalCurrencies = reader.taxTotalCurrencies;
  if (invoice.paymentInstructions !== undefined) {
    facts.paymentMeansCodes = reader.paymentMeansCodes;
    facts.creditTransferMeansCodes = reader.creditTransferMeansCodes;
  }
  recordSourceFacts(invoice, facts);
  const specificationId = invoice.process.specificationId;
  return { invoice, locations: reader.locations, specificationId, profile: detectProfile(specificationId), repeatedContexts: repeated };
}
