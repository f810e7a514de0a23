/**
 * Conversion of the parsed v2 invoice input into the EN 16931 semantic model
 * (lib/model/invoice.ts). Pure and deterministic: the same input always gives
 * the same invoice. Nothing is validated here beyond what the input schema
 * did; wrong but well-formed data (a wrong rate for a category, client totals
 * that do not add up) and absent mandatory terms (a partial input,
 * ./partial.ts) are carried into the model so the EN 16931 rules report them
 * with their official ids.
 *
 * Money follows EN 16931 and DECISIONS.md ("Money"): line net = quantity x
 * unit price rounded half up to 2 decimals (BT-131); VAT per (category, rate)
 * group = taxable base x rate rounded to 2 decimals (BT-117); totals are sums
 * of rounded values (BR-CO-10..16).
 */
import { dec, round2, sum, ZERO, type Decimal } from '../model/decimal.js';

const ONE = dec(1);
import {
  EN16931_SPECIFICATION_ID,
  type Buyer,
  type Contact,
  type Delivery,
  type DocumentAllowanceCharge,
  type DocumentTotals,
  type Identifier,
  type Invoice,
  type InvoiceLine,
  type LineAllowanceCharge,
  type Payee,
  type PaymentInstructions,
  type Period,
  type PostalAddress,
  type Seller,
  type SupportingDocument,
  type TaxRepresentative,
  type VatBreakdown,
} from '../model/invoice.js';
import { parseAddress } from './address.js';
import { detectPartyCountry, normalizeVatNumber } from './country.js';
import type { DocumentAllowanceChargeInput, LineAllowanceChargeInput } from './schema.js';
import type { PartialAddressInput, PartialBuyerInput, PartialInvoiceInput, PartialItemInput, PartialSellerInput } from './partial.js';
import { isSepaIban } from './sepa.js';
import { textOf } from '../model/presence.js';

/** ICD 0009: French SIRET (BT-29 / BT-46 scheme). */
export const SCHEME_SIRET = '0009';
/** ICD 0002: French SIREN (BT-30 / BT-47 scheme). */
export const SCHEME_SIREN = '0002';
/** EAS code of an email electronic address (BT-34-1 / BT-49-1). */
export const SCHEME_EMAIL = 'EM';

/**
 * Exemption reason (BT-120) and code (BT-121) implied by a VAT category when
 * the client gives none (DECISIONS.md, "VAT exemption"). Category E has no
 * default on purpose: an exempt invoice must say why (BR-E-10).
 */
export const EXEMPTION_DEFAULTS: Readonly<Record<string, { code: string; reason: string }>> = {
  AE: { code: 'VATEX-EU-AE', reason: 'Reverse charge' },
  K: { code: 'VATEX-EU-IC', reason: 'Intra-Community supply' },
  G: { code: 'VATEX-EU-G', reason: 'Export outside the EU' },
  O: { code: 'VATEX-EU-O', reason: 'Not subject to VAT' },
};

/**
 * Categories whose VAT breakdown must not carry an exemption reason
 * (BR-S-10, BR-Z-10, BR-AF-10, BR-AG-10): a reason a client gives on such a
 * line is not carried over.
 */
const CATEGORIES_WITHOUT_EXEMPTION = new Set(['S', 'Z', 'L', 'M']);

/** Trimmed text, or undefined when missing or blank (blank means absent). */
const text = textOf;

/**
 * Copy of `value` without its undefined properties, so absent terms are really absent. A copy, not
 * `delete` in place: deleting a property other than the last one turns a V8 object into a hash table
 * ("dictionary mode"), and every rule then reads the invoice, its parties, totals and breakdowns by
 * hash look-up (the whole 10-line conversion took 10-14 % longer so). The copy adds the kept properties
 * in order, one hidden-class transition each, and stays a fast object.
 */
function compact<T extends object>(value: T): T {
  const out: Record<string, unknown> = {};
  for (const key in value) {
    const v = (value as Record<string, unknown>)[key];
    if (v !== undefined) out[key] = v;
  }
  return out as T;
}

function digits(value: string | undefined): string | undefined {
  return text(value)?.replace(/\s+/g, '');
}

