/**
 * The lines of a UBL invoice (./read.ts): `cac:InvoiceLine` or
 * `cac:CreditNoteLine` (BG-25) with their period (BG-26), allowances and
 * charges (BG-27, BG-28), price (BG-29), VAT (BG-30) and item (BG-31,
 * BG-32), by the EN 16931 UBL binding.
 */
import type { InvoiceLine, Period } from '../../model/invoice.js';
import type { CiiElement } from '../../cii/reader/tree.js';
import { all, first, indicatorSides, kids, stringValue, type UblReadContext } from './context.js';
import { readAllowanceCharge, vatCategoryElement } from './settlement.js';

/** A period (BG-14 `cac:InvoicePeriod`, BG-26 the line's): BT-73/74 or BT-134/135 `cbc:StartDate` / `cbc:EndDate`. */
export function readPeriod(cx: UblReadContext, path: string, el: CiiElement | undefined): Period | undefined {
  if (el === undefined) return undefined;
  cx.at(path, el);
  const p: Period = {};
  const start = cx.text(`${path}.start`, first(el, 'cbc:StartDate'));
  if (start !== undefined) p.start = start;
  const end = cx.text(`${path}.end`, first(el, 'cbc:EndDate'));
  if (end !== undefined) p.end = end;
  return p;
}

/**
 * BG-25 INVOICE LINE. BT-129 is the `cbc:InvoicedQuantity` of an invoice,
 * the `cbc:CreditedQuantity` of a credit note (BR-22 accepts either in
 * either), BT-130 its `@unitCode`.
 */
export function readLine(cx: UblReadContext, path: string, el: CiiElement, credit: boolean): InvoiceLine {
  cx.at(path, el);
  const quantity = first(el, credit ? 'cbc:CreditedQuantity' : 'cbc:InvoicedQuantity') ?? first(el, credit ? 'cbc:InvoicedQuantity' : 'cbc:CreditedQuantity');
  const item = first(el, 'cac:Item');
  const category = vatCategoryElement(all(el, 'cac:Item', 'cac:ClassifiedTaxCategory'));
  const line: InvoiceLine = {
    id: cx.required(`${path}.id`, first(el, 'cbc:ID')),
    unitCode: cx.attr(`${path}.unitCode`, quantity, 'unitCode') ?? '',
    allowances: [],
    charges: [],
    price: {},
    vat: { category: cx.required(`${path}.vat.category`, first(category, 'cbc:ID')) },
    item: {
      name: cx.required(`${path}.item.name`, first(el, 'cac:Item', 'cbc:Name')),
      classifications: [],
      attributes: [],
    },
  };
  const q = cx.decimal(`${path}.quantity`, quantity);
  if (q !== undefined) line.quantity = q;
  const net = cx.decimal(`${path}.netAmount`, first(el, 'cbc:LineExtensionAmount'));
  if (net !== undefined) line.netAmount = net;
  const note = cx.text(`${path}.note`, first(el, 'cbc:Note'));
  if (note !== undefined) line.note = note;
  const object = cx.identifier(`${path}.objectIdentifier`, first(el, 'cac:DocumentReference', 'cbc:ID'));
  if (object !== undefined) line.objectIdentifier = object;
  const order = cx.text(`${path}.orderLineReference`, first(el, 'cac:OrderLineReference', 'cbc:LineID'));
  if (order !== undefined) line.orderLineReference = order;
  const accounting = cx.text(`${path}.buyerAccountingReference`, first(el, 'cbc:AccountingCost'));
  if (accounting !== undefined) line.buyerAccountingReference = accounting;
  const period = readPeriod(cx, `${path}.period`, first(el, 'cac:InvoicePeriod'));
  if (period !== undefined) line.period = period;
  for (const ac of kids(el, 'cac:AllowanceCharge')) {
    const sides = indicatorSides(ac);
    if (sides.allowance) line.allowances.push(readAllowanceCharge(cx, `${path}.allowances[${line.allowances.length}]`, ac));
    if (sides.charge) line.charges.push(readAllowanceCharge(cx, `${path}.charges[${line.charges.length}]`, ac));
  }
  readPrice(cx, path, el, line);
  if (category !== undefined) cx.at(`${path}.vat`, category);
  const rate = cx.decimal(`${path}.vat.rate`, first(category, 'cbc:Percent'));
  if (rate !== undefined) line.vat.rate = rate;
  readItem(cx, `${path}.item`, item, el, line);
  return line;
}

