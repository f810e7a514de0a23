/**
 * BG-25 INVOICE LINE in UBL 2.1 (EN 16931-3-2): a `cac:InvoiceLine`, or a
 * `cac:CreditNoteLine` with `cbc:CreditedQuantity` in a CreditNote, with its
 * period (BG-26), allowances and charges (BG-27, BG-28), price (BG-29), VAT
 * (BG-30) and item (BG-31, BG-32), in the element order of the UBL 2.1
 * `InvoiceLineType` / `CreditNoteLineType`.
 */
import type { InvoiceLine, LineAllowanceCharge, Period } from '../model/invoice.js';
import { attr, has, hasId, type UblWriter } from './writer-core.js';

/** `cbc:DocumentTypeCode` of an invoiced object identifier (BT-18 at document level, BT-128 on a line): UNTDID 1001 code 130. */
export const INVOICED_OBJECT_TYPE = '130';

/** BG-14 / BG-26 as cac:InvoicePeriod (StartDate, EndDate); `descriptionCode` is BT-8 at document level. */
export function writePeriod(w: UblWriter, p: Period | undefined, descriptionCode?: string): void {
  if (p === undefined && !has(descriptionCode)) return;
  w.open('cac:InvoicePeriod', '', true);
  w.date('cbc:StartDate', p?.start);
  w.date('cbc:EndDate', p?.end);
  w.text('cbc:DescriptionCode', descriptionCode);
  w.close();
}

/**
 * An allowance or charge (BG-20/21 at document level, BG-27/28 on a line) up
 * to its amounts, in the order of the UBL `AllowanceChargeType`:
 * ChargeIndicator, reason code, reason, percentage (MultiplierFactorNumeric),
 * Amount, BaseAmount. The caller adds the document-level cac:TaxCategory.
 */
export function writeAllowanceChargeBody(w: UblWriter, ac: LineAllowanceCharge, charge: boolean): void {
  w.leaf('cbc:ChargeIndicator', charge ? 'true' : 'false');
  w.text('cbc:AllowanceChargeReasonCode', ac.reasonCode);
  w.text('cbc:AllowanceChargeReason', ac.reason);
  w.decimal('cbc:MultiplierFactorNumeric', ac.percentage);
  w.amount('cbc:Amount', ac.amount);
  w.amount('cbc:BaseAmount', ac.baseAmount);
}

/** BG-25 with BG-26..BG-32; `credit` writes a cac:CreditNoteLine. */
export function writeLine(w: UblWriter, line: InvoiceLine, credit: boolean, index: number): void {
  w.open(credit ? 'cac:CreditNoteLine' : 'cac:InvoiceLine');
  w.text('cbc:ID', line.id);
  w.text('cbc:Note', line.note);
  w.decimal(credit ? 'cbc:CreditedQuantity' : 'cbc:InvoicedQuantity', line.quantity, attr('unitCode', line.unitCode));
  if (line.quantity === undefined && has(line.unitCode)) {
    w.drop('BT-130', `lines[${index}].unitCode`, 'The unit of measure (BT-130) is an attribute of the invoiced quantity (BT-129), which the line does not have.');
  }
  w.amount('cbc:LineExtensionAmount', line.netAmount);
  w.text('cbc:AccountingCost', line.buyerAccountingReference);
  writePeriod(w, line.period);
  if (has(line.orderLineReference)) {
    w.open('cac:OrderLineReference');
    w.text('cbc:LineID', line.orderLineReference);
    w.close();
  }
  if (hasId(line.objectIdentifier)) {
    w.open('cac:DocumentReference');
    w.id('cbc:ID', line.objectIdentifier);
    w.leaf('cbc:DocumentTypeCode', INVOICED_OBJECT_TYPE);
    w.close();
  }
  for (const a of line.allowances) {
    w.open('cac:AllowanceCharge');
    writeAllowanceChargeBody(w, a, false);
    w.close();
  }
  for (const c of line.charges) {
    w.open('cac:AllowanceCharge');
    writeAllowanceChargeBody(w, c, true);
    w.close();
  }
  writeItem(w, line);
  writePrice(w, line, index);
  w.close();
}