/** Electronic address (BT-34 / BT-49): a string with '@' is an email (scheme EM); otherwise the scheme is the client's. */
function electronicAddress(value: string | { id: string; scheme?: string | undefined } | undefined): Identifier | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string') {
    const id = text(value);
    if (id === undefined) return undefined;
    return id.includes('@') ? { id, scheme: SCHEME_EMAIL } : { id };
  }
  // Without a scheme (absent in a partial input) BR-62 / BR-63 report it.
  return compact<Identifier>({ id: value.id.trim(), scheme: text(value.scheme) });
}

/**
 * The party address: a string is parsed, a structured address copied; the country is the detected one.
 * Without an address (a partial input) the postal address holds only an explicit `country`, else nothing
 * (BR-08 / BR-10 and BR-09 / BR-11 report it): a country detected from other evidence makes no address.
 */
function partyAddress(address: PartialAddressInput | undefined, countryCode: string | undefined, explicitCountry: string | undefined): PostalAddress {
  if (address === undefined) return compact({ countryCode: explicitCountry === undefined ? undefined : countryCode });
  const base: PostalAddress =
    typeof address === 'string'
      ? parseAddress(address, countryCode === undefined ? {} : { country: countryCode })
      : {
          line1: text(address.line1),
          line2: text(address.line2),
          line3: text(address.line3),
          city: text(address.city),
          postcode: text(address.postcode),
          subdivision: text(address.subdivision),
        };
  return compact({ ...base, countryCode });
}

/** BT-30 / BT-47: the SIREN when given, else the first 9 digits of the SIRET, with scheme 0002. */
function legalRegistration(siren: string | undefined, siret: string | undefined): Identifier | undefined {
  if (siren !== undefined) return { id: siren, scheme: SCHEME_SIREN };
  if (siret !== undefined) return { id: siret.slice(0, 9), scheme: SCHEME_SIREN };
  return undefined;
}

function toSeller(seller: PartialSellerInput): Seller {
  const siret = digits(seller.siret);
  const siren = digits(seller.siren);
  const vatNumber = text(seller.vatNumber);
  const country = detectPartyCountry({ country: seller.country, vatNumber, address: seller.address, siret, siren });
  const contact: Contact = compact({ name: text(seller.contactName), phone: text(seller.phone), email: text(seller.email) });
  return compact<Seller>({
    name: seller.name?.trim() ?? '',
    identifiers: siret === undefined ? [] : [{ id: siret, scheme: SCHEME_SIRET }],
    legalRegistrationId: legalRegistration(siren, siret),
    vatId: vatNumber === undefined ? undefined : normalizeVatNumber(vatNumber),
    electronicAddress: electronicAddress(seller.electronicAddress),
    address: partyAddress(seller.address, country?.countryCode, seller.country),
    contact: Object.keys(contact).length > 0 ? contact : undefined,
    additionalLegalInfo: text(seller.additionalLegalInfo),
  });
}

function toBuyer(buyer: PartialBuyerInput): Buyer {
  const siret = digits(buyer.siret);
  const siren = digits(buyer.siren);
  const vatNumber = text(buyer.vatNumber);
  const country = detectPartyCountry({ country: buyer.country, vatNumber, address: buyer.address, siret, siren });
  return compact<Buyer>({
    name: buyer.name?.trim() ?? '',
    identifier: siret === undefined ? undefined : { id: siret, scheme: SCHEME_SIRET },
    legalRegistrationId: legalRegistration(siren, siret),
    vatId: vatNumber === undefined ? undefined : normalizeVatNumber(vatNumber),
    electronicAddress: electronicAddress(buyer.electronicAddress),
    address: partyAddress(buyer.address, country?.countryCode, buyer.country),
  });
}

/** An object identifier (BT-18 / BT-128) from a string or {id, scheme}; undefined when blank. */
function objectIdentifier(value: string | { id: string; scheme?: string | undefined } | undefined): Identifier | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string') {
    const id = text(value);
    return id === undefined ? undefined : { id };
  }
  return compact<Identifier>({ id: value.id.trim(), scheme: text(value.scheme) });
}

/** A period (BG-14 / BG-26), or undefined when neither date is given. */
function toPeriod(period: { start?: string | undefined; end?: string | undefined } | undefined): Period | undefined {
  if (period === undefined || (period.start === undefined && period.end === undefined)) return undefined;
  return compact<Period>({ start: period.start, end: period.end });
}

