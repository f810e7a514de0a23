/**
 * A small reader of the values an extractor should find in a Factur-X /
 * ZUGFeRD PDF, read from the CII (or ZUGFeRD 1.0) XML beside it: shared by
 * test/extract/accuracy.test.ts and scripts/accuracy.ts (calibration on the
 * shared corpus).
 */
function decodeXml(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

/** Content of the first element with this local name (any prefix), or undefined. */
function element(xml: string, name: string): string | undefined {
  const m = new RegExp(`<(?:[\\w.-]+:)?${name}(?:\\s[^>]*)?>([\\s\\S]*?)</(?:[\\w.-]+:)?${name}>`).exec(xml);
  return m?.[1];
}

/** Every element with this local name, with its attributes. */
function elements(xml: string, name: string): Array<{ attrs: string; text: string }> {
  return [...xml.matchAll(new RegExp(`<(?:[\\w.-]+:)?${name}(\\s[^>]*)?>([\\s\\S]*?)</(?:[\\w.-]+:)?${name}>`, 'g'))].map((m) => ({ attrs: m[1] ?? '', text: m[2]! }));
}

const clean = (text: string | undefined): string | undefined => {
  if (text === undefined) return undefined;
  const t = decodeXml(text).replace(/\s+/g, ' ').trim();
  return t === '' ? undefined : t;
};

/** The fields read. */
export type ExpectedField = 'invoiceNumber' | 'invoiceDate' | 'sellerName' | 'buyerName' | 'totalHT' | 'totalVAT' | 'totalTTC' | 'currency' | 'lineCount';
/** Expected values, as the extraction port gives them (dates YYYY-MM-DD, amounts as written), and whether the XML is ZUGFeRD 1.0. */
export type Expected = Partial<Record<ExpectedField, string>> & { zugferd1: boolean };

/** BT-1, BT-2, seller and buyer names, BT-109/110/112, BT-5 and the number of lines, as the XML states them. */
export function readExpected(xml: string): Expected {
  const zugferd1 = /<(?:[\w.-]+:)?CrossIndustryDocument[\s>]/.test(xml);
  const header = element(xml, 'ExchangedDocument') ?? element(xml, 'HeaderExchangedDocument') ?? '';
  const currency = clean(element(xml, 'InvoiceCurrencyCode'));
  const summation = element(xml, 'SpecifiedTradeSettlementHeaderMonetarySummation') ?? element(xml, 'SpecifiedTradeSettlementMonetarySummation') ?? '';
  const taxTotals = elements(summation, 'TaxTotalAmount');
  // BT-110 is the tax total in the invoice currency (a second one may be in the accounting currency).
  const vat = taxTotals.find((t) => currency !== undefined && t.attrs.includes(`"${currency}"`)) ?? taxTotals[0];
  const rawDate = clean(element(element(header, 'IssueDateTime') ?? '', 'DateTimeString'));
  const out: Expected = { zugferd1 };
  const set = (field: ExpectedField, value: string | undefined): void => {
    if (value !== undefined) out[field] = value;
  };
  set('invoiceNumber', clean(element(header, 'ID')));
  set('invoiceDate', rawDate && /^\d{8}$/.test(rawDate) ? `${rawDate.slice(0, 4)}-${rawDate.slice(4, 6)}-${rawDate.slice(6, 8)}` : rawDate);
  set('sellerName', clean(element(element(xml, 'SellerTradeParty') ?? '', 'Name')));
  set('buyerName', clean(element(element(xml, 'BuyerTradeParty') ?? '', 'Name')));
  set('totalHT', clean(element(summation, 'TaxBasisTotalAmount')));
  set('totalVAT', clean(vat?.text));
  set('totalTTC', clean(element(summation, 'GrandTotalAmount')));
  set('currency', currency);
  out.lineCount = String(elements(xml, 'IncludedSupplyChainTradeLineItem').length);
  return out;
}
