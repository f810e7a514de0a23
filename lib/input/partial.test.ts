import { describe, expect, it } from 'vitest';
import { loadInputFixture } from '../../test/fixtures/input/load.js';
import { ABSENTABLE_CONTAINERS, ABSENTABLE_FIELDS, parsePartialInvoiceInput, STILL_REQUIRED_FIELDS, type PartialInvoiceInput } from './partial.js';
import { InvoiceInputSchema, parseInvoiceInput, type InputIssue } from './schema.js';

type Body = Record<string, any>;

function minimalWith(change: (body: Body) => void): Body {
  const body = loadInputFixture('minimal') as Body;
  change(body);
  return body;
}

function parseOk(body: unknown): { value: PartialInvoiceInput; absent: string[] } {
  const r = parsePartialInvoiceInput(body);
  if (!r.ok) throw new Error(`expected a partial input, got ${JSON.stringify(r.issues)}`);
  return r;
}

function parseFail(body: unknown): InputIssue[] {
  const r = parsePartialInvoiceInput(body);
  if (r.ok) throw new Error('expected 400 issues');
  return r.issues;
}

/** The required keys of the schema, found by walking it (`[]` for any array index). */
function requiredPaths(schema: any, path = '', out: string[] = []): string[] {
  if (schema.type === 'object') {
    for (const [key, entry] of Object.entries<any>(schema.entries)) {
      const p = path ? `${path}.${key}` : key;
      if (entry.type !== 'nullish' && entry.type !== 'optional') out.push(p);
      requiredPaths(entry, p, out);
    }
  } else if (schema.type === 'nullish' || schema.type === 'optional') requiredPaths(schema.wrapped, path, out);
  else if (schema.type === 'array') requiredPaths(schema.item, `${path}[]`, out);
  else if (schema.type === 'union') for (const option of schema.options) requiredPaths(option, path, out);
  return out;
}

