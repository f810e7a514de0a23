/**
 * Writes the EN 16931 semantic model as UN/CEFACT CII D16B XML in a Factur-X
 * 1.0 profile: EN 16931 (COMFORT, the default), BASIC or EXTENDED (./profiles.ts).
 *
 * - Every business term of the model is written in the place the CII binding
 *   (EN 16931-3-3, see ./binding.ts) gives it, in the element order of the
 *   Factur-X 1.09 EN16931 XSD, which is also the order of the CII D16B XSD.
 * - Empty or whitespace-only strings count as absent and produce no element;
 *   optional aggregates without content are left out.
 * - Amounts and prices are written exactly, with at least two fraction digits,
 *   never in exponent notation; quantities and percentages exactly as given.
 *   Only TaxTotalAmount (BT-110, BT-111) carries a currencyID (CII-DT-031).
 * - Dates `YYYY-MM-DD` become `YYYYMMDD` with format="102".
 * - Deterministic: the same model gives the same bytes.
 * - Profiles: every leaf is looked up by its business term id, and a term the
 *   profile's mask omits is not written (its containers, written lazily, vanish
 *   with it); containers that would hold only omitted terms are skipped by the
 *   id of their key term. {@link writeCiiWithReport} lists what was left out.
 *
 * The writer does not validate: a model that breaks EN 16931 rules is written
 * as it is, and the rules (lib/rules) or the XSD report the problem.
 */
import type { Decimal } from '../model/decimal.js';
import { formatDecimal } from '../model/decimal.js';
import { isPresent } from '../model/presence.js';
import type {
  Buyer,
  Contact,
  DocumentAllowanceCharge,
  Identifier,
  Invoice,
  InvoiceLine,
  LineAllowanceCharge,
  PaymentInstructions,
  PostalAddress,
  Seller,
  VatBreakdown,
} from '../model/invoice.js';
import { ADDRESS_TERMS, CII_NAMESPACES, groupBinding, leafElement } from './binding.js';
import { FACTURX_GUIDELINE_IDS, isFacturXProfile, PROFILE_OMITTED_TERMS, termsNotCarried } from './profiles.js';
import type { FacturXProfile } from './profiles.js';
import { attributeText, escapeText, XmlBuilder } from '../xml/xml-builder.js';
import type { CiiElement, ElementIndex, IndexPlan } from './reader/tree.js';

/** CII document type code of a supporting document (BG-24), UNTDID 1001. */
const SUPPORTING_DOCUMENT_TYPE = '916';
/** CII document type code of a tender or lot reference (BT-17). */
const TENDER_TYPE = '50';
/** CII document type code of an invoiced object identifier (BT-18, BT-128). */
const INVOICED_OBJECT_TYPE = '130';
/** ram:Name of SpecifiedProcuringProject is mandatory in CII but no business term; the CEN examples use this text. */
const PROJECT_NAME = 'Project reference';
/** How many preceding invoice references (BG-3) CII D16B can hold. */
const PRECEDING_INVOICE_MAX = groupBinding('BG-3').ciiMax ?? Number.POSITIVE_INFINITY;

const ROOT_ATTRS =
  ` xmlns:rsm="${CII_NAMESPACES.rsm}"` +
  ` xmlns:qdt="${CII_NAMESPACES.qdt}"` +
  ` xmlns:ram="${CII_NAMESPACES.ram}"` +
  ` xmlns:udt="${CII_NAMESPACES.udt}"`;

/** Options of {@link writeCii} and {@link writeCiiWithReport}. */
export interface WriteCiiOptions {
  /**
   * Factur-X profile to write. When given, the Specification identifier (BT-24)
   * written is that profile's guideline id, whatever the model's
   * `process.specificationId`. When absent: the EN 16931 profile, with the
   * model's own BT-24.
   */
  profile?: FacturXProfile;
}

/** The XML of {@link writeCiiWithReport} and what it could not carry. */
export interface CiiWriteReport {
  xml: string;
  /** The profile written. */
  profile: FacturXProfile;
  /** Specification identifier (BT-24) written. */
  specificationId: string;
  /**
   * Business terms (BT ids, EN 16931 order) that have a value in the model but
   * are not in the XML because the profile (or CII D16B cardinality, BG-3)
   * cannot carry them; see {@link termsNotCarried}. Empty when nothing was lost.
   */
  dropped: string[];
}

/**
 * Serialises an invoice (BG-0 and all its groups) to CII D16B XML in a Factur-X
 * profile (default EN 16931, with the model's BT-24). Terms the profile cannot
 * carry are left out silently; use {@link writeCiiWithReport} to learn which.
 */
