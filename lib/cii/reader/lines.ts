/**
 * The invoice lines of a CII invoice (./read.ts): each line (BG-25) with its
 * period (BG-26, read like the invoicing period BG-14), allowances and
 * charges (BG-27, BG-28), price details (BG-29), VAT information (BG-30) and
 * item (BG-31, BG-32).
 */
import type { Identifier, InvoiceLine, Period } from '../../model/invoice.js';
import { isPresent } from '../../model/presence.js';
import {
  ADDITIONAL_DOCUMENT,
  ALLOWANCE_CHARGE,
  CATEGORY_CODE,
  GLOBAL_ID,
  ID,
  INVOICED_OBJECT_TYPE,
  ISSUER_ID,
  NAME,
  PERIOD,
  RATE,
  TYPE_CODE,
  chargeIndicator,
  dates102,
  indicatorSides,
  vatTax,
  type ReadContext,
} from './context.js';
import { dig, kid, kids } from './navigate.js';
import { readAllowanceCharge, readOtherTax, recordOtherCategoryTaxes } from './settlement.js';
import type { CiiElement } from './tree.js';
import { childPath, itemPath } from '../../model/model-path.js';

/** BG-25 INVOICE LINE with BG-26..BG-32. */
export function readLine(cx: ReadContext, path: string, el: CiiElement): InvoiceLine {
  cx.at(path, el);
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
    const other = readOtherTax(cx, t, childPath(itemPath(childPath(path, 'otherTaxes'), others), 'category'), childPath(path, 'vat.category'));
    if (other === undefined) continue;
    others++;
    cx.lineTaxesOutsideModel.push(other);
  }

  const line: InvoiceLine = {
    id: cx.required(childPath(path, 'id'), kid(docLine, 'ram:LineID')),
    unitCode: cx.attr(childPath(path, 'unitCode'), qty, 'unitCode') ?? '',
    allowances: [],
    charges: [],
    price: readPrice(cx, childPath(path, 'price'), agreement),
    vat: { category: cx.required(childPath(path, 'vat.category'), kid(tax, CATEGORY_CODE)) },
    item: readItem(cx, childPath(path, 'item'), product),
  };
  cx.at(childPath(path, 'vat'), tax);
  cx.taxTypeCodes.set(line.vat, kid(tax, TYPE_CODE)?.text);
  const rate = cx.decimal(childPath(path, 'vat.rate'), kid(tax, RATE));
  if (rate !== undefined) line.vat.rate = rate;
  const quantity = cx.decimal(childPath(path, 'quantity'), qty);
  if (quantity !== undefined) line.quantity = quantity;
  const net = cx.decimal(childPath(path, 'netAmount'), dig(settlement, 'ram:SpecifiedTradeSettlementLineMonetarySummation', 'ram:LineTotalAmount'));
  if (net !== undefined) line.netAmount = net;
  const note = cx.text(childPath(path, 'note'), dig(docLine, 'ram:IncludedNote', 'ram:Content'));
  if (note !== undefined) line.note = note;
  const orderLine = cx.text(childPath(path, 'orderLineReference'), dig(agreement, 'ram:BuyerOrderReferencedDocument', 'ram:LineID'));
  if (orderLine !== undefined) line.orderLineReference = orderLine;
  const accounting = cx.text(childPath(path, 'buyerAccountingReference'), dig(settlement, 'ram:ReceivableSpecifiedTradeAccountingAccount', ID));
  if (accounting !== undefined) line.buyerAccountingReference = accounting;
  kids(docLine, 'ram:IncludedNote').forEach((n, j) => {
    for (const code of kids(n, 'ram:SubjectCode')) cx.unmodelled(childPath(itemPath(childPath(path, 'notes'), j), 'subjectCode'), code);
  });
  // BR-CL-06 checks every ram:DueDateTypeCode, those of line taxes too.
  for (const t of kids(settlement, 'ram:ApplicableTradeTax')) for (const c of kids(t, 'ram:DueDateTypeCode')) cx.unmodelled(childPath(path, 'vat.dueDateTypeCode'), c);
  const objectDoc = kids(settlement, ADDITIONAL_DOCUMENT).find((d) => kid(d, TYPE_CODE)?.text.trim() === INVOICED_OBJECT_TYPE);
  kids(settlement, ADDITIONAL_DOCUMENT).forEach((d, k) => {
    // BR-52 (`normalize-space(ram:IssuerAssignedID) != ''`) runs on these too.
    if (!isPresent(kid(d, 'ram:IssuerAssignedID')?.text)) {
      const p = itemPath(childPath(path, 'additionalDocuments'), k);
      cx.at(p, d);
      cx.unreferencedLineDocuments.push(p);
    }
  });
  for (const d of kids(settlement, ADDITIONAL_DOCUMENT)) {
    const codes = kids(d, 'ram:ReferenceTypeCode');
    codes.forEach((c, k) => {
      if (d !== objectDoc || k > 0) cx.unmodelled(childPath(path, 'objectIdentifier.scheme'), c);
    });
  }
  const objectIdEl = kid(objectDoc, ISSUER_ID);
  if (objectIdEl !== undefined) {
    const id: Identifier = { id: cx.required(childPath(path, 'objectIdentifier.id'), objectIdEl) };
    cx.at(childPath(path, 'objectIdentifier'), objectDoc);
    const scheme = cx.text(childPath(path, 'objectIdentifier.scheme'), kid(objectDoc, 'ram:ReferenceTypeCode'));
    if (scheme !== undefined) id.scheme = scheme;
    line.objectIdentifier = id;
  }
  const period = readPeriod(cx, childPath(path, 'period'), kid(settlement, PERIOD));
  if (period !== undefined) line.period = period;
  for (const ac of kids(settlement, ALLOWANCE_CHARGE)) {
    // The model has no VAT category for line allowances and charges; `//ram:CategoryTradeTax` counts theirs (EXTENDED).
    recordOtherCategoryTaxes(cx, kids(ac, 'ram:CategoryTradeTax'), undefined);
    for (const { charge, literal } of indicatorSides(ac)) {
      const list = charge ? line.charges : line.allowances;
      const acPath = itemPath(childPath(path, charge ? 'charges' : 'allowances'), list.length);
      cx.at(acPath, ac);
      const read = readAllowanceCharge(cx, acPath, ac);
      if (!literal) cx.castIndicators.add(read);
      list.push(read);
    }
  }
  return line;
}

