import { describe, expect, it } from 'vitest';
import { loadInputFixture } from '../../test/fixtures/input/load.js';
import { Decimal } from '../model/decimal.js';
import * as limits from './limits.js';
import { isCalendarDate, parseInvoiceInput, type InputIssue, type InvoiceInput } from './schema.js';

type Body = Record<string, any>;

/** Parses and expects success. */
function parseOk(body: unknown): InvoiceInput {
  const result = parseInvoiceInput(body);
  if (!result.ok) throw new Error(`expected valid input, got ${JSON.stringify(result.issues)}`);
  return result.value;
}

/** Parses and expects failure; returns the issues. */
function parseFail(body: unknown): InputIssue[] {
  const result = parseInvoiceInput(body);
  if (result.ok) throw new Error('expected invalid input');
  return result.issues;
}

/** The minimal fixture with one change applied. */
function minimalWith(change: (body: Body) => void): Body {
  const body = loadInputFixture('minimal') as Body;
  change(body);
  return body;
}

function paths(issues: InputIssue[]): string[] {
  return issues.map((issue) => issue.path);
}

describe('the documented fields of the spec keep working', () => {
  it('parses the minimal spec-only body and applies the defaults', () => {
    const input = parseOk(loadInputFixture('minimal'));
    expect(input.invoiceNumber).toBe('F-2026-001');
    expect(input.invoiceDate).toBe('2026-11-02');
    expect(input.dueDate).toBe('2026-12-02');
    expect(input.currency).toBe('EUR');
    expect(input.documentType).toBe('380');
    expect(input.seller).toMatchObject({ name: 'Atelier Dupont SARL', address: '12 rue de la Paix, 75002 Paris', vatNumber: 'FR44732829320', siret: '73282932000074' });
    expect(input.buyer).toMatchObject({ name: 'Boulangerie Martin', vatNumber: 'FR40303265045' });
    const [item] = input.items;
    expect(item?.vatCategory).toBe('S');
    expect(item?.unitCode).toBe('C62');
    expect(item?.quantity.equals(2)).toBe(true);
    expect(item?.unitPrice.equals(50)).toBe(true);
    expect(item?.vatRate.equals(20)).toBe(true);
  });

  it('defaults the currency to EUR when absent or null', () => {
    expect(parseOk(minimalWith((b) => delete b.currency)).currency).toBe('EUR');
    expect(parseOk(minimalWith((b) => (b.currency = null))).currency).toBe('EUR');
    expect(parseOk(minimalWith((b) => (b.currency = 'CHF'))).currency).toBe('CHF');
  });

  it('accepts every optional field of the spec: seller.country, buyer.country, vatCategory, reference, totals', () => {
    const input = parseOk(
      minimalWith((b) => {
        b.seller.country = 'FR';
        b.buyer.country = 'fr';
        b.items[0].vatCategory = 'E';
        b.items[0].reference = 'REF-1';
        b.totals = { totalHT: 100, totalTTC: 120, prepaidAmount: 20 };
      }),
    );
    expect(input.seller.country).toBe('FR');
    expect(input.buyer.country).toBe('FR');
    expect(input.items[0]?.vatCategory).toBe('E');
    expect(input.items[0]?.reference).toBe('REF-1');
    expect(input.totals?.totalHT?.equals(100)).toBe(true);
    expect(input.totals?.totalTTC?.equals(120)).toBe(true);
    expect(input.totals?.prepaidAmount?.equals(20)).toBe(true);
  });

  it.each([['invoiceNumber'], ['invoiceDate'], ['seller'], ['buyer'], ['items']])('reports a missing %s as required', (field) => {
    expect(parseFail(minimalWith((b) => delete b[field]))).toContainEqual({ path: field, message: 'is required' });
  });

  it.each([
    ['seller.name', (b: Body) => delete b.seller.name],
    ['seller.address', (b: Body) => delete b.seller.address],
    ['buyer.name', (b: Body) => delete b.buyer.name],
    ['buyer.address', (b: Body) => delete b.buyer.address],
    ['items[0].description', (b: Body) => delete b.items[0].description],
    ['items[0].quantity', (b: Body) => delete b.items[0].quantity],
    ['items[0].unitPrice', (b: Body) => delete b.items[0].unitPrice],
    ['items[0].vatRate', (b: Body) => delete b.items[0].vatRate],
  ])('reports a missing %s with its dotted path', (path, change) => {
    expect(paths(parseFail(minimalWith(change)))).toStrictEqual([path]);
  });

  it('reports the body itself when it is not an object', () => {
    for (const body of [null, 'text', 42, []]) {
      const issues = parseFail(body);
      expect(issues[0]?.path).toBe('');
    }
  });
});

