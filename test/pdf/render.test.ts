import { beforeAll, describe, expect, it } from 'vitest';
import { writeCii } from '../../lib/cii/writer.js';
import { dec } from '../../lib/model/decimal.js';
import type { Invoice, InvoiceLine } from '../../lib/model/invoice.js';
import { checkFacturXPdf } from '../../lib/pdf/check.js';
import { embedFacturX } from '../../lib/pdf/embed.js';
import { extractInvoiceXml } from '../../lib/pdf/extract.js';
import { formatAmount } from '../../lib/pdf/render/format.js';
import { renderInvoicePdf } from '../../lib/pdf/render/render.js';
import { fullInvoice } from '../fixtures/cii/full-invoice.js';
import { validInvoice, validLine } from '../fixtures/model.js';
import { NOW } from './helpers.js';
import { normalizeSpaces, pdffonts, pdfinfo, pdfinfoMeta, pdftotext, pdfWords, qpdfCheck } from './tools.js';

/** An invoice of `n` lines whose totals add up (2 x 50.00 at 20 % each). */
function invoiceWithLines(n: number, line: (i: number) => InvoiceLine = (i) => validLine(String(i + 1))): Invoice {
  const inv = validInvoice();
  inv.lines = Array.from({ length: n }, (_, i) => line(i));
  const net = dec(100 * n);
  const vat = dec(20 * n);
  inv.totals = { lineNetTotal: net, taxExclusiveAmount: net, vatTotal: vat, taxInclusiveAmount: net.plus(vat), amountDue: net.plus(vat) };
  inv.vatBreakdown = [{ taxableAmount: net, taxAmount: vat, category: 'S', rate: dec('20') }];
  return inv;
}

/** Checks that no word is drawn outside the page's margins box (36 pt slack around our 42 pt margins). */
function expectInsidePages(pdf: Uint8Array): void {
  const words = pdfWords(pdf);
  expect(words.length).toBeGreaterThan(0);
  for (const w of words) {
    expect(w.xMin).toBeGreaterThanOrEqual(36);
    expect(w.xMax).toBeLessThanOrEqual(w.pageWidth - 36);
    expect(w.yMin).toBeGreaterThanOrEqual(30);
    expect(w.yMax).toBeLessThanOrEqual(w.pageHeight - 20);
  }
}

describe('renderInvoicePdf, one line', () => {
  let pdf: Uint8Array;
  let xml: string;
  const inv = validInvoice();

  beforeAll(async () => {
    xml = writeCii(inv);
    pdf = await renderInvoicePdf(inv, { xml, now: NOW });
  });

  it('is a checker-clean Factur-X PDF/A-3 carrying the XML', async () => {
    expect((await checkFacturXPdf(pdf)).problems).toEqual([]);
    expect(qpdfCheck(pdf).code).toBe(0);
    const back = await extractInvoiceXml(pdf);
    expect(Buffer.from(back!.xml).toString('utf8')).toBe(xml);
    expect(pdfinfoMeta(pdf)).toContain('<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>');
  });

  it('prints the number, parties, identifiers, the line and the totals as formatted in French', () => {
    const text = normalizeSpaces(pdftotext(pdf));
    for (const s of ['FACTURE', 'F-2026-001', 'Atelier Dupont SARL', 'Boulangerie Martin', 'FR44732829320', 'SIREN 732829320', 'Consulting', '02/11/2026', '02/12/2026', 'Net à payer']) {
      expect(text).toContain(s);
    }
    expect(text).toContain(normalizeSpaces(formatAmount(inv.totals.amountDue!, 'EUR', 'fr')));
    expect(text).toContain('120,00 €');
    expect(text).toContain('page 1 / 1');
  });

  it('embeds its fonts (subset DejaVu Sans) and sets Info from the invoice', () => {
    const fonts = pdffonts(pdf);
    expect(fonts.length).toBeGreaterThan(0);
    expect(fonts.every((f) => f.embedded && f.name.includes('DejaVuSans'))).toBe(true);
    const info = pdfinfo(pdf);
    expect(info['Title']).toBe('Facture F-2026-001');
    expect(info['Author']).toBe('Atelier Dupont SARL');
    expect(info['Page size']).toContain('A4');
  });

  it('is deterministic for the same invoice and clock', async () => {
    const again = await renderInvoicePdf(inv, { xml, now: NOW });
    expect(Buffer.from(again).equals(Buffer.from(pdf))).toBe(true);
  });

  it('without XML is a PDF/A-3b file whose only gaps are the Factur-X parts', async () => {
    const plain = await renderInvoicePdf(inv, { now: NOW });
    const codes = new Set((await checkFacturXPdf(plain)).problems.map((p) => p.code));
    expect([...codes].sort()).toEqual(['FX_EXTENSION_SCHEMA', 'FX_PROPERTY', 'INVOICE_ATTACHMENT']);
    expect(pdfinfoMeta(plain)).toContain('<pdfaid:part>3</pdfaid:part>');
    // Being PDF/A-3 already, it only needs the XML attached.
    const embedded = await embedFacturX(plain, xml, { now: NOW });
    expect(embedded.method).toBe('attach');
    expect((await checkFacturXPdf(embedded.pdf)).problems).toEqual([]);
  });
});