/**
 * A line allowance (BG-27) or charge (BG-28). With a percentage and no base,
 * the base is the line's quantity x unit price (rounded); without an amount,
 * the amount is base x percentage / 100 rounded half up to 2 decimals.
 */
function toLineAllowanceCharge(input: LineAllowanceChargeInput, lineGross: Decimal | undefined): LineAllowanceCharge {
  const baseAmount = input.baseAmount ?? (input.percentage === undefined ? undefined : lineGross);
  const amount = input.amount ?? (baseAmount !== undefined && input.percentage !== undefined ? round2(baseAmount.times(input.percentage).dividedBy(100)) : undefined);
  return compact<LineAllowanceCharge>({ amount, baseAmount, percentage: input.percentage, reason: text(input.reason), reasonCode: text(input.reasonCode) });
}

/** The item information (BG-31): name (BT-153), seller's id (BT-155), classifications (BT-158), origin (BT-159), attributes (BG-32). */
function toItem(item: PartialItemInput): InvoiceLine['item'] {
  // Built key by key rather than compacted: this runs once per line on the ~1 ms v2 path.
  const out: InvoiceLine['item'] = {
    name: item.description?.trim() ?? '',
    classifications: item.classifications === undefined ? [] : item.classifications.map((c) => compact({ id: c.code.trim(), scheme: text(c.scheme), version: text(c.version) })),
    // A missing name or value is the empty string, as the model keeps mandatory text (BR-54 reports it).
    attributes: item.attributes === undefined ? [] : item.attributes.map((a) => ({ name: text(a.name) ?? '', value: text(a.value) ?? '' })),
  };
  const sellerId = text(item.reference);
  if (sellerId !== undefined) out.sellerId = sellerId;
  if (item.originCountry !== undefined) out.originCountry = item.originCountry;
  return out;
}

/** Price details (BG-29): BT-146, BT-147, BT-148 and the base quantity (BT-149) with its unit (BT-150). */
function toPrice(item: PartialItemInput, baseQuantity: Decimal | undefined, baseUnitCode: string | undefined): InvoiceLine['price'] {
  const price: InvoiceLine['price'] = item.unitPrice === undefined ? {} : { netPrice: item.unitPrice };
  // BT-147 lives inside a gross price in CII: without BT-148 the model states the one the XML carries, net + discount (BT-146 = BT-148 - BT-147).
  const grossPrice = item.grossPrice ?? (item.priceDiscount === undefined || item.unitPrice === undefined ? undefined : item.unitPrice.plus(item.priceDiscount));
  if (grossPrice !== undefined) price.grossPrice = grossPrice;
  if (item.priceDiscount !== undefined) price.discount = item.priceDiscount;
  if (baseQuantity !== undefined) {
    price.baseQuantity = baseQuantity;
    price.baseQuantityUnitCode = baseUnitCode;
  }
  return price;
}

/**
 * Invoice line (BG-25) number `index + 1`: BT-131 = quantity x net price /
 * price base quantity (BT-149, default 1), rounded, - line allowances + line
 * charges (BG-27, BG-28). Without a quantity or a net price (a partial input)
 * there is no line net amount either (BR-24 with BR-22 / BR-26).
 */
function toLine(item: PartialItemInput, index: number): InvoiceLine {
  const period = toPeriod(item.period);
  const objectId = objectIdentifier(item.objectIdentifier);
  const unitCode = text(item.unitCode) ?? 'C62';
  const baseUnitCode = text(item.baseQuantityUnitCode);
  // BT-150 alone states a price per one unit of its own: base quantity 1.
  const baseQuantity = item.baseQuantity ?? (baseUnitCode === undefined ? undefined : ONE);
  const lineGross =
    item.quantity === undefined || item.unitPrice === undefined
      ? undefined
      : round2(baseQuantity === undefined ? item.quantity.times(item.unitPrice) : item.quantity.times(item.unitPrice).dividedBy(baseQuantity));
  const allowances = (item.allowances ?? []).map((a) => toLineAllowanceCharge(a, lineGross));
  const charges = (item.charges ?? []).map((c) => toLineAllowanceCharge(c, lineGross));
  const netAmount =
    lineGross === undefined || (allowances.length === 0 && charges.length === 0)
      ? lineGross
      : lineGross.minus(sum(allowances.map((a) => a.amount))).plus(sum(charges.map((c) => c.amount)));
  return {
    id: String(index + 1),
    ...(objectId === undefined ? {} : { objectIdentifier: objectId }),
    ...(item.quantity === undefined ? {} : { quantity: item.quantity }),
    unitCode,
    ...(netAmount === undefined ? {} : { netAmount }),
    ...(period === undefined ? {} : { period }),
    allowances,
    charges,
    price: toPrice(item, baseQuantity, baseUnitCode ?? unitCode),
    // Category O has no rate at all (BR-O-05); every other category keeps the client's rate, right or wrong, for the rules to judge.
    vat: item.vatCategory === 'O' || item.vatRate === undefined ? { category: item.vatCategory } : { category: item.vatCategory, rate: item.vatRate },
    item: toItem(item),
  };
}