describe('the optional fields of DECISIONS.md', () => {
  it('parses the full fixture with every optional field', () => {
    const input = parseOk(loadInputFixture('full'));
    expect(input).toMatchObject({
      invoiceNumber: 'CN-2026-042',
      documentType: '381',
      buyerReference: 'SERVICE-ACHATS-12',
      purchaseOrderReference: 'PO-7781',
      paymentTerms: '30 jours fin de mois',
      deliveryDate: '2026-03-10',
      deliveryCountry: 'BE',
      paymentMeans: { iban: 'FR7630006000011234567890189', bic: 'AGRIFRPP', accountName: 'Atelier Dupont SARL', remittanceInformation: 'CN-2026-042' },
    });
    expect(input.notes).toStrictEqual(['Merci pour votre confiance.', undefined, "Pénalités de retard : 3 fois le taux d'intérêt légal."]);
    expect(input.seller).toMatchObject({
      siret: '73282932000074',
      siren: '732829320',
      country: 'FR',
      electronicAddress: 'factures@atelier-dupont.fr',
      email: 'contact@atelier-dupont.fr',
      phone: '+33 1 23 45 67 89',
      contactName: 'Marie Dupont',
    });
    expect(input.buyer).toMatchObject({
      siret: '40303265000015',
      electronicAddress: { id: '0123456749', scheme: '0208' },
      address: { line1: 'Rue Neuve 12', line2: 'Bâtiment B', postcode: '1000', city: 'Bruxelles', countryCode: 'BE' },
    });
    expect(input.items[0]).toMatchObject({ unitCode: 'XKG', vatExemptionReason: 'Livraison intracommunautaire exonérée, article 262 ter I du CGI', vatExemptionReasonCode: 'VATEX-EU-IC' });
  });

  it.each(['380', '381', '384', '389', '386'])('accepts documentType %s', (code) => {
    expect(parseOk(minimalWith((b) => (b.documentType = code))).documentType).toBe(code);
  });

  it.each(['393', '', 393, 380.5, '380 '])('rejects documentType %j', (code) => {
    expect(paths(parseFail(minimalWith((b) => (b.documentType = code))))).toStrictEqual(['documentType']);
  });

  it.each(['S', 'Z', 'E', 'AE', 'K', 'G', 'O', 'L', 'M'])('accepts vatCategory %s', (category) => {
    expect(parseOk(minimalWith((b) => (b.items[0].vatCategory = category))).items[0]?.vatCategory).toBe(category);
  });

  it.each(['s', 'X', 'VAT'])('rejects vatCategory %j', (category) => {
    expect(paths(parseFail(minimalWith((b) => (b.items[0].vatCategory = category))))).toStrictEqual(['items[0].vatCategory']);
  });

  it('accepts an electronic address as a string or as {id, scheme}', () => {
    expect(parseOk(minimalWith((b) => (b.buyer.electronicAddress = { id: '73282932000074', scheme: '0009' }))).buyer.electronicAddress).toStrictEqual({
      id: '73282932000074',
      scheme: '0009',
    });
    expect(parseOk(minimalWith((b) => (b.buyer.electronicAddress = ' a@b.fr '))).buyer.electronicAddress).toBe('a@b.fr');
  });

  it('reports what an electronic address object lacks', () => {
    expect(parseFail(minimalWith((b) => (b.seller.electronicAddress = { id: 'x' })))).toStrictEqual([{ path: 'seller.electronicAddress.scheme', message: 'is required' }]);
    expect(paths(parseFail(minimalWith((b) => (b.seller.electronicAddress = 5))))).toStrictEqual(['seller.electronicAddress']);
  });

  it('normalises SIRET, SIREN, IBAN and BIC and checks their form', () => {
    const input = parseOk(
      minimalWith((b) => {
        b.buyer.siret = '403 032 650 00015';
        b.buyer.siren = ' 403 032 650 ';
        b.paymentMeans = { iban: 'de89 3704 0044 0532 0130 00', bic: 'cobadeffxxx' };
      }),
    );
    expect(input.buyer.siret).toBe('40303265000015');
    expect(input.buyer.siren).toBe('403032650');
    expect(input.paymentMeans?.iban).toBe('DE89370400440532013000');
    expect(input.paymentMeans?.bic).toBe('COBADEFFXXX');

    const issues = parseFail(
      minimalWith((b) => {
        b.seller.siret = '7328293200007';
        b.seller.siren = '73282932A';
        b.paymentMeans = { iban: 'not an iban', bic: 'ABC', typeCode: 'credit transfer' };
      }),
    );
    expect(paths(issues)).toStrictEqual(['paymentMeans.typeCode', 'paymentMeans.iban', 'paymentMeans.bic', 'seller.siret', 'seller.siren']);
  });

  it.each(['C62', 'HUR', 'KGM', 'H87'])('accepts unit code %s', (code) => {
    expect(parseOk(minimalWith((b) => (b.items[0].unitCode = code))).items[0]?.unitCode).toBe(code);
  });

  it.each(['piece', 'c62', ''])('rejects unit code %j', (code) => {
    expect(paths(parseFail(minimalWith((b) => (b.items[0].unitCode = code))))).toStrictEqual(['items[0].unitCode']);
  });

  it('requires every field of a structured address and names the missing ones', () => {
    expect(parseFail(minimalWith((b) => (b.buyer.address = { line1: '3 place Bellecour', countryCode: 'FR' })))).toStrictEqual([
      { path: 'buyer.address.postcode', message: 'is required' },
      { path: 'buyer.address.city', message: 'is required' },
    ]);
  });

  it('reports an address that is neither a string nor an object', () => {
    expect(paths(parseFail(minimalWith((b) => (b.seller.address = 12))))).toStrictEqual(['seller.address']);
  });
});