/** BG-14 / BG-26: a `BillingSpecifiedPeriod` (present even when empty, as BR-CO-19 / BR-CO-20 see it). */
export function readPeriod(cx: ReadContext, path: string, el: CiiElement | undefined): Period | undefined {
  if (el === undefined) return undefined;
  cx.at(path, el);
  const p: Period = {};
  const startEl = kid(el, 'ram:StartDateTime');
  const startTexts = dates102(startEl);
  if (startTexts.length > 0) cx.periodDateTexts.set(childPath(path, 'start'), startTexts);
  const start = cx.date(childPath(path, 'start'), startEl);
  if (start !== undefined) p.start = start;
  // A start or end without a format-102 date still exists for BR-29 / BR-30 (their comparison then fails).
  else cx.at(childPath(path, 'start'), startEl);
  const endEl = kid(el, 'ram:EndDateTime');
  const endTexts = dates102(endEl);
  if (endTexts.length > 0) cx.periodDateTexts.set(childPath(path, 'end'), endTexts);
  const end = cx.date(childPath(path, 'end'), endEl);
  if (end !== undefined) p.end = end;
  else cx.at(childPath(path, 'end'), endEl);
  return p;
}

/** BG-29 PRICE DETAILS: BT-146..BT-150. */
function readPrice(cx: ReadContext, path: string, agreement: CiiElement | undefined): InvoiceLine['price'] {
  const price: InvoiceLine['price'] = {};
  const net = kid(agreement, 'ram:NetPriceProductTradePrice');
  const gross = kid(agreement, 'ram:GrossPriceProductTradePrice');
  cx.at(path, net ?? gross);
  const netPrice = cx.decimal(childPath(path, 'netPrice'), kid(net, 'ram:ChargeAmount'));
  if (netPrice !== undefined) price.netPrice = netPrice;
  const grossPrice = cx.decimal(childPath(path, 'grossPrice'), kid(gross, 'ram:ChargeAmount'));
  if (grossPrice !== undefined) price.grossPrice = grossPrice;
  const discountEl = kids(gross, 'ram:AppliedTradeAllowanceCharge').find((ac) => chargeIndicator(ac) !== true);
  const discount = cx.decimal(childPath(path, 'discount'), kid(discountEl, 'ram:ActualAmount'));
  if (discount !== undefined) price.discount = discount;
  const baseQty = kid(net, 'ram:BasisQuantity') ?? kid(gross, 'ram:BasisQuantity');
  const base = cx.decimal(childPath(path, 'baseQuantity'), baseQty);
  if (base !== undefined) price.baseQuantity = base;
  const unit = cx.attr(childPath(path, 'baseQuantityUnitCode'), baseQty, 'unitCode');
  if (unit !== undefined) price.baseQuantityUnitCode = unit;
  // BR-CL-23 checks every @unitCode: with a net and a gross BasisQuantity the model keeps the net one.
  const grossQty = kid(gross, 'ram:BasisQuantity');
  const grossUnit = grossQty === baseQty ? undefined : grossQty?.attrs.unitCode;
  if (grossUnit !== undefined) {
    cx.at(childPath(path, 'grossBaseQuantityUnitCode'), grossQty, 'unitCode');
    cx.unmodelledCodes.push({ element: 'ram:BasisQuantity/@unitCode', value: grossUnit, path: childPath(path, 'grossBaseQuantityUnitCode') });
  }
  return price;
}

