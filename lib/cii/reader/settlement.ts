/**
 * The header trade delivery and settlement of a CII invoice (./read.ts):
 * delivery information (BG-13), payment terms and instructions (BT-9, BT-20,
 * BG-16..BG-19), VAT breakdown (BG-23), document allowances and charges
 * (BG-20, BG-21) with the taxes the model does not carry, and the document
 * totals (BG-22).
 */
import type {
  CreditTransfer,
  Delivery,
  DocumentAllowanceCharge,
  DocumentTotals,
  Invoice,
  LineAllowanceCharge,
  PaymentInstructions,
  VatBreakdown,
} from '../../model/invoice.js';
import type { OtherTax } from '../../model/source-facts.js';
import { ADDRESS, ALLOWANCE_CHARGE, CATEGORY_CODE, DATE_TIME, ID, NAME, RATE, TYPE_CODE, indicatorSides, vatTax, type ReadContext } from './context.js';
import { dig, kid, kids, occurrences } from './navigate.js';
import { readAddress } from './parties.js';
import type { CiiElement } from './tree.js';
import { childPath, itemPath } from '../../model/model-path.js';

// ---- delivery, payment -----------------------------------------------------------

/** BG-13 DELIVERY INFORMATION: BT-70..BT-72 and BG-15. */
export function readDelivery(cx: ReadContext, inv: Invoice, el: CiiElement | undefined): void {
  if (el === undefined) return;
  const shipTo = kid(el, 'ram:ShipToTradeParty');
  const event = dig(el, 'ram:ActualDeliverySupplyChainEvent', 'ram:OccurrenceDateTime');
  const date = cx.date('delivery.actualDate', event, DATE_TIME, true);
  if (shipTo === undefined && date === undefined) return;
  const d: Delivery = {};
  if (date !== undefined) d.actualDate = date;
  if (shipTo !== undefined) {
    cx.at('delivery', shipTo);
    const name = cx.text('delivery.name', kid(shipTo, NAME));
    if (name !== undefined) d.name = name;
    const id = cx.partyIdentifier('delivery.locationId', shipTo);
    if (id !== undefined) d.locationId = id;
    const address = readAddress(cx, 'delivery.address', kid(shipTo, ADDRESS));
    if (address !== undefined) d.address = address;
  }
  inv.delivery = d;
}