describe('decimals: JSON numbers or plain decimal strings', () => {
  it.each([
    [2, '2'],
    ['2', '2'],
    [0.1, '0.1'],
    ['0.1', '0.1'],
    ['12.50', '12.5'],
    ['-3.25', '-3.25'],
    ['1234567890.123456789', '1234567890.123456789'],
  ])('unitPrice %j becomes Decimal %s', (value, expected) => {
    const price = parseOk(minimalWith((b) => (b.items[0].unitPrice = value))).items[0]?.unitPrice;
    expect(price).toBeInstanceOf(Decimal);
    expect(price?.toString()).toBe(expected);
  });

  it.each(['1e3', '12,50', ' 12.50', '12.', '.5', '1 000', '', 'abc', '+5'])('rejects the string %j', (value) => {
    expect(paths(parseFail(minimalWith((b) => (b.items[0].unitPrice = value))))).toStrictEqual(['items[0].unitPrice']);
  });

  it.each([true, null, {}, [1]])('rejects %j', (value) => {
    expect(paths(parseFail(minimalWith((b) => (b.items[0].vatRate = value))))).toStrictEqual(['items[0].vatRate']);
  });

  it.each([0, -1, '0', '0.0000', '-0.5'])('rejects quantity %j (must be > 0)', (value) => {
    expect(parseFail(minimalWith((b) => (b.items[0].quantity = value)))).toStrictEqual([{ path: 'items[0].quantity', message: 'must be greater than 0' }]);
  });

  it('accepts a quantity with 4 decimals', () => {
    expect(parseOk(minimalWith((b) => (b.items[0].quantity = '0.0001'))).items[0]?.quantity.toString()).toBe('0.0001');
  });

  it('reports the path of a bad amount deep in the body', () => {
    const body = minimalWith((b) => {
      b.items.push({ description: 'a', quantity: 1, unitPrice: 1, vatRate: 20 }, { description: 'b', quantity: 'two', unitPrice: 1, vatRate: 20 });
      b.totals = { prepaidAmount: '1,5' };
    });
    expect(paths(parseFail(body))).toStrictEqual(['items[2].quantity', 'totals.prepaidAmount']);
  });
});