/** BG-31 ITEM INFORMATION and BG-32 ITEM ATTRIBUTES: BT-153..BT-161. */
function readItem(cx: ReadContext, path: string, product: CiiElement | undefined): InvoiceLine['item'] {
  cx.at(path, product);
  const item: InvoiceLine['item'] = { name: cx.required(childPath(path, 'name'), kid(product, NAME)), classifications: [], attributes: [] };
  const std = cx.identifier(childPath(path, 'standardId'), kid(product, GLOBAL_ID));
  if (std !== undefined) item.standardId = std;
  const sellerId = cx.text(childPath(path, 'sellerId'), kid(product, 'ram:SellerAssignedID'));
  if (sellerId !== undefined) item.sellerId = sellerId;
  const buyerId = cx.text(childPath(path, 'buyerId'), kid(product, 'ram:BuyerAssignedID'));
  if (buyerId !== undefined) item.buyerId = buyerId;
  const description = cx.text(childPath(path, 'description'), kid(product, 'ram:Description'));
  if (description !== undefined) item.description = description;
  const origin = cx.text(childPath(path, 'originCountry'), dig(product, 'ram:OriginTradeCountry', ID));
  if (origin !== undefined) item.originCountry = origin;
  for (const ch of kids(product, 'ram:ApplicableProductCharacteristic')) {
    const p = itemPath(childPath(path, 'attributes'), item.attributes.length);
    cx.at(p, ch);
    item.attributes.push({ name: cx.required(childPath(p, 'name'), kid(ch, 'ram:Description')), value: cx.required(childPath(p, 'value'), kid(ch, 'ram:Value')) });
  }
  for (const cl of kids(product, 'ram:DesignatedProductClassification')) {
    const code = kid(cl, 'ram:ClassCode');
    if (code === undefined) continue;
    const p = itemPath(childPath(path, 'classifications'), item.classifications.length);
    cx.at(p, code);
    cx.at(childPath(p, 'id'), code);
    const c: Identifier & { version?: string } = { id: code.text };
    const scheme = cx.attr(childPath(p, 'scheme'), code, 'listID');
    if (scheme !== undefined) c.scheme = scheme;
    const version = cx.attr(childPath(p, 'version'), code, 'listVersionID');
    if (version !== undefined) c.version = version;
    item.classifications.push(c);
  }
  return item;
}
