/**
 * The conversion core (lib/convert): what it reports as `unmapped` (content
 * of the source with no EN 16931 term, terms the target cannot carry), the
 * terms it names by path, and its refusals. The corpus and the property are
 * proved in ./corpus.test.ts and ./roundtrip.property.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { writeCii } from '../../lib/cii/writer.js';
import { convertInvoiceXml, translateInvoiceXml } from '../../lib/convert/convert.js';
import { NotConvertibleError } from '../../lib/convert/errors.js';
import { flattenModel, modelDifferences, termOfModelPath } from '../../lib/convert/model-diff.js';
import { canonicalKey, termsAt } from '../../lib/convert/terms.js';
import { documentFacts, untracedFacts } from '../../lib/convert/trace.js';
import { treeOf } from '../../lib/convert/syntaxes.js';
import { InputError } from '../../lib/errors.js';
import { dec } from '../../lib/model/decimal.js';
import { writeUbl } from '../../lib/ubl/writer.js';
import { fullInvoice } from '../fixtures/cii/full-invoice.js';
import { validInvoice } from '../fixtures/model.js';

/** The full invoice with a card number EN 16931 accepts (BR-51: the last digits only; fatal in CII). */
function fullValid() {
  const inv = fullInvoice();
  inv.paymentInstructions!.card!.accountNumber = '4242';
  return inv;
}

describe('unmapped: nothing dropped in silence', () => {
  it('a full CII invoice converts to UBL with nothing left out, and back', () => {
    const inv = fullValid();
    inv.precedingInvoices = inv.precedingInvoices.slice(0, 1);
    const ubl = convertInvoiceXml(writeCii(inv), { rules: 'en16931' });
    expect(ubl.unmapped).toEqual([]);
    expect(ubl.validation.valid).toBe(true);
    const cii = convertInvoiceXml(ubl.xml, { rules: 'en16931' });
    expect(cii.unmapped).toEqual([]);
  });

  it('CII content no EN 16931 term holds is reported with its location and value (here a CII project name)', () => {
    const xml = writeCii(fullValid()).replace('<ram:Name>Project reference</ram:Name>', '<ram:Name>Renovation, 2nd floor</ram:Name>');
    const r = convertInvoiceXml(xml, { rules: 'en16931' });
    expect(r.unmapped).toEqual([
      {
        term: null,
        location: '/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeAgreement/ram:SpecifiedProcuringProject/ram:Name',
        value: 'Renovation, 2nd floor',
        reason: expect.stringContaining('No EN 16931 business term'),
      },
    ]);
  });

  it('a second preceding invoice (BG-3) of a UBL document: CII D16B holds one, and the two terms are reported', () => {
    const inv = fullValid();
    expect(inv.precedingInvoices).toHaveLength(2);
    const r = convertInvoiceXml(writeUbl(inv), { rules: 'en16931' });
    expect(r.unmapped.map((u) => [u.term, u.path, u.value])).toEqual([
      ['BT-25', 'precedingInvoices[1].reference', inv.precedingInvoices[1]!.reference],
      ...(inv.precedingInvoices[1]!.issueDate ? [['BT-26', 'precedingInvoices[1].issueDate', inv.precedingInvoices[1]!.issueDate]] : []),
    ]);
    expect(r.unmapped[0]!.reason).toMatch(/one preceding invoice reference/);
  });

  it('the due date (BT-9) of a credit note without payment instructions: UBL cannot carry it, reported at its CII location', () => {
    const inv = validInvoice();
    inv.typeCode = '381';
    inv.paymentInstructions = undefined;
    inv.paymentTerms = 'Refund by cheque';
    const r = translateInvoiceXml(writeCii(inv));
    expect(r.documentType).toBe('CreditNote');
    expect(r.unmapped).toEqual([
      {
        term: 'BT-9',
        path: 'dueDate',
        location: '/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:SpecifiedTradePaymentTerms/ram:DueDateDateTime/udt:DateTimeString',
        value: inv.dueDate,
        reason: expect.stringContaining('PaymentDueDate'),
      },
    ]);
  });
});