describe('dates', () => {
  it.each(['2024-02-29', '2026-12-31', '2026-01-01'])('accepts %s', (date) => {
    expect(parseOk(minimalWith((b) => (b.invoiceDate = date))).invoiceDate).toBe(date);
  });

  it.each(['2026-02-29', '2026-04-31', '2026-13-01', '2026-1-5', '02/11/2026', '2026-11-02T10:00:00Z', ''])('rejects invoiceDate %j', (date) => {
    expect(paths(parseFail(minimalWith((b) => (b.invoiceDate = date))))).toStrictEqual(['invoiceDate']);
  });

  it('checks dueDate and deliveryDate the same way', () => {
    expect(paths(parseFail(minimalWith((b) => ((b.dueDate = '2026-02-30'), (b.deliveryDate = '2026-6-1')))))).toStrictEqual(['dueDate', 'deliveryDate']);
  });

  it('isCalendarDate knows leap years', () => {
    expect(isCalendarDate('2000-02-29')).toBe(true);
    expect(isCalendarDate('1900-02-29')).toBe(false);
    expect(isCalendarDate('0004-02-29')).toBe(true);
  });
});

describe('codes', () => {
  it.each(['eur', 'EURO', 'E1R', ''])('rejects currency %j', (currency) => {
    expect(paths(parseFail(minimalWith((b) => (b.currency = currency))))).toStrictEqual(['currency']);
  });

  it('accepts country codes in lower case and returns them upper-case', () => {
    const input = parseOk(minimalWith((b) => ((b.seller.country = 'fr'), (b.deliveryCountry = 'de'))));
    expect(input.seller.country).toBe('FR');
    expect(input.deliveryCountry).toBe('DE');
  });

  it.each(['XX', 'UK', 'FRA', 'F'])('rejects country %j', (country) => {
    expect(paths(parseFail(minimalWith((b) => (b.buyer.country = country))))).toStrictEqual(['buyer.country']);
  });

  it('points a UK country to GB', () => {
    expect(parseFail(minimalWith((b) => (b.buyer.country = 'UK')))[0]?.message).toMatch(/GB/);
  });
});

describe('text', () => {
  it('trims required text and rejects blank text', () => {
    expect(parseOk(minimalWith((b) => (b.seller.name = '  Atelier  '))).seller.name).toBe('Atelier');
    expect(parseFail(minimalWith((b) => (b.seller.name = ' \t\n ')))).toStrictEqual([{ path: 'seller.name', message: 'must not be empty' }]);
  });

  it('treats blank or null optional text as absent', () => {
    const input = parseOk(minimalWith((b) => ((b.buyerReference = '   '), (b.paymentTerms = null), (b.seller.vatNumber = ''))));
    expect(input.buyerReference).toBeUndefined();
    expect(input.paymentTerms).toBeUndefined();
    expect(input.seller.vatNumber).toBeUndefined();
  });

  it.each([
    ['a C0 control', 'ACME\u0001 SARL', 'U+0001'],
    ['a form feed inside the text', 'AC\u000CME', 'U+000C'],
    ['U+FFFE', 'ACME\uFFFE', 'U+FFFE'],
    ['U+FFFF', '\uFFFFACME', 'U+FFFF'],
    ['a lone high surrogate', 'ACME \uD83D', 'U+D83D'],
    ['a lone low surrogate', '\uDE00 ACME', 'U+DE00'],
  ])('rejects %s with a message naming it', (_label, name, codePoint) => {
    const issues = parseFail(minimalWith((b) => (b.seller.name = name)));
    expect(issues).toHaveLength(1);
    expect(issues[0]?.path).toBe('seller.name');
    expect(issues[0]?.message).toContain(codePoint);
  });

  it('checks optional text, notes and address strings too', () => {
    const issues = parseFail(
      minimalWith((b) => {
        b.paymentTerms = 'net\u0000';
        b.notes = ['ok', 'bad\u0008'];
        b.buyer.address = '3 place Bellecour\u001B, 69002 Lyon';
        b.items[0].description = 'x\uFFFF';
      }),
    );
    expect(paths(issues).sort()).toStrictEqual(['buyer.address', 'items[0].description', 'notes[1]', 'paymentTerms']);
  });

  it('accepts tab, line feed, carriage return, emoji (surrogate pairs) and accents', () => {
    const name = 'Café\t"Chez Zoé" 😀\r\nLyon';
    expect(parseOk(minimalWith((b) => (b.seller.name = name))).seller.name).toBe(name);
  });
});