describe('the lenient parse of the v2 input (absent mandatory terms are findings, not 400s)', () => {
  it('keeps a complete body exactly as the strict parse gives it, with nothing absent', () => {
    const body = loadInputFixture('full');
    const strict = parseInvoiceInput(body);
    const { value, absent } = parseOk(body);
    expect(strict.ok).toBe(true);
    if (strict.ok) expect(value).toEqual(strict.value);
    expect(absent).toEqual([]);
  });

  it.each([
    ['invoiceNumber', (b: Body) => delete b.invoiceNumber, (v: PartialInvoiceInput) => v.invoiceNumber],
    ['invoiceDate', (b: Body) => (b.invoiceDate = null), (v: PartialInvoiceInput) => v.invoiceDate],
    ['seller.name', (b: Body) => (b.seller.name = '   '), (v: PartialInvoiceInput) => v.seller.name],
    ['seller.address', (b: Body) => delete b.seller.address, (v: PartialInvoiceInput) => v.seller.address],
    ['buyer.name', (b: Body) => delete b.buyer.name, (v: PartialInvoiceInput) => v.buyer.name],
    ['buyer.address', (b: Body) => (b.buyer.address = ''), (v: PartialInvoiceInput) => v.buyer.address],
    ['items[0].description', (b: Body) => delete b.items[0].description, (v: PartialInvoiceInput) => v.items[0]!.description],
    ['items[0].quantity', (b: Body) => delete b.items[0].quantity, (v: PartialInvoiceInput) => v.items[0]!.quantity],
    ['items[0].unitPrice', (b: Body) => (b.items[0].unitPrice = null), (v: PartialInvoiceInput) => v.items[0]!.unitPrice],
    ['items[0].vatRate', (b: Body) => (b.items[0].vatRate = ' '), (v: PartialInvoiceInput) => v.items[0]!.vatRate],
  ])('lets an absent %s through (missing, null or blank) and leaves it undefined', (path, change, read) => {
    const { value, absent } = parseOk(minimalWith(change));
    expect(absent).toEqual([path]);
    expect(read(value)).toBeUndefined();
    // Everything else is parsed as usual.
    expect(value.currency).toBe('EUR');
    expect(value.items).toHaveLength(1);
  });

  it('an absent seller, buyer or items list is an empty one, every field absent', () => {
    const { value, absent } = parseOk(minimalWith((b) => { delete b.seller; b.buyer = null; delete b.items; }));
    expect(absent).toEqual(['seller', 'seller.name', 'seller.address', 'buyer', 'buyer.name', 'buyer.address', 'items']);
    expect(value.seller).toMatchObject({ name: undefined, address: undefined });
    expect(value.buyer).toMatchObject({ name: undefined, address: undefined });
    expect(value.items).toEqual([]);
  });

  it('a structured address without a country code, an electronic address without scheme, a preceding invoice without number', () => {
    const { value, absent } = parseOk(
      minimalWith((b) => {
        b.buyer.address = { line1: '3 place Bellecour', postcode: '69002', city: 'Lyon' };
        b.seller.electronicAddress = { id: 'factures@atelier-dupont.fr' };
        b.precedingInvoice = { date: '2026-01-15' };
      }),
    );
    expect(absent.sort()).toEqual(['buyer.address.countryCode', 'precedingInvoice.number', 'seller.electronicAddress.scheme']);
    expect(value.buyer.address).toEqual({ line1: '3 place Bellecour', postcode: '69002', city: 'Lyon', countryCode: undefined, line2: undefined, line3: undefined, subdivision: undefined });
    expect(value.seller.electronicAddress).toEqual({ id: 'factures@atelier-dupont.fr', scheme: undefined });
    expect(value.precedingInvoice).toEqual({ number: undefined, date: '2026-01-15' });
  });

  it('does not change the body it is given', () => {
    const body = minimalWith((b) => { delete b.buyer.name; delete b.items[0].quantity; });
    const before = JSON.stringify(body);
    parseOk(body);
    expect(JSON.stringify(body)).toBe(before);
  });

  describe('what cannot be read is still a 400 with its path', () => {
    it.each([
      ['invoiceDate', (b: Body) => (b.invoiceDate = '2026-13-40')],
      ['invoiceDate', (b: Body) => (b.invoiceDate = 20261102)],
      ['invoiceNumber', (b: Body) => (b.invoiceNumber = 42)],
      ['seller', (b: Body) => (b.seller = 'Atelier Dupont')],
      ['seller.name', (b: Body) => (b.seller.name = ['Atelier'])],
      ['seller.address', (b: Body) => (b.seller.address = 12)],
      ['items', (b: Body) => (b.items = { description: 'x' })],
      ['items[0]', (b: Body) => (b.items[0] = 'Consulting')],
      ['items[0].quantity', (b: Body) => (b.items[0].quantity = 'two')],
      ['items[0].quantity', (b: Body) => (b.items[0].quantity = -1)],
      ['items[0].unitPrice', (b: Body) => (b.items[0].unitPrice = '12,50')],
      ['items[0].vatRate', (b: Body) => (b.items[0].vatRate = true)],
      ['buyer.address.countryCode', (b: Body) => (b.buyer.address = { line1: 'x', postcode: '1', city: 'y', countryCode: 'France' })],
    ])('%s', (path, change) => {
      expect(parseFail(minimalWith(change)).map((i) => i.path)).toEqual([path]);
    });

    it('reports only the unreadable fields of a body that also lacks terms', () => {
      const issues = parseFail({ invoiceDate: '2026-13-40', seller: { address: 'x' }, buyer: { name: 'B', address: 'Paris' }, items: [{ description: 'x', quantity: -1, unitPrice: 'abc', vatRate: 20 }] });
      expect(issues.map((i) => i.path)).toEqual(['invoiceDate', 'items[0].quantity', 'items[0].unitPrice']);
    });

    it('a body that is not an object', () => {
      for (const body of [null, 'text', 42, [], undefined]) expect(parseFail(body)[0]?.path).toBe('');
    });
  });

  it('every required field of the schema is either absentable or listed as still required, with its reason', () => {
    const absentable = [...ABSENTABLE_CONTAINERS, ...ABSENTABLE_FIELDS.map((f) => f.path)];
    const still = STILL_REQUIRED_FIELDS.map((f) => f.path);
    expect(absentable.filter((p) => still.includes(p))).toEqual([]);
    expect(requiredPaths(InvoiceInputSchema).sort()).toEqual([...absentable, ...still].sort());
    for (const f of ABSENTABLE_FIELDS) expect(f.rules, f.path).toMatch(/^BR-/);
  });

  it.each(ABSENTABLE_FIELDS.map((f) => [f.path, f.rules] as const))('%s (%s) may be absent: the lenient parse names it', (path) => {
    const body = minimalWith((b) => {
      b.seller.address = { line1: '12 rue de la Paix', postcode: '75002', city: 'Paris', countryCode: 'FR' };
      b.buyer.address = { line1: '3 place Bellecour', postcode: '69002', city: 'Lyon', countryCode: 'FR' };
      b.seller.electronicAddress = { id: 'factures@atelier-dupont.fr', scheme: 'EM' };
      b.buyer.electronicAddress = { id: '403032650', scheme: '0225' };
      b.precedingInvoice = { number: 'F-2026-000', date: '2026-10-01' };
    });
    const concrete = path.replace('[]', '[0]');
    const keys = concrete.split(/\.|(?=\[)/);
    let target: any = body;
    for (const key of keys.slice(0, -1)) target = target[key.startsWith('[') ? Number(key.slice(1, -1)) : key];
    delete target[keys[keys.length - 1]!];
    expect(parseOk(body).absent).toEqual([concrete]);
  });

  it.each([
    ['seller.address.city', (b: Body) => (b.seller.address = { line1: '12 rue de la Paix', postcode: '75002', countryCode: 'FR' })],
    ['seller.electronicAddress.id', (b: Body) => (b.seller.electronicAddress = { scheme: '0225' })],
    ['invoicedObjectIdentifier.id', (b: Body) => (b.invoicedObjectIdentifier = { scheme: 'AAA' })],
    ['notes[0].text', (b: Body) => (b.notes = [{ subject: 'PMT' }])],
  ])('a field still required (%s) is a 400 with its path', (path, change) => {
    expect(parseFail(minimalWith(change))).toEqual([{ path, message: 'is required' }]);
  });
});
