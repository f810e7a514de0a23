/**
 * Codes of numeric code lists accepted as a JSON number or a string, normalised to the string the model holds
 * (./codes.ts), and code messages that say what was received.
 */
import { RULES_MESSAGE } from '../rules/rule-sets.js';
import { describe, expect, it } from 'vitest';
import { loadInputFixture } from '../../test/fixtures/input/load.js';
import { describeReceived } from './codes.js';
import { invoiceInputJsonSchema } from './json-schema.js';
import { parseInvoiceInput, type InputIssue, type InvoiceInput } from './schema.js';
import { invoiceFromInput } from './to-model.js';

type Body = Record<string, any>;

function withChange(change: (body: Body) => void): Body {
  const body = loadInputFixture('minimal') as Body;
  change(body);
  return body;
}

function parsed(change: (body: Body) => void): InvoiceInput {
  const result = parseInvoiceInput(withChange(change));
  if (!result.ok) throw new Error(`expected valid input, got ${JSON.stringify(result.issues)}`);
  return result.value;
}

function issues(change: (body: Body) => void): InputIssue[] {
  const result = parseInvoiceInput(withChange(change));
  if (result.ok) throw new Error('expected invalid input');
  return result.issues;
}

describe('describeReceived', () => {
  it.each([
    ['X', '"X"'],
    [999, '999'],
    [380.5, '380.5'],
    [true, 'true'],
    [null, 'null'],
    [[380], 'an array'],
    [{ code: 380 }, 'an object'],
    ['a"b', '"a\\"b"'],
  ])('describes %j as %s', (input, expected) => {
    expect(describeReceived(input)).toBe(expected);
  });

  it('quotes only the start of a long string, with its length', () => {
    const said = describeReceived('x'.repeat(5000));
    expect(said).toBe(`"${'x'.repeat(40)}"... (5000 characters)`);
  });
});

describe('documentType (BT-3, UNTDID 1001)', () => {
  it.each([
    [381, '381'],
    ['381', '381'],
    [380, '380'],
    [386, '386'],
  ])('takes %j as %j', (sent, held) => {
    expect(parsed((b) => (b.documentType = sent)).documentType).toBe(held);
  });

  it('reaches the model as the string code', () => {
    const input = parsed((b) => (b.documentType = 384));
    expect(invoiceFromInput(input).typeCode).toBe('384');
  });

  it.each([
    [999, 'got 999'],
    ['999', 'got "999"'],
    [380.5, 'got 380.5'],
    [true, 'got true'],
  ])('refuses %j, listing the codes and saying what was received', (sent, said) => {
    expect(issues((b) => (b.documentType = sent))).toStrictEqual([{ path: 'documentType', message: `must be one of 380, 381, 384, 389, 386; ${said}` }]);
  });
});

describe('paymentMeans.typeCode (BT-81, UNTDID 4461)', () => {
  it.each([
    [58, '58'],
    ['58', '58'],
    [1, '1'],
    [97, '97'],
    ['ZZZ', 'ZZZ'],
  ])('takes %j as %j', (sent, held) => {
    expect(parsed((b) => (b.paymentMeans = { iban: 'FR7630006000011234567890189', typeCode: sent })).paymentMeans?.typeCode).toBe(held);
  });

  it.each([0, 100, 30.5, -30, '058', 'credit transfer', false])('refuses %j at its path, saying what was received', (sent) => {
    const found = issues((b) => (b.paymentMeans = { typeCode: sent }));
    expect(found.map((i) => i.path)).toStrictEqual(['paymentMeans.typeCode']);
    expect(found[0]?.message).toContain(`got ${describeReceived(sent)}`);
  });
});

describe('taxPointDateCode (BT-8, UNTDID 2475 as CII uses it)', () => {
  it.each([
    [29, '29'],
    [5, '5'],
    ['72', '72'],
  ])('takes %j as %j', (sent, held) => {
    expect(parsed((b) => (b.taxPointDateCode = sent)).taxPointDateCode).toBe(held);
  });

  it.each([-1, 1000, 2.5, 'soon'])('refuses %j, saying what was received', (sent) => {
    const found = issues((b) => (b.taxPointDateCode = sent));
    expect(found.map((i) => i.path)).toStrictEqual(['taxPointDateCode']);
    expect(found[0]?.message).toContain(`got ${describeReceived(sent)}`);
  });
});