describe('renderInvoicePdf, 120 lines over several pages', () => {
  let pdf: Uint8Array;
  const inv = invoiceWithLines(120, (i) => ({ ...validLine(String(i + 1)), item: { name: `Article ${i + 1}`, classifications: [], attributes: [] } }));

  beforeAll(async () => {
    pdf = await renderInvoicePdf(inv, { xml: writeCii(inv), lang: 'en', now: NOW });
  });

  it('repeats the table header and numbers the pages "page n / N"', () => {
    const pages = Number(pdfinfo(pdf)['Pages']);
    expect(pages).toBeGreaterThan(2);
    for (let p = 1; p <= pages; p++) {
      const text = normalizeSpaces(pdftotext(pdf, { first: p, last: p }));
      expect(text).toContain(`page ${p} / ${pages}`);
      if (p < pages) expect(text).toMatch(/Description Qty Unit Unit price VAT Net amount|No\. Description/);
      if (p > 1) expect(text).toContain('F-2026-001');
    }
    expect(normalizeSpaces(pdftotext(pdf, { first: 2, last: 2 }))).toContain(`page 2 / ${pages}`);
  });

  it('prints every line once and the grand total', () => {
    const text = normalizeSpaces(pdftotext(pdf));
    for (let i = 1; i <= 120; i++) expect(text.match(new RegExp(`Article ${i}(?!\\d)`, 'g'))).toHaveLength(1);
    expect(text).toContain('€14,400.00');
    expect(text).toContain('Amount due');
  });

  it('draws nothing outside the page margins and passes the checker', async () => {
    expectInsidePages(pdf);
    expect((await checkFacturXPdf(pdf)).problems).toEqual([]);
  });
});

describe('renderInvoicePdf with long texts and many scripts', () => {
  it('wraps long descriptions, splits a row taller than a page, and never overflows', async () => {
    const inv = invoiceWithLines(3, (i) => ({
      ...validLine(String(i + 1)),
      note: i === 1 ? 'Détail des travaux réalisés sur site. '.repeat(260) : undefined,
      item: {
        name: i === 0 ? 'X'.repeat(400) : `Ligne ${i + 1}`,
        description: 'Description très longue qui doit passer à la ligne plusieurs fois sans jamais sortir de la colonne prévue. '.repeat(3),
        classifications: [],
        attributes: [],
      },
    }));
    inv.number = 'LONG-2026-1';
    inv.notes = [{ text: 'Une note de bas de facture, longue, '.repeat(80) }];
    const pdf = await renderInvoicePdf(inv, { xml: writeCii(inv), now: NOW });
    expect(Number(pdfinfo(pdf)['Pages'])).toBeGreaterThan(2);
    expectInsidePages(pdf);
    const text = normalizeSpaces(pdftotext(pdf));
    expect(text).toContain('LONG-2026-1');
    expect(text).toContain('360,00 €');
    expect((await checkFacturXPdf(pdf)).problems).toEqual([]);
  });

  it('prints accents, the euro sign, Greek and Cyrillic as written, and replaces what the font lacks', async () => {
    const inv = invoiceWithLines(2, (i) => ({
      ...validLine(String(i + 1)),
      item: {
        name: i === 0 ? 'Œuvre façonnée à Noël – crème brûlée ÀÉÎÕÜ ß æ ø å' : 'Ελληνικά προϊόντα · Русские товары · Čeština ľúbozvučná',
        classifications: [],
        attributes: [],
      },
    }));
    inv.seller.name = 'Société Générale d’Études Ünïcødé';
    inv.buyer.name = 'Müller & Søn – 株式会社';
    const pdf = await renderInvoicePdf(inv, { xml: writeCii(inv), now: NOW });
    // Wrapping may put any of these across lines: compare without white space.
    const squash = (t: string): string => t.normalize('NFC').replace(/\s+/g, '');
    const text = squash(pdftotext(pdf));
    for (const s of ['Œuvre façonnée à Noël – crème brûlée ÀÉÎÕÜ ß æ ø å', 'Ελληνικά προϊόντα', 'Русские товары', 'Čeština ľúbozvučná', 'Société Générale d’Études Ünïcødé']) {
      expect(text).toContain(squash(s));
    }
    expect(text).toContain(squash('Müller & Søn – \ufffd\ufffd\ufffd\ufffd'));
    expect(text).toContain(squash('240,00 €'));
    expect((await checkFacturXPdf(pdf)).problems).toEqual([]);
    expect(pdffonts(pdf).every((f) => f.embedded)).toBe(true);
  });
});