/** BG-29 PRICE DETAILS: BT-146 `cac:Price/cbc:PriceAmount`, BT-147 / BT-148 the price `cac:AllowanceCharge` `cbc:Amount` / `cbc:BaseAmount`, BT-149 / BT-150 `cbc:BaseQuantity` and its `@unitCode`. */
function readPrice(cx: UblReadContext, path: string, el: CiiElement, line: InvoiceLine): void {
  const price = first(el, 'cac:Price');
  if (price === undefined) return;
  cx.at(`${path}.price`, price);
  const p = line.price;
  const net = cx.decimal(`${path}.price.netPrice`, first(el, 'cac:Price', 'cbc:PriceAmount'));
  if (net !== undefined) p.netPrice = net;
  const discount = cx.decimal(`${path}.price.discount`, first(el, 'cac:Price', 'cac:AllowanceCharge', 'cbc:Amount'));
  if (discount !== undefined) p.discount = discount;
  const gross = cx.decimal(`${path}.price.grossPrice`, first(el, 'cac:Price', 'cac:AllowanceCharge', 'cbc:BaseAmount'));
  if (gross !== undefined) p.grossPrice = gross;
  const baseQuantity = first(el, 'cac:Price', 'cbc:BaseQuantity');
  const bq = cx.decimal(`${path}.price.baseQuantity`, baseQuantity);
  if (bq !== undefined) p.baseQuantity = bq;
  const unit = cx.attr(`${path}.price.baseQuantityUnitCode`, baseQuantity, 'unitCode');
  if (unit !== undefined) p.baseQuantityUnitCode = unit;
}

/** BG-31 ITEM INFORMATION and BG-32 ITEM ATTRIBUTES from `cac:Item`. */
function readItem(cx: UblReadContext, path: string, item: CiiElement | undefined, line: CiiElement, out: InvoiceLine): void {
  if (item === undefined) return;
  cx.at(path, item);
  const it = out.item;
  const description = cx.text(`${path}.description`, first(line, 'cac:Item', 'cbc:Description'));
  if (description !== undefined) it.description = description;
  const sellerId = cx.text(`${path}.sellerId`, first(line, 'cac:Item', 'cac:SellersItemIdentification', 'cbc:ID'));
  if (sellerId !== undefined) it.sellerId = sellerId;
  const buyerId = cx.text(`${path}.buyerId`, first(line, 'cac:Item', 'cac:BuyersItemIdentification', 'cbc:ID'));
  if (buyerId !== undefined) it.buyerId = buyerId;
  const standard = cx.identifier(`${path}.standardId`, first(line, 'cac:Item', 'cac:StandardItemIdentification', 'cbc:ID'));
  if (standard !== undefined) it.standardId = standard;
  for (const code of all(line, 'cac:Item', 'cac:CommodityClassification', 'cbc:ItemClassificationCode')) {
    const p = `${path}.classifications[${it.classifications.length}]`;
    const id = cx.identifier(p, code, 'listID')!;
    const version = cx.attr(`${p}.version`, code, 'listVersionID');
    it.classifications.push(version === undefined ? id : { ...id, version });
  }
  const origin = cx.text(`${path}.originCountry`, first(line, 'cac:Item', 'cac:OriginCountry', 'cbc:IdentificationCode'));
  if (origin !== undefined) it.originCountry = origin;
  for (const property of all(line, 'cac:Item', 'cac:AdditionalItemProperty')) {
    const p = `${path}.attributes[${it.attributes.length}]`;
    cx.at(p, property);
    it.attributes.push({ name: cx.required(`${p}.name`, first(property, 'cbc:Name')), value: cx.required(`${p}.value`, first(property, 'cbc:Value')) });
  }
}

export { stringValue };
