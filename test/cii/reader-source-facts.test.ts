/**
 * The source facts the CII reader records (lib/rules/br/support/source-facts.ts)
 * and the rules that consult them: each case runs a rule on a model with and
 * without the fact, so the fact alone makes the difference the official CII
 * binding makes.
 */
import { describe, expect, it } from 'vitest';
import { dec } from '../../lib/model/decimal.js';
import type { Invoice } from '../../lib/model/invoice.js';
import { recordSourceFacts, sourceFacts, type SourceFacts } from '../../lib/model/source-facts.js';
import { validateInvoice } from '../../lib/rules/index.js';
import { validInvoice } from '../fixtures/model.js';

/** Fatal rule ids and paths. */
function fatal(inv: Invoice): Array<[string, string]> {
  return validateInvoice(inv).errors.map((f) => [f.rule, f.path]);
}

/** Findings of `inv` without facts, then with `facts`. */
function withAndWithout(inv: Invoice, facts: (inv: Invoice) => SourceFacts): { without: Array<[string, string]>; with: Array<[string, string]> } {
  const without = fatal(inv);
  recordSourceFacts(inv, facts(inv));
  return { without, with: fatal(inv) };
}

/** `taxTypeCodes` as a document gives them: every VAT place typed `VAT`, but `others` typed `code`. */
function typeCodes(inv: Invoice, others: object[], code: string | undefined = 'GST'): Map<object, string | undefined> {
  const codes = new Map<object, string | undefined>();
  for (const place of [...inv.lines.map((l) => l.vat), ...inv.allowances, ...inv.charges, ...inv.vatBreakdown]) codes.set(place, 'VAT');
  for (const place of others) codes.set(place, code);
  return codes;
}