/** BT-20, BT-9, BT-89 from the payment terms (the first that has each). */
export function readPaymentTerms(cx: ReadContext, inv: Invoice, settlement: CiiElement | undefined): void {
  for (const terms of kids(settlement, 'ram:SpecifiedTradePaymentTerms')) {
    if (inv.paymentTerms === undefined) {
      const text = cx.text('paymentTerms', kid(terms, 'ram:Description'));
      if (text !== undefined) inv.paymentTerms = text;
    }
    if (inv.dueDate === undefined) {
      const due = cx.date('dueDate', kid(terms, 'ram:DueDateDateTime'));
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
export function readPaymentInstructions(cx: ReadContext, inv: Invoice, settlement: CiiElement | undefined): void {
  const means = kids(settlement, 'ram:SpecifiedTradeSettlementPaymentMeans');
  const first = means[0];
  if (first === undefined) return;
  const remittance = kid(settlement, 'ram:PaymentReference');
  const creditor = kid(settlement, 'ram:CreditorReferenceID');
  const mandate = kids(settlement, 'ram:SpecifiedTradePaymentTerms')
    .map((t) => kid(t, 'ram:DirectDebitMandateID'))
    .find((m) => m !== undefined);
  const base = 'paymentInstructions';
  cx.at(base, first);
  const pay: PaymentInstructions = { typeCode: cx.required(childPath(base, 'typeCode'), kid(first, TYPE_CODE)), creditTransfers: [] };
  const text = cx.text(childPath(base, 'text'), kid(first, 'ram:Information'));
  if (text !== undefined) pay.text = text;
  const ref = cx.text(childPath(base, 'remittanceInformation'), remittance);
  if (ref !== undefined) pay.remittanceInformation = ref;
  for (const m of means) {
    const code = kid(m, TYPE_CODE)?.text;
    cx.paymentMeansCodes.push(code);
    const account = kid(m, 'ram:PayeePartyCreditorFinancialAccount');
    const institution = kid(m, 'ram:PayeeSpecifiedCreditorFinancialInstitution');
    if (account === undefined && institution === undefined) continue;
    cx.creditTransferMeansCodes.push(code);
    const path = itemPath(childPath(base, 'creditTransfers'), pay.creditTransfers.length);
    cx.at(path, account ?? institution);
    // The payee account aggregate itself: BR-50 / BR-61 run on it whatever it holds.
    if (account !== undefined) cx.at(childPath(path, 'account'), account);
    const ct: CreditTransfer = {};
    // BT-84: the IBAN, unless it is blank and a proprietary id is given (BR-50 accepts either).
    const iban = kid(account, 'ram:IBANID');
    const proprietary = kid(account, 'ram:ProprietaryID');
    const id = cx.text(childPath(path, 'accountId'), iban !== undefined && (/\S/.test(iban.text) || proprietary === undefined) ? iban : proprietary);
    if (id !== undefined) ct.accountId = id;
    const name = cx.text(childPath(path, 'accountName'), kid(account, 'ram:AccountName'));
    if (name !== undefined) ct.accountName = name;
    const bic = cx.text(childPath(path, 'serviceProviderId'), kid(institution, 'ram:BICID'));
    if (bic !== undefined) ct.serviceProviderId = bic;
    pay.creditTransfers.push(ct);
  }
  const cardEl = means.map((m) => kid(m, 'ram:ApplicableTradeSettlementFinancialCard')).find((c) => c !== undefined);
  if (cardEl !== undefined) {
    cx.at(childPath(base, 'card'), cardEl);
    const card: NonNullable<PaymentInstructions['card']> = { accountNumber: cx.required(childPath(base, 'card.accountNumber'), kid(cardEl, ID)) };
    const holder = cx.text(childPath(base, 'card.holderName'), kid(cardEl, 'ram:CardholderName'));
    if (holder !== undefined) card.holderName = holder;
    pay.card = card;
  }
  const debited = means.map((m) => dig(m, 'ram:PayerPartyDebtorFinancialAccount', 'ram:IBANID')).find((d) => d !== undefined);
  if (mandate !== undefined || creditor !== undefined || debited !== undefined) {
    const dd: NonNullable<PaymentInstructions['directDebit']> = {};
    const m = cx.text(childPath(base, 'directDebit.mandateReference'), mandate);
    if (m !== undefined) dd.mandateReference = m;
    const c = cx.text(childPath(base, 'directDebit.creditorId'), creditor);
    if (c !== undefined) dd.creditorId = c;
    const d = cx.text(childPath(base, 'directDebit.debitedAccountId'), debited);
    if (d !== undefined) dd.debitedAccountId = d;
    pay.directDebit = dd;
  }
  inv.paymentInstructions = pay;
}

// ---- VAT, allowances and charges, totals -------------------------------------------

/** BG-23 VAT BREAKDOWN, one per header `ApplicableTradeTax`, and BT-7 / BT-8 from the first that has them. */
export function readVatBreakdown(cx: ReadContext, inv: Invoice, settlement: CiiElement | undefined): void {
  kids(settlement, 'ram:ApplicableTradeTax').forEach((el, i) => {
    const path = itemPath('vatBreakdown', i);
    cx.at(path, el);
    const vat: VatBreakdown = { category: cx.required(childPath(path, 'category'), kid(el, CATEGORY_CODE)) };
    const put = <K extends 'taxableAmount' | 'taxAmount' | 'rate'>(key: K, name: string): void => {
      const v = cx.decimal(childPath(path, key), kid(el, name));
      if (v !== undefined) vat[key] = v;
    };
    put('taxableAmount', 'ram:BasisAmount');
    put('taxAmount', 'ram:CalculatedAmount');
    put('rate', RATE);
    const reason = cx.text(childPath(path, 'exemptionReason'), kid(el, 'ram:ExemptionReason'));
    if (reason !== undefined) vat.exemptionReason = reason;
    const code = cx.text(childPath(path, 'exemptionReasonCode'), kid(el, 'ram:ExemptionReasonCode'));
    if (code !== undefined) vat.exemptionReasonCode = code;
    cx.taxTypeCodes.set(vat, kid(el, TYPE_CODE)?.text);
    if (inv.taxPointDate === undefined) {
      const point = cx.date('taxPointDate', kid(el, 'ram:TaxPointDate'), 'udt:DateString', true);
      if (point !== undefined) inv.taxPointDate = point;
    }
    if (inv.taxPointDateCode === undefined) {
      const dueCode = cx.text('taxPointDateCode', kid(el, 'ram:DueDateTypeCode'));
      if (dueCode !== undefined) inv.taxPointDateCode = dueCode;
    } else {
      // BT-8 is the first; BR-CL-06 checks every DueDateTypeCode.
      for (const code of kids(el, 'ram:DueDateTypeCode')) cx.unmodelled(childPath(path, 'dueDateTypeCode'), code);
    }
    inv.vatBreakdown.push(vat);
  });
}

/** BG-20 / BG-21 by ChargeIndicator (`false` allowance, `true` charge). */
export function readDocumentAllowancesCharges(cx: ReadContext, inv: Invoice, settlement: CiiElement | undefined): void {
  for (const el of kids(settlement, ALLOWANCE_CHARGE)) {
    const sides = indicatorSides(el);
    const taxes = kids(el, 'ram:CategoryTradeTax');
    if (sides.length === 0) {
      // Neither allowance nor charge (no indicator): `//ram:CategoryTradeTax` still counts its taxes.
      recordOtherCategoryTaxes(cx, taxes, undefined);
      continue;
    }
    const tax = vatTax(taxes);
    sides.forEach(({ charge, literal }, k) => {
      const list = charge ? inv.charges : inv.allowances;
      const path = itemPath(charge ? 'charges' : 'allowances', list.length);
      cx.at(path, el);
      const ac: DocumentAllowanceCharge = readAllowanceCharge(cx, path, el);
      if (!literal) cx.castIndicators.add(ac);
      // On both sides (a repeated indicator), the element's taxes are counted once, with the first.
      if (k === 0) recordOtherCategoryTaxes(cx, taxes, tax, childPath(path, 'vatCategory'));
      else cx.mirroredAllowanceCharges.add(childPath(path, 'vatCategory'));
      cx.taxTypeCodes.set(ac, kid(tax, TYPE_CODE)?.text);
      const category = cx.text(childPath(path, 'vatCategory'), kid(tax, CATEGORY_CODE));
      if (category !== undefined) ac.vatCategory = category;
      const rate = cx.decimal(childPath(path, 'vatRate'), kid(tax, RATE));
      if (rate !== undefined) ac.vatRate = rate;
      list.push(ac);
    });
  }
}

/** Records the `CategoryTradeTax`es among `taxes` the model does not read (all but `read`), with their CategoryCode as written (source-facts.ts otherCategoryTaxes). */
export function recordOtherCategoryTaxes(cx: ReadContext, taxes: readonly CiiElement[], read: CiiElement | undefined, owner?: string): void {
  for (const tax of taxes) {
    if (tax === read) continue;
    const path = itemPath('otherCategoryTaxes', cx.categoryTaxesOutsideModel.length);
    const other = readOtherTax(cx, tax, path, owner);
    if (other !== undefined) cx.categoryTaxesOutsideModel.push(other);
  }
}

/** A tax element the model does not carry as a VAT place (source-facts.ts OtherTax); undefined without a CategoryCode. */
export function readOtherTax(cx: ReadContext, tax: CiiElement, path: string, owner: string | undefined): OtherTax | undefined {
  const code = kid(tax, CATEGORY_CODE);
  if (code === undefined) return undefined;
  cx.at(path, code);
  const other: OtherTax = { category: code.text, categories: occurrences(code).map((o) => o.text), path };
  if (owner !== undefined) {
    other.owner = owner;
    const rate = kid(tax, RATE);
    if (rate !== undefined) other.rate = cx.decimalOf(rate.text);
  }
  return other;
}

/** The terms common to document and line allowances and charges (amount, base, percentage, reason, reason code). */
export function readAllowanceCharge(cx: ReadContext, path: string, el: CiiElement): LineAllowanceCharge {
  const ac: LineAllowanceCharge = {};
  const amount = cx.decimal(childPath(path, 'amount'), kid(el, 'ram:ActualAmount'));
  if (amount !== undefined) ac.amount = amount;
  const base = cx.decimal(childPath(path, 'baseAmount'), kid(el, 'ram:BasisAmount'));
  if (base !== undefined) ac.baseAmount = base;
  const pct = cx.decimal(childPath(path, 'percentage'), kid(el, 'ram:CalculationPercent'));
  if (pct !== undefined) ac.percentage = pct;
  const reason = cx.text(childPath(path, 'reason'), kid(el, 'ram:Reason'));
  if (reason !== undefined) ac.reason = reason;
  const code = cx.text(childPath(path, 'reasonCode'), kid(el, 'ram:ReasonCode'));
  if (code !== undefined) ac.reasonCode = code;
  return ac;
}

/** Whether a `TaxTotalAmount`'s `@currencyID` is the code, or one of the occurrences of a repeated code. */
function inCurrency(total: CiiElement, currency: string | readonly string[] | undefined): boolean {
  const id = total.attrs.currencyID;
  if (id === undefined || currency === undefined) return false;
  return typeof currency === 'string' ? id === currency : currency.includes(id);
}

/** BG-22 DOCUMENT TOTALS; BT-110 / BT-111 chosen by currency (see the module comment of ./read.ts). */
export function readTotals(cx: ReadContext, el: CiiElement | undefined, inv: Invoice): DocumentTotals {
  const t: DocumentTotals = {};
  if (el === undefined) return t;
  cx.at('totals', el);
  const put = (key: keyof DocumentTotals, name: string): void => {
    const v = cx.decimal(childPath('totals', key), kid(el, name));
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
  const invoiceCurrencies = cx.repeatedTexts.get('currency') ?? inv.currency;
  const accountingCurrencies = cx.repeatedTexts.get('vatAccountingCurrency') ?? inv.vatAccountingCurrency;
  const main = taxTotals.find((x) => inCurrency(x, invoiceCurrencies));
  const accounting = taxTotals.find((x) => x !== main && inCurrency(x, accountingCurrencies));
  const vatTotal = cx.decimal('totals.vatTotal', main);
  if (vatTotal !== undefined) {
    t.vatTotal = vatTotal;
    cx.taxTotalCurrencies.set('totals.vatTotal', main!.attrs.currencyID!);
  }
  const inAccounting = cx.decimal('totals.vatTotalInAccountingCurrency', accounting);
  if (inAccounting !== undefined) {
    t.vatTotalInAccountingCurrency = inAccounting;
    cx.taxTotalCurrencies.set('totals.vatTotalInAccountingCurrency', accounting!.attrs.currencyID!);
  }
  for (const x of taxTotals) {
    if (x !== main && x !== accounting) cx.unmappedTaxTotals.push({ amount: cx.decimalOf(x.text), currency: x.attrs.currencyID });
  }
  return t;
}