describe('allowance reason codes (UNTDID 5189: numbers) and charge reason codes (UNTDID 7161: letters)', () => {
  it('takes a document-level and a line allowance reason code as a JSON number', () => {
    const input = parsed((b) => {
      b.allowances = [{ amount: 5, reasonCode: 95, vatCategory: 'S', vatRate: 20 }];
      b.items[0].allowances = [{ amount: 1, reasonCode: 100 }];
    });
    expect(input.allowances?.[0]?.reasonCode).toBe('95');
    expect(input.items[0]?.allowances?.[0]?.reasonCode).toBe('100');
  });

  it('keeps charge reason codes strings: a number is refused, saying what was received', () => {
    const found = issues((b) => (b.charges = [{ amount: 5, reasonCode: 95, vatCategory: 'S', vatRate: 20 }]));
    expect(found).toStrictEqual([{ path: 'charges[0].reasonCode', message: 'must be a string; got 95' }]);
    expect(parsed((b) => (b.charges = [{ amount: 5, reasonCode: 'fc', vatCategory: 'S', vatRate: 20 }])).charges?.[0]?.reasonCode).toBe('FC');
  });

  it('refuses an allowance reason number out of the code form', () => {
    const found = issues((b) => (b.allowances = [{ amount: 5, reasonCode: 1000, vatCategory: 'S', vatRate: 20 }]));
    expect(found.map((i) => i.path)).toStrictEqual(['allowances[0].reasonCode']);
    expect(found[0]?.message).toContain('got 1000');
  });
});

describe('ISO 6523 ICD and EAS schemes: four-digit codes', () => {
  it('pads a JSON number to the four-digit code', () => {
    const input = parsed((b) => {
      b.buyer.electronicAddress = { id: '73282932000074', scheme: 9 };
      b.seller.electronicAddress = { id: '732829320', scheme: 225 };
      b.payee = { name: 'Factor SA', identifier: { id: '40303265000015', scheme: 9 }, legalRegistrationId: { id: '403032650', scheme: 2 } };
      b.deliverTo = { locationId: { id: '5412345000013', scheme: 88 } };
    });
    expect(input.buyer.electronicAddress).toStrictEqual({ id: '73282932000074', scheme: '0009' });
    expect(input.seller.electronicAddress).toStrictEqual({ id: '732829320', scheme: '0225' });
    expect(input.payee?.identifier).toStrictEqual({ id: '40303265000015', scheme: '0009' });
    expect(input.payee?.legalRegistrationId).toStrictEqual({ id: '403032650', scheme: '0002' });
    expect(input.deliverTo?.locationId).toStrictEqual({ id: '5412345000013', scheme: '0088' });
  });

  it('keeps string schemes as written (EM, 0009)', () => {
    expect(parsed((b) => (b.buyer.electronicAddress = { id: 'a@b.fr', scheme: 'EM' })).buyer.electronicAddress).toStrictEqual({ id: 'a@b.fr', scheme: 'EM' });
    expect(parsed((b) => (b.buyer.electronicAddress = { id: 'x', scheme: '0009' })).buyer.electronicAddress).toStrictEqual({ id: 'x', scheme: '0009' });
  });

  it.each([0, 10000, 9.5, true])('refuses the scheme %j at its path, saying what was received', (sent) => {
    const found = issues((b) => (b.buyer.electronicAddress = { id: 'x', scheme: sent }));
    expect(found.map((i) => i.path)).toStrictEqual(['buyer.electronicAddress.scheme']);
    expect(found[0]?.message).toContain(`got ${describeReceived(sent)}`);
  });
});

describe('letter codes say what was received', () => {
  it('vatCategory', () => {
    expect(issues((b) => (b.items[0].vatCategory = 'X'))).toStrictEqual([{ path: 'items[0].vatCategory', message: 'must be one of S, Z, E, AE, K, G, O, L, M; got "X"' }]);
  });

  it('rules', () => {
    expect(issues((b) => (b.rules = 'french'))).toStrictEqual([{ path: 'rules', message: `${RULES_MESSAGE}; got "french"` }]);
  });
});

describe('vatRate (BT-152): a JSON number or a decimal string, as before', () => {
  it.each([5.5, '5.5', 20, '20', 0, '0'])('takes %j', (rate) => {
    expect(parsed((b) => (b.items[0].vatRate = rate)).items[0]?.vatRate.toString()).toBe(String(rate));
  });
});

describe('the JSON Schema shows both forms of a numeric code', () => {
  const schema = invoiceInputJsonSchema() as Record<string, any>;
  const nonNull = (property: Record<string, any>): Record<string, any> => property.anyOf.find((o: Record<string, any>) => o.type !== 'null');

  it('documentType: the codes as strings and as numbers', () => {
    expect(nonNull(schema.properties.documentType).anyOf).toStrictEqual([
      { type: 'string', enum: ['380', '381', '384', '389', '386'] },
      { type: 'number', enum: [380, 381, 384, 389, 386] },
    ]);
  });

  it('paymentMeans.typeCode and taxPointDateCode: a string pattern or an integer range', () => {
    const typeCode = nonNull(nonNull(schema.properties.paymentMeans).properties.typeCode);
    expect(typeCode.anyOf.map((o: Record<string, any>) => o.type)).toStrictEqual(['string', 'integer']);
    expect(typeCode.anyOf[1]).toMatchObject({ minimum: 1, maximum: 99 });
    const taxPoint = nonNull(schema.properties.taxPointDateCode);
    expect(taxPoint.anyOf.map((o: Record<string, any>) => o.type)).toStrictEqual(['string', 'integer']);
  });

  it('vatRate: a number or a decimal string', () => {
    const rate = schema.properties.items.items.properties.vatRate;
    expect(rate.anyOf.map((o: Record<string, any>) => o.type)).toStrictEqual(['number', 'string']);
  });
});