/** The lines, allowances (BG-20) and charges (BG-21) of one VAT breakdown group, with what identifies the group. */
interface VatGroup {
  category: string;
  rate?: Decimal;
  items: PartialItemInput[];
  lines: InvoiceLine[];
  allowances: DocumentAllowanceCharge[];
  charges: DocumentAllowanceCharge[];
}

/**
 * Groups the lines, then the document allowances and charges, by (category,
 * rate) in order of first appearance; category O is one group without rate.
 * An allowance or charge without a VAT category belongs to no group (BR-32 /
 * BR-37 report it).
 */
function groupByVat(
  items: readonly PartialItemInput[],
  lines: readonly InvoiceLine[],
  allowances: readonly DocumentAllowanceCharge[],
  charges: readonly DocumentAllowanceCharge[],
): VatGroup[] {
  const groups = new Map<string, VatGroup>();
  const groupOf = (category: string, rate: Decimal | undefined): VatGroup => {
    // Keyed by the rate's value, so 20, "20" and "20.00" are one group.
    const key = rate === undefined ? category : `${category}|${rate.toString()}`;
    let group = groups.get(key);
    if (group === undefined) {
      group = { category, ...(rate === undefined ? {} : { rate }), items: [], lines: [], allowances: [], charges: [] };
      groups.set(key, group);
    }
    return group;
  };
  items.forEach((item, index) => {
    const line = lines[index];
    if (line === undefined) return;
    const group = groupOf(line.vat.category, line.vat.rate);
    group.items.push(item);
    group.lines.push(line);
  });
  for (const allowance of allowances) if (allowance.vatCategory !== undefined) groupOf(allowance.vatCategory, allowance.vatRate).allowances.push(allowance);
  for (const charge of charges) if (charge.vatCategory !== undefined) groupOf(charge.vatCategory, charge.vatRate).charges.push(charge);
  return [...groups.values()];
}

/** VAT breakdown entry (BG-23) of one group: BT-116 = line net amounts - allowances + charges of the group (BR-S-08 and its peers); BT-117..BT-121. */
function toVatBreakdown(group: VatGroup): VatBreakdown {
  const taxableAmount = sum(group.lines.map((line) => line.netAmount))
    .minus(sum(group.allowances.map((a) => a.amount)))
    .plus(sum(group.charges.map((c) => c.amount)));
  const taxAmount = group.rate === undefined ? ZERO : round2(taxableAmount.times(group.rate).dividedBy(100));
  let exemptionReason: string | undefined;
  let exemptionReasonCode: string | undefined;
  if (!CATEGORIES_WITHOUT_EXEMPTION.has(group.category)) {
    exemptionReason = group.items.map((item) => text(item.vatExemptionReason)).find((value) => value !== undefined);
    exemptionReasonCode = group.items.map((item) => text(item.vatExemptionReasonCode)).find((value) => value !== undefined);
    const implied = EXEMPTION_DEFAULTS[group.category];
    if (implied !== undefined) {
      exemptionReason ??= implied.reason;
      exemptionReasonCode ??= implied.code;
    }
  }
  return compact<VatBreakdown>({
    taxableAmount,
    taxAmount,
    category: group.category,
    rate: group.rate,
    exemptionReason,
    exemptionReasonCode,
  });
}

/**
 * A document-level allowance (BG-20) or charge (BG-21). The amount is the
 * client's, else base x percentage / 100 rounded half up to 2 decimals. Without
 * a VAT category the lines' one is taken when all lines share a single
 * (category, rate); category O never has a rate (BR-O-05 and its peers).
 */