describe('refusals', () => {
  it('a document of neither syntax, an invalid one, and `to` naming the source syntax', () => {
    expect(() => convertInvoiceXml('<?xml version="1.0"?><Order xmlns="urn:x"/>')).toThrow(NotConvertibleError);
    const broken = validInvoice();
    broken.totals.amountDue = dec('1');
    let refusal: unknown;
    try {
      convertInvoiceXml(writeCii(broken));
    } catch (err) {
      refusal = err;
    }
    expect(refusal).toBeInstanceOf(NotConvertibleError);
    expect((refusal as NotConvertibleError).details?.map((d) => (d as { rule: string }).rule)).toContain('BR-CO-16');
    expect(() => convertInvoiceXml(writeCii(validInvoice()), { to: 'cii' })).toThrow(InputError);
    // The ungated core converts it anyway, and the verdict on the result says what is wrong.
    const carried = translateInvoiceXml(writeCii(broken), { rules: 'en16931' });
    expect(carried.validation.errors.map((e) => e.rule)).toContain('BR-CO-16');
  });
});

describe('building blocks', () => {
  it('terms by document path, in both syntaxes; alternatives of one CII term as one place', () => {
    expect(termsAt('cii', '/rsm:ExchangedDocument/ram:ID')).toEqual(['BT-1']);
    expect(termsAt('cii', '/rsm:SupplyChainTradeTransaction/ram:IncludedSupplyChainTradeLineItem/ram:SpecifiedTradeProduct/ram:Name')).toEqual(['BT-153']);
    expect(termsAt('ubl', '/cac:CreditNoteLine/cbc:CreditedQuantity/@unitCode')).toEqual(['BT-130']);
    expect(termsAt('ubl', '/cac:AdditionalDocumentReference/cbc:ID')).toEqual(['BT-11', 'BT-18', 'BT-122']);
    expect(termsAt('ubl', '/cbc:UBLVersionID')).toEqual([]);
    const buyer = '/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeAgreement/ram:BuyerTradeParty';
    expect(canonicalKey('cii', `${buyer}/ram:GlobalID/@schemeID`)).toBe(`${buyer}/ram:ID/@schemeID`);
    expect(canonicalKey('ubl', '/cbc:ID')).toBe('/cbc:ID');
  });

  it('model paths name their term; values compare by value, blank as absent', () => {
    expect(termOfModelPath('lines[3].price.grossPrice')).toBe('BT-148');
    expect(termOfModelPath('seller.identifiers[1].scheme')).toBe('BT-29-1');
    expect(termOfModelPath('lines[0].item.classifications[1].version')).toBe('BT-158-2');
    const a = validInvoice();
    const b = validInvoice();
    b.lines[0]!.netAmount = dec(b.lines[0]!.netAmount!.toFixed(4));
    b.buyerReference = '  ';
    expect(modelDifferences(a, b)).toEqual([]);
    b.number = 'other';
    expect(modelDifferences(a, b)).toEqual([{ path: 'number', term: 'BT-1', value: a.number, other: 'other' }]);
    expect(flattenModel({ x: [dec('2.50'), ' t '] })).toEqual(new Map([['x[0]', '2.5'], ['x[1]', 't']]));
  });

  it('document facts: positions where an element repeats, numbers by value, white space ignored', () => {
    const tree = treeOf('<r a=" 1 "><b>2.50</b><b>x y</b><c/></r>');
    expect(documentFacts(tree).map((f) => [f.key, f.value, f.location])).toEqual([
      ['/@a', '1', '/r/@a'],
      ['/b', '2.5', '/r/b[1]'],
      ['/b', 'xy', '/r/b[2]'],
    ]);
    const rewritten = treeOf('<r><b>2.5</b></r>');
    expect(untracedFacts(tree, rewritten).map((f) => f.location)).toEqual(['/r/@a', '/r/b[2]']);
    expect(untracedFacts(tree, rewritten, new Set(['/r/@a'])).map((f) => f.location)).toEqual(['/r/b[2]']);
  });
});