describe('length limits (lib/input/limits.ts)', () => {
  /** The full fixture (every optional field present) with one change applied. */
  function fullWith(change: (body: Body) => void): Body {
    const body = loadInputFixture('full') as Body;
    change(body);
    return body;
  }

  // [path, setter, limit]: every free-text field of the input.
  const TEXT_FIELDS: Array<[string, (b: Body, value: string) => void, number]> = [
    ['invoiceNumber', (b, x) => (b.invoiceNumber = x), limits.MAX_INVOICE_NUMBER_LENGTH],
    ['buyerReference', (b, x) => (b.buyerReference = x), limits.MAX_IDENTIFIER_LENGTH],
    ['purchaseOrderReference', (b, x) => (b.purchaseOrderReference = x), limits.MAX_IDENTIFIER_LENGTH],
    ['notes[2]', (b, x) => (b.notes[2] = x), limits.MAX_LONG_TEXT_LENGTH],
    ['paymentTerms', (b, x) => (b.paymentTerms = x), limits.MAX_LONG_TEXT_LENGTH],
    ['paymentMeans.accountName', (b, x) => (b.paymentMeans.accountName = x), limits.MAX_SHORT_TEXT_LENGTH],
    ['paymentMeans.remittanceInformation', (b, x) => (b.paymentMeans.remittanceInformation = x), limits.MAX_SHORT_TEXT_LENGTH],
    ['seller.name', (b, x) => (b.seller.name = x), limits.MAX_SHORT_TEXT_LENGTH],
    ['seller.address', (b, x) => (b.seller.address = x), limits.MAX_ADDRESS_LENGTH],
    ['seller.vatNumber', (b, x) => (b.seller.vatNumber = x), limits.MAX_IDENTIFIER_LENGTH],
    ['seller.electronicAddress', (b, x) => (b.seller.electronicAddress = x), limits.MAX_EMAIL_LENGTH],
    ['seller.email', (b, x) => (b.seller.email = x), limits.MAX_EMAIL_LENGTH],
    ['seller.phone', (b, x) => (b.seller.phone = x), limits.MAX_IDENTIFIER_LENGTH],
    ['seller.contactName', (b, x) => (b.seller.contactName = x), limits.MAX_SHORT_TEXT_LENGTH],
    ['buyer.name', (b, x) => (b.buyer.name = x), limits.MAX_SHORT_TEXT_LENGTH],
    ['buyer.vatNumber', (b, x) => (b.buyer.vatNumber = x), limits.MAX_IDENTIFIER_LENGTH],
    ['buyer.address.line1', (b, x) => (b.buyer.address.line1 = x), limits.MAX_SHORT_TEXT_LENGTH],
    ['buyer.address.line2', (b, x) => (b.buyer.address.line2 = x), limits.MAX_SHORT_TEXT_LENGTH],
    ['buyer.address.line3', (b, x) => (b.buyer.address.line3 = x), limits.MAX_SHORT_TEXT_LENGTH],
    ['buyer.address.postcode', (b, x) => (b.buyer.address.postcode = x), limits.MAX_IDENTIFIER_LENGTH],
    ['buyer.address.city', (b, x) => (b.buyer.address.city = x), limits.MAX_SHORT_TEXT_LENGTH],
    ['buyer.address.subdivision', (b, x) => (b.buyer.address.subdivision = x), limits.MAX_SHORT_TEXT_LENGTH],
    ['buyer.electronicAddress.id', (b, x) => (b.buyer.electronicAddress.id = x), limits.MAX_EMAIL_LENGTH],
    ['items[0].description', (b, x) => (b.items[0].description = x), limits.MAX_ITEM_NAME_LENGTH],
    ['items[0].reference', (b, x) => (b.items[0].reference = x), limits.MAX_IDENTIFIER_LENGTH],
    ['items[0].vatExemptionReason', (b, x) => (b.items[0].vatExemptionReason = x), limits.MAX_LONG_TEXT_LENGTH],
  ];

  it.each(TEXT_FIELDS)('%s: accepted at its limit, refused past it with the path', (path, set, limit) => {
    // Text whose every prefix parses (no trailing space to trim, no form to break).
    expect(() => parseOk(fullWith((b) => set(b, 'x'.repeat(limit))))).not.toThrow();
    const issues = parseFail(fullWith((b) => set(b, 'x'.repeat(limit + 1))));
    expect(issues).toStrictEqual([{ path, message: `must be at most ${limit} characters long (it has ${limit + 1})` }]);
  });

  // Codes and identifiers with a form of their own are bounded as typed too (before spaces are removed).
  it.each([
    ['seller.siret', (b: Body, x: string) => (b.seller.siret = x)],
    ['seller.siren', (b: Body, x: string) => (b.seller.siren = x)],
    ['paymentMeans.iban', (b: Body, x: string) => (b.paymentMeans.iban = x)],
    ['paymentMeans.bic', (b: Body, x: string) => (b.paymentMeans.bic = x)],
    ['buyer.electronicAddress.scheme', (b: Body, x: string) => (b.buyer.electronicAddress.scheme = x)],
    ['items[0].vatExemptionReasonCode', (b: Body, x: string) => (b.items[0].vatExemptionReasonCode = x)],
  ])('%s: refused past the identifier limit, whatever it holds', (path, set) => {
    const issues = parseFail(fullWith((b) => set(b, ' 1'.repeat(50_000))));
    expect(issues).toStrictEqual([{ path, message: `must be at most ${limits.MAX_IDENTIFIER_LENGTH} characters long (it has 100000)` }]);
  });

  it('bounds decimal strings, so no arithmetic runs on 100,000-digit numbers', () => {
    const ok = '1'.repeat(limits.MAX_DECIMAL_LENGTH - 3) + '.25';
    expect(parseOk(minimalWith((b) => (b.items[0].unitPrice = ok))).items[0]!.unitPrice.toFixed(2)).toBe(ok);
    const started = performance.now();
    const issues = parseFail(minimalWith((b) => ((b.items[0].quantity = '9'.repeat(100_000)), (b.items[0].unitPrice = '9'.repeat(100_000)))));
    expect(performance.now() - started).toBeLessThan(500);
    expect(paths(issues)).toStrictEqual(['items[0].quantity', 'items[0].unitPrice']);
    expect(issues[0]!.message).toBe(`must be at most ${limits.MAX_DECIMAL_LENGTH} characters long (it has 100000)`);
  });

  it('bounds the number of notes and of lines', () => {
    expect(parseOk(minimalWith((b) => (b.notes = Array.from({ length: limits.MAX_NOTES }, () => 'n')))).notes).toHaveLength(limits.MAX_NOTES);
    expect(parseFail(minimalWith((b) => (b.notes = Array.from({ length: limits.MAX_NOTES + 1 }, () => 'n'))))).toStrictEqual([
      { path: 'notes', message: `must have at most ${limits.MAX_NOTES} notes (it has ${limits.MAX_NOTES + 1})` },
    ]);
    const line = (loadInputFixture('minimal') as Body).items[0];
    expect(parseOk(minimalWith((b) => (b.items = Array.from({ length: limits.MAX_LINES }, () => line)))).items).toHaveLength(limits.MAX_LINES);
    expect(parseFail(minimalWith((b) => (b.items = Array.from({ length: limits.MAX_LINES + 1 }, () => line))))).toStrictEqual([
      { path: 'items', message: `must have at most ${limits.MAX_LINES} lines (it has ${limits.MAX_LINES + 1})` },
    ]);
  });
});

describe('unknown fields', () => {
  it('are ignored and left out of the parsed value', () => {
    const input = parseOk(
      minimalWith((b) => {
        b.extra = 1;
        b.seller.fax = '01';
        b.items[0].colour = 'red';
      }),
    ) as unknown as Body;
    expect(input.extra).toBeUndefined();
    expect(input.seller.fax).toBeUndefined();
    expect(input.items[0].colour).toBeUndefined();
  });
});

describe('parseInvoiceInput', () => {
  it('reports every problem at once, each with its path', () => {
    const issues = parseFail({ invoiceNumber: '', invoiceDate: 'tomorrow', seller: { address: 'x' }, buyer: { name: 'B', address: 'y' }, items: [{}] });
    expect(paths(issues)).toStrictEqual([
      'invoiceNumber',
      'invoiceDate',
      'seller.name',
      'items[0].description',
      'items[0].quantity',
      'items[0].unitPrice',
      'items[0].vatRate',
    ]);
    for (const issue of issues) expect(issue.message).not.toBe('');
  });

  it('does not change the body it parses', () => {
    const body = loadInputFixture('full');
    const copy = structuredClone(body);
    parseInvoiceInput(body);
    expect(body).toStrictEqual(copy);
  });
});