function toDocumentAllowanceCharge(input: DocumentAllowanceChargeInput, lines: readonly InvoiceLine[]): DocumentAllowanceCharge {
  const amount =
    input.amount ??
    (input.baseAmount !== undefined && input.percentage !== undefined ? round2(input.baseAmount.times(input.percentage).dividedBy(100)) : undefined);
  let vatCategory: string | undefined = input.vatCategory;
  let vatRate = input.vatRate;
  if (vatCategory === undefined && vatRate === undefined) {
    const first = lines[0]?.vat;
    const single = first !== undefined && lines.every((line) => line.vat.category === first.category && sameRate(line.vat.rate, first.rate));
    if (single) {
      vatCategory = first.category;
      vatRate = first.rate;
    }
  }
  return compact<DocumentAllowanceCharge>({
    amount,
    baseAmount: input.baseAmount,
    percentage: input.percentage,
    vatCategory,
    vatRate: vatCategory === 'O' ? undefined : vatRate,
    reason: text(input.reason),
    reasonCode: text(input.reasonCode),
  });
}

function sameRate(a: Decimal | undefined, b: Decimal | undefined): boolean {
  return a === undefined || b === undefined ? a === b : a.eq(b);
}

/** Document totals (BG-22): computed, except the client totals, which are kept as given for BR-CO-13 / BR-CO-15 to check. */
function toTotals(
  input: PartialInvoiceInput,
  lines: readonly InvoiceLine[],
  allowances: readonly DocumentAllowanceCharge[],
  charges: readonly DocumentAllowanceCharge[],
  vatBreakdown: readonly VatBreakdown[],
): DocumentTotals {
  const lineNetTotal = sum(lines.map((line) => line.netAmount));
  // BT-107 / BT-108 only when there is something to sum (BR-CO-11, BR-CO-12).
  const allowanceTotal = allowances.length > 0 ? sum(allowances.map((a) => a.amount)) : undefined;
  const chargeTotal = charges.length > 0 ? sum(charges.map((c) => c.amount)) : undefined;
  const vatTotal = sum(vatBreakdown.map((entry) => entry.taxAmount));
  // BR-CO-13: BT-109 = BT-106 - BT-107 + BT-108.
  const taxExclusiveAmount = input.totals?.totalHT ?? lineNetTotal.minus(allowanceTotal ?? ZERO).plus(chargeTotal ?? ZERO);
  const taxInclusiveAmount = input.totals?.totalTTC ?? taxExclusiveAmount.plus(vatTotal);
  const prepaidAmount = input.totals?.prepaidAmount;
  const roundingAmount = input.totals?.roundingAmount;
  // BR-CO-16: BT-115 = BT-112 - BT-113 + BT-114.
  let amountDue = taxInclusiveAmount.minus(prepaidAmount ?? ZERO);
  if (roundingAmount !== undefined) amountDue = amountDue.plus(roundingAmount);
  return compact<DocumentTotals>({
    lineNetTotal,
    allowanceTotal,
    chargeTotal,
    taxExclusiveAmount,
    vatTotal,
    taxInclusiveAmount,
    prepaidAmount,
    roundingAmount,
    amountDue,
    vatTotalInAccountingCurrency: input.totals?.vatTotalAccountingCurrency,
  });
}

type PaymentMeansInput = NonNullable<PartialInvoiceInput['paymentMeans']>;

/** Payment card (BG-18): BT-87 (the last digits only) and BT-88. */
function toCard(card: PaymentMeansInput['card']): PaymentInstructions['card'] {
  return card === undefined ? undefined : compact({ accountNumber: card.lastDigits, holderName: text(card.holderName) });
}

/** Direct debit (BG-19): BT-89, BT-90, BT-91; undefined when all three are blank. */
function toDirectDebit(debit: PaymentMeansInput['directDebit']): PaymentInstructions['directDebit'] {
  if (debit === undefined) return undefined;
  const value = compact({ mandateReference: text(debit.mandateReference), creditorId: text(debit.creditorId), debitedAccountId: debit.debitedAccount });
  return Object.keys(value).length > 0 ? value : undefined;
}

