/**
 * Delivery, payment, VAT, allowances and charges and totals of a UBL invoice
 * (./read.ts), by the EN 16931 UBL binding: `cac:Delivery` (BG-13, BG-15),
 * `cac:PaymentMeans` (BG-16..BG-19), `cac:PaymentTerms/cbc:Note` (BT-20),
 * `cac:TaxTotal` (BT-110, BT-111, BG-23), document `cac:AllowanceCharge`
 * (BG-20, BG-21) and `cac:LegalMonetaryTotal` (BG-22).
 */
import type { CreditTransfer, Delivery, DocumentAllowanceCharge, DocumentTotals, Invoice, LineAllowanceCharge, PaymentInstructions, VatBreakdown } from '../../model/invoice.js';
import type { CiiElement } from '../../cii/reader/tree.js';
import { first, indicatorSides, isVatScheme, kids, normalizeSpace, stringValue, type UblReadContext } from './context.js';
import { readAddress, sepaIdentifiers } from './parties.js';

/** BG-13 DELIVERY INFORMATION: BT-70 `cac:DeliveryParty/cac:PartyName/cbc:Name`, BT-71 `cac:DeliveryLocation/cbc:ID`, BT-72 `cbc:ActualDeliveryDate`, BG-15 `cac:DeliveryLocation/cac:Address`. */
export function readDelivery(cx: UblReadContext, inv: Invoice, el: CiiElement | undefined): void {
  if (el === undefined) return;
  cx.at('delivery', el);
  const d: Delivery = {};
  const date = cx.text('delivery.actualDate', first(el, 'cbc:ActualDeliveryDate'));
  if (date !== undefined) d.actualDate = date;
  const name = cx.text('delivery.name', first(el, 'cac:DeliveryParty', 'cac:PartyName', 'cbc:Name'));
  if (name !== undefined) d.name = name;
  const id = cx.identifier('delivery.locationId', first(el, 'cac:DeliveryLocation', 'cbc:ID'));
  if (id !== undefined) d.locationId = id;
  const address = readAddress(cx, 'delivery.address', first(el, 'cac:DeliveryLocation', 'cac:Address'));
  if (address !== undefined) d.address = address;
  inv.delivery = d;
}

/**
 * BG-16 PAYMENT INSTRUCTIONS from the `cac:PaymentMeans`: BT-81 the first's
 * `cbc:PaymentMeansCode`, BT-82 its `@name`, BT-83 the first `cbc:PaymentID`;
 * one CREDIT TRANSFER (BG-17) per `cac:PayeeFinancialAccount`; BG-18 the
 * first `cac:CardAccount`, BG-19 the first `cac:PaymentMandate` with BT-90
 * the payee's, else the seller's, SEPA `cac:PartyIdentification/cbc:ID`.
 * Without any `cac:PaymentMeans` there is no BG-16 (BR-49 speaks of a means).
 */