describe('renderInvoicePdf of the full invoice', () => {
  let text: { fr: string; en: string; de: string };

  beforeAll(async () => {
    const inv = fullInvoice();
    const render = async (lang: 'fr' | 'en' | 'de'): Promise<string> => normalizeSpaces(pdftotext(await renderInvoicePdf(inv, { lang, now: NOW })));
    text = { fr: await render('fr'), en: await render('en'), de: await render('de') };
  });

  it('prints references, periods, parties, payment details, notes and documents', () => {
    const t = text.fr;
    for (const s of [
      'BUYER-REF-7', // BT-10
      'PO-88412', // BT-13
      'CT-2025-009', // BT-12
      'PRJ-2026-11', // BT-11
      'SO-5521', // BT-14
      'F-2026-017 du 30/09/2026', // BT-25/26
      '01/10/2026 – 31/10/2026', // BG-14
      'Factor Finance SA', // BG-10
      'Représentation Fiscale SARL', // BG-11
      '14 rue Mercière', // BG-15
      'FR76 3000 6000 0112 3456 7890 189', // BT-84 grouped
      'AGRIFRPP', // BT-86
      'MANDATE-2026-7', // BT-89
      'Payable within 30 days', // BT-20
      'Thank you for your order.', // BT-22
      'TIMESHEET-10', // BT-122
      'VATEX-EU-132', // BT-121
      'Exonération de TVA, article 261 du CGI', // BT-120
      'Volume discount (95)', // BT-139/140
      'Packing (ABL)', // BT-144/145
      'Loyalty discount (95)', // BT-97/98
      'SIREN 732829320', // BT-30, ICD 0002
      'GLN 5790000436057', // BT-46, ICD 0088
    ]) {
      expect(t).toContain(s);
    }
  });

  it('prints the totals in each language with its number format', () => {
    expect(text.fr).toContain('Net à payer 746,00 €');
    expect(text.fr).toContain('Total TTC 846,00 €');
    expect(text.fr).toContain('-100,00 €');
    expect(text.en).toContain('Amount due €746.00');
    expect(text.en).toContain('Total incl. VAT €846.00');
    expect(text.de).toContain('Zahlbetrag 746,00 €');
    expect(text.de).toContain('Gesamt brutto 846,00 €');
    expect(text.de).toContain('Seite 1 / ');
    expect(text.en).toContain('£104.06');
  });

  it('names the document by its type code', async () => {
    const inv = validInvoice();
    inv.typeCode = '381';
    expect(pdftotext(await renderInvoicePdf(inv, { now: NOW }))).toContain('AVOIR');
    expect(pdftotext(await renderInvoicePdf(inv, { lang: 'en', now: NOW }))).toContain('CREDIT NOTE');
    expect(pdftotext(await renderInvoicePdf(inv, { lang: 'de', now: NOW }))).toContain('GUTSCHRIFT');
  });
});

describe('renderInvoicePdf language from the seller country', () => {
  const cases: Array<[string, string | undefined, string]> = [
    ['FR', '75002', 'Net à payer'],
    ['BE', '1000', 'Net à payer'],
    ['DE', '10115', 'Zahlbetrag'],
    ['AT', '1010', 'Zahlbetrag'],
    ['CH', '1201', 'Net à payer'],
    ['CH', '8001', 'Zahlbetrag'],
    ['IT', '00100', 'Amount due'],
  ];
  it.each(cases)('%s %s -> %s', async (country, postcode, label) => {
    const inv = validInvoice();
    inv.seller.address = { ...inv.seller.address, countryCode: country, postcode };
    expect(normalizeSpaces(pdftotext(await renderInvoicePdf(inv, { now: NOW })))).toContain(label);
  });

  it('refuses an XML that is not a Factur-X invoice', async () => {
    await expect(renderInvoicePdf(validInvoice(), { xml: '<a/>' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});