/** BT-81 when the client gives none: direct debit 59 (SEPA) or 49, card 48, credit transfer 58 (SEPA IBAN) or 30. */
function defaultPaymentTypeCode(iban: string | undefined, card: PaymentInstructions['card'], directDebit: PaymentInstructions['directDebit']): string {
  if (directDebit !== undefined) return directDebit.debitedAccountId !== undefined && isSepaIban(directDebit.debitedAccountId) ? '59' : '49';
  if (card !== undefined) return '48';
  return iban !== undefined && isSepaIban(iban) ? '58' : '30';
}

/**
 * Payment instructions (BG-16) with one credit transfer account (BG-17), a
 * payment card (BG-18) and a direct debit (BG-19); undefined when nothing is given.
 */
function toPaymentInstructions(means: PartialInvoiceInput['paymentMeans']): PaymentInstructions | undefined {
  if (means === undefined) return undefined;
  const iban = digits(means.iban)?.toUpperCase();
  const bic = digits(means.bic)?.toUpperCase();
  const accountName = text(means.accountName);
  const remittanceInformation = text(means.remittanceInformation);
  const typeCode = text(means.typeCode);
  const card = toCard(means.card);
  const directDebit = toDirectDebit(means.directDebit);
  if ([iban, bic, accountName, remittanceInformation, typeCode, card, directDebit].every((value) => value === undefined)) return undefined;
  const hasAccount = iban !== undefined || bic !== undefined || accountName !== undefined;
  return compact<PaymentInstructions>({
    typeCode: typeCode ?? defaultPaymentTypeCode(iban, card, directDebit),
    remittanceInformation,
    creditTransfers: hasAccount ? [compact({ accountId: iban, accountName, serviceProviderId: bic })] : [],
    card,
    directDebit,
  });
}

/**
 * Delivery information (BG-13): the deliver-to party (BT-70, BT-71), the
 * actual delivery date (BT-72) and the deliver-to address (BG-15), whose
 * country (BT-80) is `deliveryCountry` when given, else the one its address
 * names (as a party's explicit `country` wins over its address).
 */
function toDelivery(input: PartialInvoiceInput): Delivery | undefined {
  const to = input.deliverTo;
  const name = text(to?.name);
  const locationId = objectIdentifier(to?.locationId);
  let address: PostalAddress | undefined;
  if (to?.address !== undefined) {
    const country = detectPartyCountry({ country: input.deliveryCountry, address: to.address });
    address = partyAddress(to.address, country?.countryCode, input.deliveryCountry);
  } else if (input.deliveryCountry !== undefined) {
    address = { countryCode: input.deliveryCountry };
  }
  if (input.deliveryDate === undefined && name === undefined && locationId === undefined && address === undefined) return undefined;
  return compact<Delivery>({ name, locationId, actualDate: input.deliveryDate, address });
}

/** Payee (BG-10): BT-59 (the empty string when missing, for BR-17 to report), BT-60, BT-61. */
function toPayee(payee: PartialInvoiceInput['payee']): Payee | undefined {
  if (payee === undefined) return undefined;
  return compact<Payee>({
    name: text(payee.name) ?? '',
    identifier: objectIdentifier(payee.identifier),
    legalRegistrationId: objectIdentifier(payee.legalRegistrationId),
  });
}

/**
 * Seller tax representative (BG-11): BT-62 and BT-63, and its address (BG-12)
 * with the country detected as for the seller (explicit, VAT prefix, address).
 * What is missing stays missing for BR-18, BR-19, BR-20 and BR-56 to report.
 */
function toTaxRepresentative(rep: PartialInvoiceInput['taxRepresentative']): TaxRepresentative | undefined {
  if (rep === undefined) return undefined;
  const vatNumber = text(rep.vatNumber);
  let address: PostalAddress = {};
  if (rep.address !== undefined) {
    const country = detectPartyCountry({ country: rep.country, vatNumber, address: rep.address });
    address = partyAddress(rep.address, country?.countryCode, rep.country);
  } else if (rep.country !== undefined) {
    address = { countryCode: rep.country };
  }
  return compact<TaxRepresentative>({ name: text(rep.name) ?? '', vatId: vatNumber === undefined ? undefined : normalizeVatNumber(vatNumber), address });
}