export function writeCii(inv: Invoice, options: WriteCiiOptions = {}): string {
  const { profile, specificationId } = resolveProfile(inv, options);
  return serialize(new CiiWriter(PROFILE_OMITTED_TERMS[profile]), inv, specificationId);
}

/**
 * As {@link writeCii}, and reports the business terms of the model that the
 * XML does not carry (for BASIC e.g. `BT-33` seller additional legal
 * information, `BT-41` seller contact point), so the caller can warn.
 */
export function writeCiiWithReport(inv: Invoice, options: WriteCiiOptions = {}): CiiWriteReport {
  const { profile, specificationId } = resolveProfile(inv, options);
  const xml = serialize(new CiiWriter(PROFILE_OMITTED_TERMS[profile]), inv, specificationId);
  return { xml, profile, specificationId, dropped: termsNotCarried(inv, profile) };
}

/** The profile to write and its BT-24: the profile's guideline id when one is asked for, else the model's. */
function resolveProfile(inv: Invoice, options: WriteCiiOptions): { profile: FacturXProfile; specificationId: string } {
  const profile = options.profile ?? 'EN16931';
  // The type rules out other names; a value from untyped input is a programming error upstream.
  if (!isFacturXProfile(profile)) throw new TypeError(`Unknown Factur-X profile: ${String(profile)}`);
  return { profile, specificationId: options.profile === undefined ? inv.process.specificationId : FACTURX_GUIDELINE_IDS[profile] };
}

/**
 * As {@link writeCii}, and the element tree a parser would read from that XML
 * (lib/cii/reader/tree.ts), built while writing: rules that work on the tree
 * (the French BR-FR rules) can judge our own output without parsing it again.
 * `plan`: what `index` records of the tree as its elements are created
 * (BR-FR's contexts, `BR_FR_INDEX_PLAN`), so the rules need not walk it.
 */
export function writeCiiTree(inv: Invoice, options: WriteCiiOptions = {}, plan?: IndexPlan): { xml: string; tree: CiiElement; index: ElementIndex } {
  const { profile, specificationId } = resolveProfile(inv, options);
  const w = new CiiWriter(PROFILE_OMITTED_TERMS[profile], true, plan);
  const xml = serialize(w, inv, specificationId);
  return { xml, tree: w.tree(), index: w.index() };
}

function serialize(w: CiiWriter, inv: Invoice, specificationId: string): string {
  w.raw('<?xml version="1.0" encoding="UTF-8"?>');
  w.open('rsm:CrossIndustryInvoice', ROOT_ATTRS);
  writeContext(w, inv, specificationId);
  writeExchangedDocument(w, inv);
  w.open('rsm:SupplyChainTradeTransaction');
  for (const line of inv.lines) writeLine(w, line);
  writeHeaderAgreement(w, inv);
  writeHeaderDelivery(w, inv);
  writeHeaderSettlement(w, inv);
  w.close();
  w.close();
  return w.toString();
}

// ---- value helpers ----------------------------------------------------------------

/** True for a string with non-white-space content (the project-wide notion of "present", lib/model/presence.ts). */
const has = isPresent;

