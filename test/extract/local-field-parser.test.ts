import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ExtractionError } from '../../lib/errors.js';
import { assertUsable, documentFromPlainText, parseInvoice } from '../../lib/extract/field-parser/index.js';
import type { Extracted, ExtractedInvoice } from '../../lib/extract/port.js';
import { dec } from '../../lib/model/decimal.js';

const DIR = join(import.meta.dirname, '..', 'fixtures', 'extract', 'text');
const fixtures = readdirSync(DIR)
  .filter((f) => f.endsWith('.txt'))
  .sort();

interface Expected {
  lines?: Array<Record<string, string>>;
  vatBreakdown?: Array<{ rate: string; base?: string; amount?: string }>;
  checksOk?: string[];
  [field: string]: unknown;
}

function parseFixture(name: string, transform: (text: string) => string = (t) => t): ExtractedInvoice {
  const text = transform(readFileSync(join(DIR, name), 'utf8'));
  return parseInvoice(documentFromPlainText(text), { method: 'pdf-text' });
}

function field(invoice: ExtractedInvoice, path: string): Extracted<string> | undefined {
  return path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], invoice) as Extracted<string> | undefined;
}

const AMOUNT = /^-?\d+(\.\d+)?$/;
/** Amounts compare as decimals (`290` = `290.00`), everything else as text. */
function same(got: string | undefined, expected: string): boolean {
  if (got === undefined) return false;
  return AMOUNT.test(expected) && AMOUNT.test(got) ? dec(got).eq(dec(expected)) : got === expected;
}

function allConfidences(value: unknown, out: number[] = []): number[] {
  if (value && typeof value === 'object') {
    if ('confidence' in value && typeof (value as { confidence: unknown }).confidence === 'number') out.push((value as { confidence: number }).confidence);
    for (const v of Object.values(value)) allConfidences(v, out);
  }
  return out;
}

describe('field parser on invoices in French, German and English (test/fixtures/extract/text)', () => {
  expect(fixtures.length).toBeGreaterThanOrEqual(8);

  describe.each(fixtures)('%s', (name) => {
    const expected = JSON.parse(readFileSync(join(DIR, name.replace(/\.txt$/, '.expected.json')), 'utf8')) as Expected;
    const invoice = parseFixture(name);

    const scalar = Object.entries(expected).filter(([k]) => !['lines', 'vatBreakdown', 'checksOk'].includes(k)) as Array<[string, string]>;
    it.each(scalar)('%s = %s', (path, value) => {
      expect(field(invoice, path)?.value, path).toSatisfy((got: string | undefined) => same(got, value));
    });

    it('reads the lines table', () => {
      if (!expected.lines) return;
      expect(invoice.lines).toHaveLength(expected.lines.length);
      expected.lines.forEach((line, k) => {
        for (const [key, value] of Object.entries(line)) {
          const got = (invoice.lines[k] as unknown as Record<string, Extracted<string> | undefined>)[key]?.value;
          expect(got, `lines[${k}].${key}`).toSatisfy((g: string | undefined) => same(g, value));
        }
      });
    });

    it('reads the VAT breakdown', () => {
      if (!expected.vatBreakdown) return;
      const got = invoice.vatBreakdown.map((r) => ({ rate: r.rate.value, base: r.base?.value, amount: r.amount?.value }));
      expect(got).toHaveLength(expected.vatBreakdown.length);
      expected.vatBreakdown.forEach((row, k) => {
        expect(same(got[k]!.rate, row.rate), `vatBreakdown[${k}].rate`).toBe(true);
        if (row.base) expect(same(got[k]!.base, row.base), `vatBreakdown[${k}].base`).toBe(true);
        if (row.amount) expect(same(got[k]!.amount, row.amount), `vatBreakdown[${k}].amount`).toBe(true);
      });
    });

    it('records the cross-checks that hold', () => {
      for (const name of expected.checksOk ?? []) expect(invoice.checks.find((c) => c.name === name)?.ok, name).toBe(true);
      expect(invoice.checks.every((c) => c.ok), JSON.stringify(invoice.checks.filter((c) => !c.ok))).toBe(true);
    });

    it('gives every value a confidence in 0..1 and a source', () => {
      const confidences = allConfidences(invoice);
      expect(confidences.length).toBeGreaterThan(5);
      for (const c of confidences) expect(c >= 0 && c <= 1).toBe(true);
      expect(invoice.invoiceNumber?.source).toMatch(/^page 1, line \d+$/);
    });
  });
});