/**
 * BG-31 ITEM INFORMATION as cac:Item: Description (BT-154), Name (BT-153),
 * buyer's (BT-156), seller's (BT-155) and standard (BT-157) identifiers,
 * OriginCountry (BT-159), CommodityClassification (BT-158),
 * ClassifiedTaxCategory (BG-30: BT-151, BT-152), AdditionalItemProperty (BG-32).
 */
function writeItem(w: UblWriter, line: InvoiceLine): void {
  const item = line.item;
  w.open('cac:Item');
  w.text('cbc:Description', item.description);
  w.text('cbc:Name', item.name);
  itemIdentification(w, 'cac:BuyersItemIdentification', item.buyerId);
  itemIdentification(w, 'cac:SellersItemIdentification', item.sellerId);
  if (hasId(item.standardId)) {
    w.open('cac:StandardItemIdentification');
    w.id('cbc:ID', item.standardId);
    w.close();
  }
  if (has(item.originCountry)) {
    w.open('cac:OriginCountry');
    w.text('cbc:IdentificationCode', item.originCountry);
    w.close();
  }
  for (const c of item.classifications) {
    if (!has(c.id)) continue;
    w.open('cac:CommodityClassification');
    w.text('cbc:ItemClassificationCode', c.id, attr('listID', c.scheme) + attr('listVersionID', c.version));
    w.close();
  }
  w.open('cac:ClassifiedTaxCategory');
  w.text('cbc:ID', line.vat.category);
  w.decimal('cbc:Percent', line.vat.rate);
  w.vatScheme();
  w.close();
  for (const a of item.attributes) {
    // cbc:Name is mandatory in a UBL ItemProperty (and BR-54 asks for both).
    if (!has(a.name) && !has(a.value)) continue;
    w.open('cac:AdditionalItemProperty');
    w.text('cbc:Name', a.name);
    w.text('cbc:Value', a.value);
    w.close();
  }
  w.close();
}

function itemIdentification(w: UblWriter, container: string, id: string | undefined): void {
  if (!has(id)) return;
  w.open(container);
  w.text('cbc:ID', id);
  w.close();
}

/**
 * BG-29 PRICE DETAILS as cac:Price: PriceAmount (BT-146), BaseQuantity
 * (BT-149 with BT-150 as @unitCode), and the item price discount (BT-147) with
 * the gross price (BT-148) as an allowance (ChargeIndicator false, Amount,
 * BaseAmount). UBL's allowance needs its Amount: a gross price without a
 * discount is written with the discount EN 16931 defines (BT-148 - BT-146),
 * so the price stays what the model says; without a net price to derive it
 * from, the gross price cannot be carried.
 */
function writePrice(w: UblWriter, line: InvoiceLine, index: number): void {
  const p = line.price;
  if (p.netPrice === undefined && p.baseQuantity === undefined && p.grossPrice === undefined && p.discount === undefined) return;
  w.open('cac:Price');
  w.amount('cbc:PriceAmount', p.netPrice);
  w.decimal('cbc:BaseQuantity', p.baseQuantity, attr('unitCode', p.baseQuantityUnitCode));
  if (p.baseQuantity === undefined && has(p.baseQuantityUnitCode)) {
    w.drop('BT-150', `lines[${index}].price.baseQuantityUnitCode`, 'The base quantity unit (BT-150) is an attribute of the base quantity (BT-149), which the price does not have.');
  }
  const discount = p.discount ?? (p.grossPrice !== undefined && p.netPrice !== undefined ? p.grossPrice.minus(p.netPrice) : undefined);
  if (discount !== undefined) {
    w.open('cac:AllowanceCharge');
    w.leaf('cbc:ChargeIndicator', 'false');
    w.amount('cbc:Amount', discount);
    w.amount('cbc:BaseAmount', p.grossPrice);
    w.close();
  } else if (p.grossPrice !== undefined) {
    w.drop('BT-148', `lines[${index}].price.grossPrice`, 'A UBL price allowance needs its amount (BT-147), which cannot be derived without the net price (BT-146).');
  }
  w.close();
}
