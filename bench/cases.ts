/**
 * The bench's inputs and the operations it times, shared by bench/run.ts and
 * the heap probe (bench/heap.ts, run in a fresh process).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { generateInvoiceXml } from '../lib/generate.js';
import { parsePartialInvoiceInput } from '../lib/input/partial.js';

export const root = resolve(import.meta.dirname, '..');

const example = JSON.parse(readFileSync(resolve(root, 'functions/_shared/examples/invoice.json'), 'utf8')) as Record<string, unknown>;

/**
 * The bench invoice: the API example (a French seller and buyer) with `n`
 * generated lines over the four French VAT rates, as the JSON text a client
 * sends; `rules` is added to the request when given (e.g. `en16931`).
 */
export function invoiceWithLines(n: number, rules?: string): string {
  const rates = [20, 10, 5.5, 2.1];
  const items = Array.from({ length: n }, (_, i) => ({
    description: `Article n°${i + 1} « qualité supérieure »`,
    quantity: (i % 7) + 1,
    unitPrice: `${(i * 37) % 500}.${String((i * 13) % 100).padStart(2, '0')}`,
    vatRate: rates[i % rates.length],
    reference: `REF-${i + 1}`,
  }));
  return JSON.stringify({ ...example, items, ...(rules === undefined ? {} : { rules }) });
}

/** What the v2 JSON -> XML use case does in process: the handlers' lenient parse (lib/input/partial.ts), then model, rules and the CII writer. */
export function convert(json: string): string {
  const parsed = parsePartialInvoiceInput(JSON.parse(json));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return generateInvoiceXml(parsed.value).xml;
}

interface FloorItem { description: string; quantity: number; unitPrice: string | number; vatRate: number; reference?: string }
interface FloorParty { name: string; address: string; vatNumber: string; siret: string }

/**
 * The floor: the least work that turns the same request into XML of the same
 * size. `JSON.parse`, then template strings writing the CII structure of each
 * line and of the header (the element names the real writer writes, the
 * line amount as a float product), no checks, no escaping, no decimal
 * arithmetic, no rules; then padded with spaces to `size` characters (the
 * real output's length), so both produce as many characters.
 */
export function floor(json: string, size: number): string {
  const o = JSON.parse(json) as { invoiceNumber: string; invoiceDate: string; currency: string; seller: FloorParty; buyer: FloorParty; items: FloorItem[] };
  let s = `<?xml version="1.0" encoding="UTF-8"?>\n<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100" xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">
  <rsm:ExchangedDocument>
    <ram:ID>${o.invoiceNumber}</ram:ID>
    <ram:TypeCode>380</ram:TypeCode>
    <ram:IssueDateTime>
      <udt:DateTimeString format="102">${o.invoiceDate.replaceAll('-', '')}</udt:DateTimeString>
    </ram:IssueDateTime>
  </rsm:ExchangedDocument>
  <rsm:SupplyChainTradeTransaction>\n`;
  let total = 0;
  for (let i = 0; i < o.items.length; i++) {
    const it = o.items[i]!;
    const amount = it.quantity * Number(it.unitPrice);
    total += amount;
    s += `    <ram:IncludedSupplyChainTradeLineItem>
      <ram:AssociatedDocumentLineDocument>
        <ram:LineID>${i + 1}</ram:LineID>
      </ram:AssociatedDocumentLineDocument>
      <ram:SpecifiedTradeProduct>
        <ram:SellerAssignedID>${it.reference ?? ''}</ram:SellerAssignedID>
        <ram:Name>${it.description}</ram:Name>
      </ram:SpecifiedTradeProduct>
      <ram:SpecifiedLineTradeAgreement>
        <ram:NetPriceProductTradePrice>
          <ram:ChargeAmount>${it.unitPrice}</ram:ChargeAmount>
        </ram:NetPriceProductTradePrice>
      </ram:SpecifiedLineTradeAgreement>
      <ram:SpecifiedLineTradeDelivery>
        <ram:BilledQuantity unitCode="C62">${it.quantity}</ram:BilledQuantity>
      </ram:SpecifiedLineTradeDelivery>
      <ram:SpecifiedLineTradeSettlement>
        <ram:ApplicableTradeTax>
          <ram:TypeCode>VAT</ram:TypeCode>
          <ram:CategoryCode>S</ram:CategoryCode>
          <ram:RateApplicablePercent>${it.vatRate}</ram:RateApplicablePercent>
        </ram:ApplicableTradeTax>
        <ram:SpecifiedTradeSettlementLineMonetarySummation>
          <ram:LineTotalAmount>${amount.toFixed(2)}</ram:LineTotalAmount>
        </ram:SpecifiedTradeSettlementLineMonetarySummation>
      </ram:SpecifiedLineTradeSettlement>
    </ram:IncludedSupplyChainTradeLineItem>\n`;
  }
  const party = (tag: string, p: FloorParty) => `      <ram:${tag}>
        <ram:GlobalID schemeID="0009">${p.siret}</ram:GlobalID>
        <ram:Name>${p.name}</ram:Name>
        <ram:PostalTradeAddress>
          <ram:LineOne>${p.address}</ram:LineOne>
        </ram:PostalTradeAddress>
        <ram:SpecifiedTaxRegistration>
          <ram:ID schemeID="VA">${p.vatNumber}</ram:ID>
        </ram:SpecifiedTaxRegistration>
      </ram:${tag}>\n`;
  s += `    <ram:ApplicableHeaderTradeAgreement>\n${party('SellerTradeParty', o.seller)}${party('BuyerTradeParty', o.buyer)}    </ram:ApplicableHeaderTradeAgreement>
    <ram:ApplicableHeaderTradeSettlement>
      <ram:InvoiceCurrencyCode>${o.currency}</ram:InvoiceCurrencyCode>
      <ram:SpecifiedTradeSettlementHeaderMonetarySummation>
        <ram:LineTotalAmount>${total.toFixed(2)}</ram:LineTotalAmount>
      </ram:SpecifiedTradeSettlementHeaderMonetarySummation>
    </ram:ApplicableHeaderTradeSettlement>
  </rsm:SupplyChainTradeTransaction>
</rsm:CrossIndustryInvoice>\n`;
  return s.length >= size ? s : s.padEnd(size, ' ');
}