describe('cross-checks move confidences', () => {
  it('lowers the totals when they do not add up, and says so', () => {
    const good = parseFixture('fr-artisan.txt');
    const bad = parseFixture('fr-artisan.txt', (t) => t.replace('818,64 €', '818,46 €'));
    expect(bad.totals.totalTTC?.value).toBe('818.46');
    expect(bad.checks.find((c) => c.name === 'total-without-vat-plus-vat')?.ok).toBe(false);
    expect(bad.totals.totalTTC!.confidence).toBeLessThan(good.totals.totalTTC!.confidence);
    expect(bad.totals.totalHT!.confidence).toBeLessThan(good.totals.totalHT!.confidence);
    expect(bad.notes.join(' ')).toMatch(/do not add up/);
  });

  it('lowers a line whose quantity x price is not its net amount', () => {
    const good = parseFixture('fr-artisan.txt');
    const bad = parseFixture('fr-artisan.txt', (t) => t.replace('5      24,50 €', '6      24,50 €'));
    const check = bad.checks.find((c) => c.name === 'line-2-quantity-x-price');
    expect(check?.ok).toBe(false);
    expect(bad.lines[1]!.netAmount!.confidence).toBeLessThan(good.lines[1]!.netAmount!.confidence);
  });

  it('prefers the totals that satisfy BT-112 = BT-109 + BT-110 over a stronger but inconsistent label', () => {
    // A second, wrong "Total" printed above the real totals must not win.
    const invoice = parseFixture('en-uk.txt', (t) => t.replace('Description', 'Total 999.99\nDescription'));
    expect(invoice.totals.totalTTC?.value).toBe('1500.00');
    expect(invoice.checks.find((c) => c.name === 'total-without-vat-plus-vat')?.ok).toBe(true);
  });
});

describe('credit notes', () => {
  it('gives a credit note printed with negative amounts positive amounts and type 381', () => {
    const invoice = parseFixture('fr-avoir.txt');
    expect(invoice.documentType?.value).toBe('381');
    for (const e of [invoice.totals.totalHT, invoice.totals.totalVAT, invoice.totals.totalTTC]) expect(dec(e!.value).isPositive()).toBe(true);
    expect(invoice.notes.join(' ')).toMatch(/credit note/i);
  });
});

describe('assertUsable', () => {
  it('throws ExtractionError listing what is missing when neither a number nor a total is found', () => {
    const invoice = parseInvoice(documentFromPlainText('Bonjour,\nveuillez trouver ci-joint nos tarifs 2026.\nCordialement'), { method: 'word' });
    let error: unknown;
    try {
      assertUsable(invoice);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ExtractionError);
    const paths = ((error as ExtractionError).details ?? []).map((d) => (d as { path: string }).path);
    expect(paths).toEqual(expect.arrayContaining(['invoiceNumber', 'totals.totalTTC']));
  });

  it('accepts a document with an invoice number only', () => {
    const invoice = parseInvoice(documentFromPlainText('Rechnung Nr. 2026-17\nDatum: 01.02.2026'), { method: 'word' });
    expect(() => assertUsable(invoice)).not.toThrow();
  });
});

describe('header fields on short snippets', () => {
  const parse = (text: string): ExtractedInvoice => parseInvoice(documentFromPlainText(text), { method: 'word' });

  it.each([
    ['Invoice: NOV-2026-01\nDate: 3 Nov 2026', 'NOV-2026-01'],
    ['                FACTURE\n                N° : 42-A\n                Date : 01/02/2026', '42-A'],
    ['Kundennummer: 55123\nRechnung Nr. 777 vom 01.02.2026', '777'],
    ['Rechnungsnummer\n2026-0815', '2026-0815'],
    ['Handelsrechnung (380) Nr. 471102 vom 05.03.2018', '471102'],
    ['Gutschrift (Selbst ausgestellte Rechnung) (389) Nr. 47110818\nvom 31.10.2018', '47110818'],
  ])('%j -> invoice number %s', (text, number) => {
    expect(parse(text).invoiceNumber?.value).toBe(number);
  });

  it.each([
    ['Rechnung Nr. 42 vom 05.03.2018\nLieferdatum: 01.03.2018', '2018-03-05'],
    ['Lieferdatum: 01.03.2018\nRechnungsdatum: 05.03.2018', '2018-03-05'],
    ['Invoice # 7\nDelivery date: 2026-01-02\nDate: 2026-01-05', '2026-01-05'],
    ['Facture n° 9 du 12 novembre 2026', '2026-11-12'],
  ])('%j -> issue date %s', (text, iso) => {
    expect(parse(text).invoiceDate?.value).toBe(iso);
  });

  it.each([
    ['Handelsrechnung (380) Nr. 1', '380'],
    ['Rechnungskorrektur (384) Nr. 1', '384'],
    ['AVOIR N° AV-1', '381'],
    ['Credit note no. CN-1', '381'],
    ["Facture d'acompte n° A-1", '386'],
    ['Invoice no. 1', '380'],
  ])('%j -> document type %s', (text, code) => {
    expect(parse(text).documentType?.value).toBe(code);
  });
});