export function readPaymentInstructions(cx: UblReadContext, inv: Invoice, root: CiiElement, creditors: ReadonlyArray<CiiElement | undefined>): void {
  const means = kids(root, 'cac:PaymentMeans');
  const head = means[0];
  if (head === undefined) return;
  const base = 'paymentInstructions';
  cx.at(base, head);
  const code = first(head, 'cbc:PaymentMeansCode');
  const pay: PaymentInstructions = { typeCode: cx.required(`${base}.typeCode`, code), creditTransfers: [] };
  const text = cx.attr(`${base}.text`, code, 'name');
  if (text !== undefined) pay.text = text;
  const ref = cx.text(`${base}.remittanceInformation`, means.map((m) => first(m, 'cbc:PaymentID')).find((x) => x !== undefined));
  if (ref !== undefined) pay.remittanceInformation = ref;
  for (const m of means) {
    for (const account of kids(m, 'cac:PayeeFinancialAccount')) {
      const path = `${base}.creditTransfers[${pay.creditTransfers.length}]`;
      cx.at(path, account);
      const ct: CreditTransfer = {};
      const id = cx.text(`${path}.accountId`, first(account, 'cbc:ID'));
      if (id !== undefined) ct.accountId = id;
      const name = cx.text(`${path}.accountName`, first(account, 'cbc:Name'));
      if (name !== undefined) ct.accountName = name;
      const bic = cx.text(`${path}.serviceProviderId`, first(account, 'cac:FinancialInstitutionBranch', 'cbc:ID'));
      if (bic !== undefined) ct.serviceProviderId = bic;
      pay.creditTransfers.push(ct);
    }
  }
  const cardEl = means.map((m) => first(m, 'cac:CardAccount')).find((c) => c !== undefined);
  if (cardEl !== undefined) {
    cx.at(`${base}.card`, cardEl);
    const card: NonNullable<PaymentInstructions['card']> = { accountNumber: cx.required(`${base}.card.accountNumber`, first(cardEl, 'cbc:PrimaryAccountNumberID')) };
    const holder = cx.text(`${base}.card.holderName`, first(cardEl, 'cbc:HolderName'));
    if (holder !== undefined) card.holderName = holder;
    pay.card = card;
  }
  const mandate = means.map((m) => first(m, 'cac:PaymentMandate')).find((x) => x !== undefined);
  const creditor = creditors.map((p) => sepaIdentifiers(p)[0]).find((x) => x !== undefined);
  if (mandate !== undefined || creditor !== undefined) {
    const dd: NonNullable<PaymentInstructions['directDebit']> = {};
    if (mandate !== undefined) cx.at(`${base}.directDebit`, mandate);
    const ref = cx.text(`${base}.directDebit.mandateReference`, first(mandate, 'cbc:ID'));
    if (ref !== undefined) dd.mandateReference = ref;
    const c = cx.text(`${base}.directDebit.creditorId`, creditor);
    if (c !== undefined) dd.creditorId = c;
    const debited = cx.text(`${base}.directDebit.debitedAccountId`, first(mandate, 'cac:PayerFinancialAccount', 'cbc:ID'));
    if (debited !== undefined) dd.debitedAccountId = debited;
    pay.directDebit = dd;
  }
  inv.paymentInstructions = pay;
}

/** The tax category a VAT place is read from: the first `cac:TaxCategory` (or `cac:ClassifiedTaxCategory`) of the VAT scheme, else the first. */
export function vatCategoryElement(categories: readonly CiiElement[]): CiiElement | undefined {
  return categories.find(isVatScheme) ?? categories[0];
}

/** BG-23 VAT BREAKDOWN: one per `cac:TaxTotal/cac:TaxSubtotal` of the document, in document order. */
export function readVatBreakdown(cx: UblReadContext, inv: Invoice, root: CiiElement): void {
  for (const total of kids(root, 'cac:TaxTotal')) {
    for (const sub of kids(total, 'cac:TaxSubtotal')) {
      const path = `vatBreakdown[${inv.vatBreakdown.length}]`;
      cx.at(path, sub);
      const category = vatCategoryElement(kids(sub, 'cac:TaxCategory'));
      const vat: VatBreakdown = { category: cx.required(`${path}.category`, first(category, 'cbc:ID')) };
      const taxable = cx.decimal(`${path}.taxableAmount`, first(sub, 'cbc:TaxableAmount'));
      if (taxable !== undefined) vat.taxableAmount = taxable;
      const tax = cx.decimal(`${path}.taxAmount`, first(sub, 'cbc:TaxAmount'));
      if (tax !== undefined) vat.taxAmount = tax;
      const rate = cx.decimal(`${path}.rate`, first(category, 'cbc:Percent'));
      if (rate !== undefined) vat.rate = rate;
      const reason = cx.text(`${path}.exemptionReason`, first(category, 'cbc:TaxExemptionReason'));
      if (reason !== undefined) vat.exemptionReason = reason;
      const code = cx.text(`${path}.exemptionReasonCode`, first(category, 'cbc:TaxExemptionReasonCode'));
      if (code !== undefined) vat.exemptionReasonCode = code;
      inv.vatBreakdown.push(vat);
    }
  }
}