function hasId(id: Identifier | undefined): id is Identifier {
  return id !== undefined && has(id.id);
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `YYYY-MM-DD` to the CII format 102 `YYYYMMDD`; anything else is written as is for the validator to report. */
function date102(iso: string): string {
  const m = ISO_DATE.exec(iso);
  return m === null ? escapeText(iso) : `${m[1]}${m[2]}${m[3]}`;
}

function attr(name: string, value: string | undefined): string {
  return has(value) ? attributeText(name, value) : '';
}

const IBAN_SHAPE = /^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$/;

/**
 * The element of each business term (./binding.ts), as an interned string:
 * the binding derives its names by splitting paths, and a string used as a
 * property key is V8's interned copy, which compares with the literal names
 * elsewhere (the mirrored tree's readers, its index plan) by identity.
 */
const LEAF_ELEMENTS = new Map<string, string>();

function leafElementName(id: string): string {
  let name = LEAF_ELEMENTS.get(id);
  if (name === undefined) {
    name = Object.keys({ [leafElement(id)]: 0 })[0]!;
    LEAF_ELEMENTS.set(id, name);
  }
  return name;
}

/**
 * Element-level helpers over XmlBuilder; each writes nothing when its value is
 * absent, or when its element name is undefined (a term the profile omits, see
 * {@link CiiWriter.el}).
 */
class CiiWriter extends XmlBuilder {
  constructor(private readonly omit: ReadonlySet<string>, mirrorTree = false, plan?: IndexPlan) {
    super(mirrorTree, plan);
  }

  /** The element holding business term `id` (./binding.ts), or undefined when the profile omits the term. */
  el(id: string): string | undefined {
    return this.omit.has(id) ? undefined : leafElementName(id);
  }

  /** `name` when the profile carries business term `id`, for elements the binding cannot name (IDs, unions, attributes). */
  named(id: string, name: string): string | undefined {
    return this.omit.has(id) ? undefined : name;
  }

  /** True when the profile carries business term `id`. */
  carries(id: string): boolean {
    return !this.omit.has(id);
  }

  text(name: string | undefined, value: string | undefined, attrs = ''): void {
    if (name !== undefined && has(value)) this.leaf(name, escapeText(value), attrs);
  }

  amount(name: string | undefined, value: Decimal | undefined, attrs = ''): void {
    if (name !== undefined && value !== undefined) this.leaf(name, formatDecimal(value, 2), attrs);
  }

  decimal(name: string | undefined, value: Decimal | undefined, attrs = ''): void {
    if (name !== undefined && value !== undefined) this.leaf(name, formatDecimal(value, 0), attrs);
  }

  /** A udt:DateTimeString (or another date element) with format 102 wrapped in `name`. */
  date(name: string | undefined, value: string | undefined, inner = 'udt:DateTimeString'): void {
    if (name === undefined || !has(value)) return;
    this.open(name);
    this.leaf(inner, date102(value), ' format="102"');
    this.close();
  }

  indicator(charge: boolean): void {
    this.open('ram:ChargeIndicator');
    this.leaf('udt:Indicator', charge ? 'true' : 'false');
    this.close();
  }

  /**
   * Party identifiers (BT-29 / BT-46 / BT-60 / BT-71, given as `term`): without
   * scheme as ram:ID, with scheme as ram:GlobalID/@schemeID (all IDs precede all
   * GlobalIDs in the XSD).
   */
  partyIds(term: string, ids: readonly (Identifier | undefined)[]): void {
    if (!this.carries(term)) return;
    for (const id of ids) if (hasId(id) && !has(id.scheme)) this.text('ram:ID', id.id);
    for (const id of ids) if (hasId(id) && has(id.scheme)) this.text('ram:GlobalID', id.id, attr('schemeID', id.scheme));
  }
}

// ---- header: context and document --------------------------------------------------

/** BG-2 PROCESS CONTROL: BT-23, and BT-24 as `specificationId`. */
function writeContext(w: CiiWriter, inv: Invoice, specificationId: string): void {
  w.open('rsm:ExchangedDocumentContext');
  w.open('ram:BusinessProcessSpecifiedDocumentContextParameter', '', true);
  w.text(w.el('BT-23'), inv.process.businessProcess);
  w.close();
  w.open('ram:GuidelineSpecifiedDocumentContextParameter');
  w.text(w.el('BT-24'), specificationId);
  w.close();
  w.close();
}

/** BT-1, BT-3, BT-2 and BG-1 INVOICE NOTE (BT-21, BT-22). */
function writeExchangedDocument(w: CiiWriter, inv: Invoice): void {
  w.open('rsm:ExchangedDocument');
  w.text(w.el('BT-1'), inv.number);
  w.text(w.el('BT-3'), inv.typeCode);
  w.date(w.el('BT-2'), inv.issueDate);
  for (const note of inv.notes) {
    // ram:Content is mandatory in CII: a note without text (BT-22) is not written.
    if (!has(note.text)) continue;
    w.open('ram:IncludedNote');
    w.text(w.el('BT-22'), note.text);
    w.text(w.el('BT-21'), note.subjectCode);
    w.close();
  }
  w.close();
}

// ---- lines --------------------------------------------------------------------------

/** BG-25 INVOICE LINE with BG-26 .. BG-32. */
function writeLine(w: CiiWriter, line: InvoiceLine): void {
  w.open('ram:IncludedSupplyChainTradeLineItem');

  w.open('ram:AssociatedDocumentLineDocument');
  w.text(w.el('BT-126'), line.id);
  w.open('ram:IncludedNote', '', true);
  w.text(w.el('BT-127'), line.note);
  w.close();
  w.close();

  writeProduct(w, line);

  w.open('ram:SpecifiedLineTradeAgreement');
  w.open('ram:BuyerOrderReferencedDocument', '', true);
  w.text(w.el('BT-132'), line.orderLineReference);
  w.close();
  writePrices(w, line);
  w.close();

  w.open('ram:SpecifiedLineTradeDelivery');
  w.decimal(w.el('BT-129'), line.quantity, attr('unitCode', line.unitCode));
  w.close();

  w.open('ram:SpecifiedLineTradeSettlement');
  w.open('ram:ApplicableTradeTax');
  w.text('ram:TypeCode', 'VAT');
  w.text(w.el('BT-151'), line.vat.category);
  w.decimal(w.el('BT-152'), line.vat.rate);
  w.close();
  w.open('ram:BillingSpecifiedPeriod', '', true);
  w.date(w.el('BT-134'), line.period?.start);
  w.date(w.el('BT-135'), line.period?.end);
  w.close();
  for (const a of line.allowances) writeLineAllowanceCharge(w, a, false);
  for (const c of line.charges) writeLineAllowanceCharge(w, c, true);
  w.open('ram:SpecifiedTradeSettlementLineMonetarySummation');
  w.amount(w.el('BT-131'), line.netAmount);
  w.close();
  if (w.carries('BT-128') && hasId(line.objectIdentifier)) {
    w.open('ram:AdditionalReferencedDocument');
    w.text(w.el('BT-128'), line.objectIdentifier.id);
    w.text('ram:TypeCode', INVOICED_OBJECT_TYPE);
    w.text(w.el('BT-128-1'), line.objectIdentifier.scheme);
    w.close();
  }
  w.open('ram:ReceivableSpecifiedTradeAccountingAccount', '', true);
  w.text(w.el('BT-133'), line.buyerAccountingReference);
  w.close();
  w.close();

  w.close();
}

/** BG-31 ITEM INFORMATION and BG-32 ITEM ATTRIBUTES. */
function writeProduct(w: CiiWriter, line: InvoiceLine): void {
  const item = line.item;
  w.open('ram:SpecifiedTradeProduct');
  if (hasId(item.standardId)) w.text(w.el('BT-157'), item.standardId.id, attr('schemeID', item.standardId.scheme));
  w.text(w.el('BT-155'), item.sellerId);
  w.text(w.el('BT-156'), item.buyerId);
  w.text(w.el('BT-153'), item.name);
  w.text(w.el('BT-154'), item.description);
  for (const a of item.attributes) {
    // ram:Description and ram:Value are both mandatory in CII (and BR-54).
    if (!has(a.name) && !has(a.value)) continue;
    w.open('ram:ApplicableProductCharacteristic', '', true);
    w.text(w.el('BT-160'), a.name);
    w.text(w.el('BT-161'), a.value);
    w.close();
  }
  for (const c of item.classifications) {
    if (!has(c.id) || !w.carries('BT-158')) continue;
    w.open('ram:DesignatedProductClassification');
    w.text('ram:ClassCode', c.id, attr('listID', c.scheme) + attr('listVersionID', c.version));
    w.close();
  }
  w.open('ram:OriginTradeCountry', '', true);
  w.text(w.el('BT-159'), item.originCountry);
  w.close();
  w.close();
}

/**
 * BG-29 PRICE DETAILS. The item price discount (BT-147) can only be carried
 * inside a gross price; without an explicit gross price (BT-148) it is stated
 * as net price + discount, EN 16931's definition of the net price
 * (BT-146 = BT-148 - BT-147).
 */
function writePrices(w: CiiWriter, line: InvoiceLine): void {
  const p = line.price;
  const baseUnit = attr('unitCode', p.baseQuantityUnitCode);
  const gross = p.grossPrice ?? (p.discount !== undefined && p.netPrice !== undefined ? p.netPrice.plus(p.discount) : undefined);
  if (gross !== undefined) {
    w.open('ram:GrossPriceProductTradePrice');
    w.amount(w.el('BT-148'), gross);
    w.decimal(w.named('BT-149', 'ram:BasisQuantity'), p.baseQuantity, baseUnit);
    if (p.discount !== undefined) {
      w.open('ram:AppliedTradeAllowanceCharge');
      w.indicator(false);
      w.amount(w.el('BT-147'), p.discount);
      w.close();
    }
    w.close();
  }
  w.open('ram:NetPriceProductTradePrice');
  w.amount(w.el('BT-146'), p.netPrice);
  w.decimal(w.el('BT-149'), p.baseQuantity, baseUnit);
  w.close();
}

/** BG-27 INVOICE LINE ALLOWANCES / BG-28 INVOICE LINE CHARGES (BT-136..BT-145). */
function writeLineAllowanceCharge(w: CiiWriter, ac: LineAllowanceCharge, charge: boolean): void {
  w.open('ram:SpecifiedTradeAllowanceCharge');
  w.indicator(charge);
  w.decimal(w.el(charge ? 'BT-143' : 'BT-138'), ac.percentage);
  w.amount(w.el(charge ? 'BT-142' : 'BT-137'), ac.baseAmount);
  w.amount(w.el(charge ? 'BT-141' : 'BT-136'), ac.amount);
  w.text(w.el(charge ? 'BT-145' : 'BT-140'), ac.reasonCode);
  w.text(w.el(charge ? 'BT-144' : 'BT-139'), ac.reason);
  w.close();
}

// ---- header agreement ------------------------------------------------------------------

/** BT-10, BG-4 seller, BG-7 buyer, BG-11 tax representative, BT-11..BT-14, BT-17, BT-18, BG-24. */
function writeHeaderAgreement(w: CiiWriter, inv: Invoice): void {
  w.open('ram:ApplicableHeaderTradeAgreement');
  w.text(w.el('BT-10'), inv.buyerReference);
  writeSeller(w, inv.seller);
  writeBuyer(w, inv.buyer);
  const rep = inv.taxRepresentative;
  if (rep !== undefined) {
    w.open('ram:SellerTaxRepresentativeTradeParty');
    w.text(w.el('BT-62'), rep.name);
    writeAddress(w, rep.address, ADDRESS_TERMS.taxRepresentative);
    writeVatRegistration(w, w.named('BT-63', 'ram:ID'), rep.vatId);
    w.close();
  }
  referencedDocument(w, 'ram:SellerOrderReferencedDocument', w.el('BT-14'), inv.salesOrderReference);
  referencedDocument(w, 'ram:BuyerOrderReferencedDocument', w.el('BT-13'), inv.purchaseOrderReference);
  referencedDocument(w, 'ram:ContractReferencedDocument', w.el('BT-12'), inv.contractReference);
  // BG-24: the supporting document reference (BT-122) is mandatory in its element.
  for (const doc of w.carries('BT-122') ? inv.supportingDocuments : []) {
    w.open('ram:AdditionalReferencedDocument');
    w.text(w.el('BT-122'), doc.reference);
    w.text(w.el('BT-124'), doc.uri);
    w.text('ram:TypeCode', SUPPORTING_DOCUMENT_TYPE);
    w.text(w.el('BT-123'), doc.description);
    const att = doc.attachment;
    if (att !== undefined && has(att.content)) {
      // mimeCode and filename are mandatory attributes in the XSD (BT-125-1, BT-125-2).
      w.text(w.el('BT-125'), att.content, attr('mimeCode', att.mimeCode) + attr('filename', att.filename));
    }
    w.close();
  }
  if (w.carries('BT-17') && has(inv.tenderOrLotReference)) {
    w.open('ram:AdditionalReferencedDocument');
    w.text(w.el('BT-17'), inv.tenderOrLotReference);
    w.text('ram:TypeCode', TENDER_TYPE);
    w.close();
  }
  if (w.carries('BT-18') && hasId(inv.invoicedObjectIdentifier)) {
    w.open('ram:AdditionalReferencedDocument');
    w.text(w.el('BT-18'), inv.invoicedObjectIdentifier.id);
    w.text('ram:TypeCode', INVOICED_OBJECT_TYPE);
    w.text(w.el('BT-18-1'), inv.invoicedObjectIdentifier.scheme);
    w.close();
  }
  if (w.carries('BT-11') && has(inv.projectReference)) {
    w.open('ram:SpecifiedProcuringProject');
    w.text(w.el('BT-11'), inv.projectReference);
    w.text('ram:Name', PROJECT_NAME);
    w.close();
  }
  w.close();
}

function referencedDocument(w: CiiWriter, container: string, leaf: string | undefined, value: string | undefined): void {
  if (leaf === undefined || !has(value)) return;
  w.open(container);
  w.text(leaf, value);
  w.close();
}

/** BG-4 SELLER with BG-5 and BG-6: BT-27..BT-43. */
function writeSeller(w: CiiWriter, s: Seller): void {
  w.open('ram:SellerTradeParty');
  w.partyIds('BT-29', s.identifiers);
  w.text(w.el('BT-27'), s.name);
  w.text(w.el('BT-33'), s.additionalLegalInfo);
  writeLegalOrganization(w, w.named('BT-30', 'ram:ID'), s.legalRegistrationId, w.named('BT-28', 'ram:TradingBusinessName'), s.tradingName);
  writeContact(w, s.contact, SELLER_CONTACT);
  writeAddress(w, s.address, ADDRESS_TERMS.seller);
  writeElectronicAddress(w, w.carries('BT-34'), s.electronicAddress);
  writeVatRegistration(w, w.named('BT-31', 'ram:ID'), s.vatId);
  if (w.carries('BT-32') && has(s.taxRegistrationId)) {
    w.open('ram:SpecifiedTaxRegistration');
    w.text(w.el('BT-32'), s.taxRegistrationId, ' schemeID="FC"');
    w.close();
  }
  w.close();
}

/** BG-7 BUYER with BG-8 and BG-9: BT-44..BT-58. */
function writeBuyer(w: CiiWriter, b: Buyer): void {
  w.open('ram:BuyerTradeParty');
  w.partyIds('BT-46', [b.identifier]);
  w.text(w.el('BT-44'), b.name);
  writeLegalOrganization(w, w.named('BT-47', 'ram:ID'), b.legalRegistrationId, w.named('BT-45', 'ram:TradingBusinessName'), b.tradingName);
  writeContact(w, b.contact, BUYER_CONTACT);
  writeAddress(w, b.address, ADDRESS_TERMS.buyer);
  writeElectronicAddress(w, w.carries('BT-49'), b.electronicAddress);
  writeVatRegistration(w, w.named('BT-48', 'ram:ID'), b.vatId);
  w.close();
}

/**
 * Legal registration id (BT-30 / BT-47 / BT-61) with scheme, and trading name
 * (BT-28 / BT-45); an element name is undefined when the profile omits its term.
 */
function writeLegalOrganization(
  w: CiiWriter,
  idElement: string | undefined,
  id: Identifier | undefined,
  nameElement?: string,
  tradingName?: string,
): void {
  w.open('ram:SpecifiedLegalOrganization', '', true);
  if (hasId(id)) w.text(idElement, id.id, attr('schemeID', id.scheme));
  w.text(nameElement, tradingName);
  w.close();
}

/** BT ids of the two contacts (BG-6 seller, BG-9 buyer). */
const SELLER_CONTACT = { name: 'BT-41', phone: 'BT-42', email: 'BT-43' } as const;
const BUYER_CONTACT = { name: 'BT-56', phone: 'BT-57', email: 'BT-58' } as const;

/** BG-6 / BG-9 contact: BT-41/56 as PersonName, BT-42/57, BT-43/58. */
function writeContact(w: CiiWriter, c: Contact | undefined, ids: typeof SELLER_CONTACT | typeof BUYER_CONTACT): void {
  if (c === undefined) return;
  w.open('ram:DefinedTradeContact', '', true);
  w.text(w.el(ids.name), c.name);
  w.open('ram:TelephoneUniversalCommunication', '', true);
  w.text(w.el(ids.phone), c.phone);
  w.close();
  w.open('ram:EmailURIUniversalCommunication', '', true);
  w.text(w.el(ids.email), c.email);
  w.close();
  w.close();
}

/**
 * A postal address (BG-5 / BG-8 / BG-12 / BG-15) in XSD order: post code first, country after the city.
 * CII requires ram:CountryID in every ram:PostalTradeAddress, so an address without a country code
 * (BT-40 / BT-55 / BT-69 / BT-80) is not written at all: the XML stays schema-valid and the rules
 * report the missing country (BR-09, BR-11, BR-20, BR-57) on the model.
 */
function writeAddress(w: CiiWriter, a: PostalAddress | undefined, ids: (typeof ADDRESS_TERMS)[keyof typeof ADDRESS_TERMS]): void {
  if (a === undefined || a.countryCode === undefined || a.countryCode.trim() === '') return;
  w.open('ram:PostalTradeAddress', '', true);
  w.text(w.el(ids.postcode), a.postcode);
  w.text(w.el(ids.line1), a.line1);
  w.text(w.el(ids.line2), a.line2);
  w.text(w.el(ids.line3), a.line3);
  w.text(w.el(ids.city), a.city);
  w.text(w.el(ids.countryCode), a.countryCode);
  w.text(w.el(ids.subdivision), a.subdivision);
  w.close();
}

/** Electronic address (BT-34 / BT-49) with its EAS scheme as URIID/@schemeID; nothing when the profile does not `carry` it. */
function writeElectronicAddress(w: CiiWriter, carry: boolean, id: Identifier | undefined): void {
  if (!carry || !hasId(id)) return;
  w.open('ram:URIUniversalCommunication');
  w.text('ram:URIID', id.id, attr('schemeID', id.scheme));
  w.close();
}

/** VAT identifier (BT-31 / BT-48 / BT-63) as SpecifiedTaxRegistration/ID[@schemeID='VA'], in `idElement` unless the profile omits it. */
function writeVatRegistration(w: CiiWriter, idElement: string | undefined, vatId: string | undefined): void {
  if (idElement === undefined || !has(vatId)) return;
  w.open('ram:SpecifiedTaxRegistration');
  w.text(idElement, vatId, ' schemeID="VA"');
  w.close();
}

// ---- header delivery -------------------------------------------------------------------

/** BG-13 DELIVERY INFORMATION (BT-70..BT-72, BG-15), BT-15, BT-16. The element itself is mandatory. */
function writeHeaderDelivery(w: CiiWriter, inv: Invoice): void {
  const d = inv.delivery;
  w.open('ram:ApplicableHeaderTradeDelivery');
  if (d !== undefined) {
    w.open('ram:ShipToTradeParty', '', true);
    w.partyIds('BT-71', [d.locationId]);
    w.text(w.el('BT-70'), d.name);
    writeAddress(w, d.address, ADDRESS_TERMS.deliverTo);
    w.close();
    if (has(d.actualDate)) {
      w.open('ram:ActualDeliverySupplyChainEvent');
      w.date(w.el('BT-72'), d.actualDate);
      w.close();
    }
  }
  referencedDocument(w, 'ram:DespatchAdviceReferencedDocument', w.el('BT-16'), inv.despatchAdviceReference);
  referencedDocument(w, 'ram:ReceivingAdviceReferencedDocument', w.el('BT-15'), inv.receivingAdviceReference);
  w.close();
}

// ---- header settlement -----------------------------------------------------------------

/** BT-90, BT-83, BT-6, BT-5, BG-10, BG-16..BG-19, BG-23, BG-14, BG-20, BG-21, BT-20, BT-9, BT-89, BG-22, BG-3, BT-19. */
function writeHeaderSettlement(w: CiiWriter, inv: Invoice): void {
  const pay = inv.paymentInstructions;
  w.open('ram:ApplicableHeaderTradeSettlement');
  w.text(w.el('BT-90'), pay?.directDebit?.creditorId);
  w.text(w.el('BT-83'), pay?.remittanceInformation);
  w.text(w.el('BT-6'), inv.vatAccountingCurrency);
  w.text(w.el('BT-5'), inv.currency);
  const payee = inv.payee;
  if (payee !== undefined) {
    w.open('ram:PayeeTradeParty');
    w.partyIds('BT-60', [payee.identifier]);
    w.text(w.el('BT-59'), payee.name);
    writeLegalOrganization(w, w.named('BT-61', 'ram:ID'), payee.legalRegistrationId);
    w.close();
  }
  if (pay !== undefined) writePaymentMeans(w, pay);
  inv.vatBreakdown.forEach((vat, i) => writeVatBreakdown(w, vat, i === 0 ? inv : undefined));
  w.open('ram:BillingSpecifiedPeriod', '', true);
  w.date(w.el('BT-73'), inv.invoicingPeriod?.start);
  w.date(w.el('BT-74'), inv.invoicingPeriod?.end);
  w.close();
  for (const a of inv.allowances) writeDocumentAllowanceCharge(w, a, false);
  for (const c of inv.charges) writeDocumentAllowanceCharge(w, c, true);
  w.open('ram:SpecifiedTradePaymentTerms', '', true);
  w.text(w.el('BT-20'), inv.paymentTerms);
  w.date(w.el('BT-9'), inv.dueDate);
  w.text(w.el('BT-89'), pay?.directDebit?.mandateReference);
  w.close();
  writeTotals(w, inv);
  // BG-3 is 0..n in EN 16931 but InvoiceReferencedDocument is 0..1 in the CII
  // D16B XSD the official validator applies: only the first reference fits.
  const preceding = inv.precedingInvoices.filter((p) => has(p.reference)).slice(0, PRECEDING_INVOICE_MAX);
  for (const p of preceding) {
    w.open('ram:InvoiceReferencedDocument');
    w.text(w.el('BT-25'), p.reference);
    w.date(w.el('BT-26'), p.issueDate, 'qdt:DateTimeString');
    w.close();
  }
  w.open('ram:ReceivableSpecifiedTradeAccountingAccount', '', true);
  w.text(w.el('BT-19'), inv.buyerAccountingReference);
  w.close();
  w.close();
}

/**
 * BG-16 PAYMENT INSTRUCTIONS. CII holds one payment account per
 * SpecifiedTradeSettlementPaymentMeans, so each credit transfer (BG-17) gets its
 * own element repeating BT-81/BT-82; the card (BG-18) and the debited account
 * (BT-91) go in the first one.
 */
function writePaymentMeans(w: CiiWriter, pay: PaymentInstructions): void {
  const transfers = pay.creditTransfers.length > 0 ? pay.creditTransfers : [undefined];
  transfers.forEach((ct, i) => {
    w.open('ram:SpecifiedTradeSettlementPaymentMeans');
    w.text(w.el('BT-81'), pay.typeCode);
    w.text(w.el('BT-82'), pay.text);
    if (i === 0) {
      if (pay.card !== undefined) {
        w.open('ram:ApplicableTradeSettlementFinancialCard', '', true);
        w.text(w.el('BT-87'), pay.card.accountNumber);
        w.text(w.el('BT-88'), pay.card.holderName);
        w.close();
      }
      w.open('ram:PayerPartyDebtorFinancialAccount', '', true);
      w.text(w.el('BT-91'), pay.directDebit?.debitedAccountId);
      w.close();
    }
    if (ct !== undefined) {
      w.open('ram:PayeePartyCreditorFinancialAccount', '', true);
      // BT-84: IBANID before, ProprietaryID after the account name (XSD order).
      const isIban = has(ct.accountId) && IBAN_SHAPE.test(ct.accountId.replace(/\s+/g, ''));
      if (isIban) w.text(w.named('BT-84', 'ram:IBANID'), ct.accountId);
      w.text(w.el('BT-85'), ct.accountName);
      if (!isIban) w.text(w.named('BT-84', 'ram:ProprietaryID'), ct.accountId);
      w.close();
      w.open('ram:PayeeSpecifiedCreditorFinancialInstitution', '', true);
      w.text(w.el('BT-86'), ct.serviceProviderId);
      w.close();
    }
    w.close();
  });
}

/**
 * BG-23 VAT BREAKDOWN (BT-116..BT-121). CII has no document-level place for the
 * tax point date (BT-7) or its code (BT-8): they go in a breakdown, and CII-SR-461
 * allows one TaxPointDate per document, so `pointOfTax` is given for the first
 * breakdown only.
 */
function writeVatBreakdown(w: CiiWriter, vat: VatBreakdown, pointOfTax: Invoice | undefined): void {
  w.open('ram:ApplicableTradeTax');
  w.amount(w.el('BT-117'), vat.taxAmount);
  w.text('ram:TypeCode', 'VAT');
  w.text(w.el('BT-120'), vat.exemptionReason);
  w.amount(w.el('BT-116'), vat.taxableAmount);
  w.text(w.el('BT-118'), vat.category);
  w.text(w.el('BT-121'), vat.exemptionReasonCode);
  w.date(w.el('BT-7'), pointOfTax?.taxPointDate, 'udt:DateString');
  w.text(w.el('BT-8'), pointOfTax?.taxPointDateCode);
  w.decimal(w.el('BT-119'), vat.rate);
  w.close();
}

/** BG-20 DOCUMENT LEVEL ALLOWANCES / BG-21 DOCUMENT LEVEL CHARGES (BT-92..BT-105). */
function writeDocumentAllowanceCharge(w: CiiWriter, ac: DocumentAllowanceCharge, charge: boolean): void {
  w.open('ram:SpecifiedTradeAllowanceCharge');
  w.indicator(charge);
  w.decimal(w.el(charge ? 'BT-101' : 'BT-94'), ac.percentage);
  w.amount(w.el(charge ? 'BT-100' : 'BT-93'), ac.baseAmount);
  w.amount(w.el(charge ? 'BT-99' : 'BT-92'), ac.amount);
  w.text(w.el(charge ? 'BT-105' : 'BT-98'), ac.reasonCode);
  w.text(w.el(charge ? 'BT-104' : 'BT-97'), ac.reason);
  // ram:CategoryCode is mandatory in a CII TradeTax: without BT-95/BT-102 no CategoryTradeTax is written (BR-32/BR-37 then apply).
  if (has(ac.vatCategory)) {
    w.open('ram:CategoryTradeTax');
    w.text('ram:TypeCode', 'VAT');
    w.text(w.el(charge ? 'BT-102' : 'BT-95'), ac.vatCategory);
    w.decimal(w.el(charge ? 'BT-103' : 'BT-96'), ac.vatRate);
    w.close();
  }
  w.close();
}

/** BG-22 DOCUMENT TOTALS in XSD order; BT-110 and BT-111 as TaxTotalAmount with the currency of BT-5 and BT-6. */
function writeTotals(w: CiiWriter, inv: Invoice): void {
  const t = inv.totals;
  w.open('ram:SpecifiedTradeSettlementHeaderMonetarySummation');
  w.amount(w.el('BT-106'), t.lineNetTotal);
  w.amount(w.el('BT-108'), t.chargeTotal);
  w.amount(w.el('BT-107'), t.allowanceTotal);
  w.amount(w.el('BT-109'), t.taxExclusiveAmount);
  w.amount(w.el('BT-110'), t.vatTotal, attr('currencyID', inv.currency));
  w.amount(w.el('BT-111'), t.vatTotalInAccountingCurrency, attr('currencyID', inv.vatAccountingCurrency));
  w.amount(w.el('BT-114'), t.roundingAmount);
  w.amount(w.el('BT-112'), t.taxInclusiveAmount);
  w.amount(w.el('BT-113'), t.prepaidAmount);
  w.amount(w.el('BT-115'), t.amountDue);
  w.close();
}