describe('source facts', () => {
  it('are empty for a model not read from CII', () => {
    expect(sourceFacts(validInvoice())).toEqual({});
  });

  it('missing totals aggregate: the document-totals rules are not evaluated', () => {
    const inv = validInvoice();
    inv.totals = {};
    inv.vatAccountingCurrency = 'GBP';
    inv.allowances = [{ amount: dec('5.00'), vatCategory: 'S', vatRate: dec('20'), reason: 'Discount' }];
    inv.charges = [{ amount: dec('1.00'), vatCategory: 'S', vatRate: dec('20'), reason: 'Freight' }];
    const r = withAndWithout(inv, () => ({ missingGroups: new Set(['totals'] as const) }));
    const totalsRules = ['BR-12', 'BR-13', 'BR-14', 'BR-15', 'BR-53', 'BR-CO-10', 'BR-CO-11', 'BR-CO-12', 'BR-CO-13', 'BR-CO-16'];
    for (const id of totalsRules) {
      expect(r.without.map(([rule]) => rule)).toContain(id);
      expect(r.with.map(([rule]) => rule)).not.toContain(id);
    }
  });

  it('missing seller party: BR-CO-26 is not evaluated, BR-06 still is', () => {
    const inv = validInvoice();
    inv.seller = { name: '', identifiers: [], address: {} };
    const r = withAndWithout(inv, () => ({ missingGroups: new Set(['seller'] as const) }));
    expect(r.without).toContainEqual(['BR-CO-26', 'seller']);
    expect(r.with).not.toContainEqual(['BR-CO-26', 'seller']);
    expect(r.with).toContainEqual(['BR-06', 'seller.name']);
  });

  it('address aggregate present but empty: BR-08 holds (element exists), BR-09 does not (no country code)', () => {
    const inv = validInvoice();
    inv.seller.address = {};
    const r = withAndWithout(inv, () => ({ missingGroups: new Set() }));
    expect(r.without).toEqual(expect.arrayContaining([['BR-08', 'seller.address'], ['BR-09', 'seller.address.countryCode']]));
    expect(r.with).toContainEqual(['BR-09', 'seller.address.countryCode']);
    expect(r.with).not.toContainEqual(['BR-08', 'seller.address']);
    recordSourceFacts(inv, { missingGroups: new Set(['seller.address'] as const) });
    expect(fatal(inv)).toContainEqual(['BR-08', 'seller.address']);
  });

  it('deliver-to address aggregate present but empty: BR-57 asks for its country code', () => {
    const inv = validInvoice();
    inv.delivery = { name: 'Warehouse', address: {} };
    const r = withAndWithout(inv, () => ({ missingGroups: new Set() }));
    expect(r.without).not.toContainEqual(['BR-57', 'delivery.address.countryCode']);
    expect(r.with).toContainEqual(['BR-57', 'delivery.address.countryCode']);
  });

  it('every payment means: BR-49 and BR-CL-16 check each TypeCode, the model keeping the first as BT-81', () => {
    const inv = validInvoice();
    inv.paymentInstructions = { typeCode: '30', creditTransfers: [{ accountId: 'FR7630006000011234567890189' }] };
    const missing = withAndWithout(inv, () => ({ paymentMeansCodes: ['30', undefined] }));
    expect(missing.without).toEqual([]);
    expect(missing.with).toContainEqual(['BR-49', 'paymentInstructions.typeCode']);
    recordSourceFacts(inv, { paymentMeansCodes: ['30', 'XX'] });
    expect(fatal(inv)).toContainEqual(['BR-CL-16', 'paymentInstructions.typeCode']);
  });

  it('each credit transfer with the TypeCode of its own payment means (BR-50, BR-61)', () => {
    const inv = validInvoice();
    inv.paymentInstructions = { typeCode: '42', creditTransfers: [{ accountId: 'X1' }, { accountName: 'Dupont' }] };
    const r = withAndWithout(inv, () => ({ paymentMeansCodes: ['42', '58'], creditTransferMeansCodes: ['42', '58'] }));
    expect(r.without).toEqual([]);
    expect(r.with).toEqual(
      expect.arrayContaining([
        ['BR-50', 'paymentInstructions.creditTransfers[1].accountId'],
        ['BR-61', 'paymentInstructions.creditTransfers[1].accountId'],
      ]),
    );
  });

  it('breakdown not typed VAT: no category (BR-47) and no rate (BR-48, BR-CO-17) for the VAT-filtered tests', () => {
    const inv = validInvoice();
    const r = withAndWithout(inv, (i) => ({ taxTypeCodes: typeCodes(i, [i.vatBreakdown[0]!]) }));
    expect(r.without).toEqual([]);
    expect(r.with).toEqual(
      expect.arrayContaining([
        ['BR-47', 'vatBreakdown[0].category'],
        ['BR-48', 'vatBreakdown[0].rate'],
        ['BR-CO-17', 'vatBreakdown[0].taxAmount'],
      ]),
    );
  });

  it('breakdown of category O not typed VAT: the generic breakdown assertions apply to it (BR-45, BR-48)', () => {
    const inv = validInvoice();
    inv.vatBreakdown.push({ category: 'O', taxAmount: dec('0.00') });
    const r = withAndWithout(inv, (i) => ({ taxTypeCodes: typeCodes(i, [i.vatBreakdown[1]!]) }));
    expect(r.without).not.toContainEqual(['BR-45', 'vatBreakdown[1].taxableAmount']);
    expect(r.with).toEqual(expect.arrayContaining([['BR-45', 'vatBreakdown[1].taxableAmount'], ['BR-48', 'vatBreakdown[1].rate']]));
  });

  it('a second VAT total in the invoice currency: BR-CO-15 (count eq 1) and BR-CO-14 see it', () => {
    const inv = validInvoice();
    const r = withAndWithout(inv, () => ({ unmappedTaxTotals: [{ amount: dec('21.00'), currency: 'EUR' }] }));
    expect(r.without).toEqual([]);
    expect(r.with).toEqual(expect.arrayContaining([['BR-CO-15', 'totals.taxInclusiveAmount'], ['BR-CO-14', 'totals']]));
  });

  it('a VAT total in another currency makes BR-DEC-13 hold, as the official any-total test does', () => {
    const inv = validInvoice();
    inv.totals.vatTotal = dec('20.001');
    inv.totals.taxInclusiveAmount = dec('120.001');
    inv.totals.amountDue = dec('120.001');
    const r = withAndWithout(inv, () => ({ unmappedTaxTotals: [{ amount: dec('17.20'), currency: 'GBP' }] }));
    expect(r.without.map(([rule]) => rule)).toContain('BR-DEC-13');
    expect(r.with.map(([rule]) => rule)).not.toContain('BR-DEC-13');
  });
});