/** The terms common to document and line allowances and charges: BT-92/99/136/141 `cbc:Amount`, base `cbc:BaseAmount`, percentage `cbc:MultiplierFactorNumeric`, reason and reason code. */
export function readAllowanceCharge(cx: UblReadContext, path: string, el: CiiElement): LineAllowanceCharge {
  cx.at(path, el);
  const ac: LineAllowanceCharge = {};
  const amount = cx.decimal(`${path}.amount`, first(el, 'cbc:Amount'));
  if (amount !== undefined) ac.amount = amount;
  const base = cx.decimal(`${path}.baseAmount`, first(el, 'cbc:BaseAmount'));
  if (base !== undefined) ac.baseAmount = base;
  const pct = cx.decimal(`${path}.percentage`, first(el, 'cbc:MultiplierFactorNumeric'));
  if (pct !== undefined) ac.percentage = pct;
  const reason = cx.text(`${path}.reason`, first(el, 'cbc:AllowanceChargeReason'));
  if (reason !== undefined) ac.reason = reason;
  const code = cx.text(`${path}.reasonCode`, first(el, 'cbc:AllowanceChargeReasonCode'));
  if (code !== undefined) ac.reasonCode = code;
  return ac;
}

/**
 * BG-20 / BG-21: the document `cac:AllowanceCharge`s by their
 * `cbc:ChargeIndicator` (xs:boolean false: allowance, true: charge), with
 * BT-95 / BT-102 and BT-96 / BT-103 from their `cac:TaxCategory`. An element
 * whose indicator is both (repeated) is read on both sides, as the official
 * contexts see it; one whose indicator is neither is in neither.
 */
export function readDocumentAllowancesCharges(cx: UblReadContext, inv: Invoice, root: CiiElement): void {
  for (const el of kids(root, 'cac:AllowanceCharge')) {
    const sides = indicatorSides(el);
    const category = vatCategoryElement(kids(el, 'cac:TaxCategory'));
    for (const charge of [false, true]) {
      if (charge ? !sides.charge : !sides.allowance) continue;
      const list = charge ? inv.charges : inv.allowances;
      const path = `${charge ? 'charges' : 'allowances'}[${list.length}]`;
      const ac: DocumentAllowanceCharge = readAllowanceCharge(cx, path, el);
      const code = cx.text(`${path}.vatCategory`, first(category, 'cbc:ID'));
      if (code !== undefined) ac.vatCategory = code;
      const rate = cx.decimal(`${path}.vatRate`, first(category, 'cbc:Percent'));
      if (rate !== undefined) ac.vatRate = rate;
      list.push(ac);
    }
  }
}

/**
 * BG-22 DOCUMENT TOTALS from the first `cac:LegalMonetaryTotal`; BT-110 the
 * first `cac:TaxTotal/cbc:TaxAmount` whose `@currencyID` is the invoice
 * currency (BT-5), BT-111 the first whose `@currencyID` is the VAT accounting
 * currency (BT-6) when that differs.
 */
export function readTotals(cx: UblReadContext, inv: Invoice, root: CiiElement): DocumentTotals {
  const t: DocumentTotals = {};
  const el = first(root, 'cac:LegalMonetaryTotal');
  if (el === undefined) cx.missingGroups.add('totals');
  else {
    cx.at('totals', el);
    const put = (key: keyof DocumentTotals, name: string): void => {
      const v = cx.decimal(`totals.${key}`, first(el, name));
      if (v !== undefined) t[key] = v;
    };
    put('lineNetTotal', 'cbc:LineExtensionAmount');
    put('allowanceTotal', 'cbc:AllowanceTotalAmount');
    put('chargeTotal', 'cbc:ChargeTotalAmount');
    put('taxExclusiveAmount', 'cbc:TaxExclusiveAmount');
    put('taxInclusiveAmount', 'cbc:TaxInclusiveAmount');
    put('prepaidAmount', 'cbc:PrepaidAmount');
    put('roundingAmount', 'cbc:PayableRoundingAmount');
    put('amountDue', 'cbc:PayableAmount');
  }
  const amounts = kids(root, 'cac:TaxTotal').flatMap((x) => kids(x, 'cbc:TaxAmount'));
  const currency = normalizeSpace(inv.currency);
  const accounting = inv.vatAccountingCurrency === undefined ? undefined : normalizeSpace(inv.vatAccountingCurrency);
  const main = amounts.find((a) => a.attrs.currencyID === currency);
  const vatTotal = cx.decimal('totals.vatTotal', main);
  if (vatTotal !== undefined) t.vatTotal = vatTotal;
  if (accounting !== undefined && accounting !== currency) {
    const other = amounts.find((a) => a.attrs.currencyID === accounting);
    const inAccounting = cx.decimal('totals.vatTotalInAccountingCurrency', other);
    if (inAccounting !== undefined) t.vatTotalInAccountingCurrency = inAccounting;
  }
  return t;
}

export { stringValue };