/** Additional supporting documents (BG-24): BT-122 (the empty string when missing, for BR-52), BT-123, BT-124, BT-125 with its MIME code and file name. */
function toSupportingDocuments(docs: PartialInvoiceInput['supportingDocuments']): SupportingDocument[] {
  return (docs ?? []).map((doc) =>
    compact<SupportingDocument>({
      reference: text(doc.reference) ?? '',
      description: text(doc.description),
      uri: text(doc.url),
      attachment: doc.attachment === undefined ? undefined : { content: doc.attachment.content, mimeCode: doc.attachment.mimeCode, filename: doc.attachment.filename },
    }),
  );
}

/**
 * Builds the EN 16931 invoice from the parsed v2 input (complete, or partial
 * as lib/input/partial.ts parses it: an absent term stays absent in the model,
 * for the rules to report with its official id):
 * BT-1/2/3/5/9/10/13/20/24, notes (BG-1), seller (BG-4: BT-29 SIRET 0009,
 * BT-30 SIREN 0002, BT-31, BT-34, BG-5, BG-6), buyer (BG-7: BT-46, BT-47,
 * BT-48, BT-49, BG-8), payee (BG-10), tax representative (BG-11, BG-12),
 * delivery (BG-13: BT-70..BT-72, BG-15), VAT point date or code (BT-7, BT-8),
 * payment instructions (BG-16..BG-19), document allowances (BG-20) and charges
 * (BG-21), supporting documents (BG-24), lines (BG-25: BT-126 "1", "2"...,
 * BT-129..BT-131, BG-26..BG-29 with the base quantity BT-149/BT-150, BG-30,
 * BG-31 with BT-158, BT-159 and BG-32), VAT breakdown (BG-23) and totals
 * (BG-22, with BT-107/BT-108 when there are allowances or charges, BT-114 in
 * BT-115). Countries are detected as country.ts describes; address strings
 * are parsed by address.ts.
 */
export function invoiceFromInput(input: PartialInvoiceInput): Invoice {
  const lines = input.items.map(toLine);
  const allowances = (input.allowances ?? []).map((a) => toDocumentAllowanceCharge(a, lines));
  const charges = (input.charges ?? []).map((c) => toDocumentAllowanceCharge(c, lines));
  const vatBreakdown = groupByVat(input.items, lines, allowances, charges).map(toVatBreakdown);
  return compact<Invoice>({
    number: input.invoiceNumber?.trim() ?? '',
    issueDate: input.invoiceDate ?? '',
    typeCode: input.documentType,
    currency: input.currency,
    dueDate: input.dueDate,
    taxPointDate: input.taxPointDate,
    taxPointDateCode: input.taxPointDateCode,
    buyerReference: text(input.buyerReference),
    purchaseOrderReference: text(input.purchaseOrderReference),
    projectReference: text(input.projectReference),
    contractReference: text(input.contractReference),
    receivingAdviceReference: text(input.receivingAdviceReference),
    despatchAdviceReference: text(input.despatchAdviceReference),
    tenderOrLotReference: text(input.tenderOrLotReference),
    invoicedObjectIdentifier: objectIdentifier(input.invoicedObjectIdentifier),
    buyerAccountingReference: text(input.buyerAccountingReference),
    paymentTerms: text(input.paymentTerms),
    vatAccountingCurrency: input.vatAccountingCurrency,
    notes: (input.notes ?? []).flatMap((note) => {
      if (note !== undefined && typeof note === 'object') {
        const value = text(note.text);
        return value === undefined ? [] : [compact({ text: value, subjectCode: text(note.subject) })];
      }
      const value = text(note);
      return value === undefined ? [] : [{ text: value }];
    }),
    process: compact({ businessProcess: text(input.businessProcess), specificationId: EN16931_SPECIFICATION_ID }),
    precedingInvoices: input.precedingInvoice === undefined ? [] : [compact({ reference: input.precedingInvoice.number?.trim() ?? '', issueDate: input.precedingInvoice.date })],
    seller: toSeller(input.seller),
    buyer: toBuyer(input.buyer),
    payee: toPayee(input.payee),
    taxRepresentative: toTaxRepresentative(input.taxRepresentative),
    delivery: toDelivery(input),
    invoicingPeriod: toPeriod(input.invoicingPeriod),
    paymentInstructions: toPaymentInstructions(input.paymentMeans),
    allowances,
    charges,
    totals: toTotals(input, lines, allowances, charges, vatBreakdown),
    vatBreakdown,
    supportingDocuments: toSupportingDocuments(input.supportingDocuments),
    lines,
  });
}
