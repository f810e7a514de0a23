/**
 * Invoices laid out by hand the way online services, shops, marketplaces, hotels, telecoms, freelancers and small
 * firms across Europe print them (issue 25: layouts the synthetic generator was not written for): a cloud provider's
 * "Bill to Address:" beside an "Invoice Summary" heading, a marketplace's "Sold By:" or "Verkauft von", a hotel's
 * "Guest Name" and CGST / SGST rows, a card-payment receipt that prints only the amount paid, a telecom bill whose
 * issuer is named only in a logo word and its footer, an auto-entrepreneur without VAT, a Danish letterhead on the
 * right, a Belgian bilingual invoice, a row of labels led by the due date, a multi-page German invoice with carried
 * subtotals, "FROM" / "TO" and "BILL FROM" / "BILL TO" templates, an Italian B2C invoice without currency sign.
 * Files 35 to 116 were written before the extractor was run on them (2026-11-30), after the printed layouts of hosting
 * providers, telecoms, marketplaces, app stores, shops, hotels, garages, lawyers and tradesmen across Europe, in 23
 * languages and 11 currencies (one file drawn word by word, as word processors place text). Fields right at their first
 * run, counted after setting aside what was the file's own mistake (an expectation against a rule of the extractor:
 * a French legal form returned apart, a credit note's amounts given positive, a salutation dropped, an app store's
 * document number being its invoice number; or a layout that overlapped a label with its value where no real
 * document would): 35-46 91 / 96, 47-55 70 / 72, 56-64 68 / 70, 65-71 49 / 56, 72-78 54 / 56, 79-84 43 / 48, 85-89
 * 39 / 40, 90-94 37 / 40, 95-99 39 / 40, 108-113 45 / 46, 114-116 23 / 23; of 100-107 (Slovak, Slovenian, Croatian, Lithuanian,
 * Estonian, Latvian, Greek, Bulgarian), file 100 had 5 of 8 fields right, 101 (Slovenian) and 106 (Greek) were
 * refused as holding no invoice data, 105 was right, and the runner had stopped before reading the others. The fixes
 * they showed are in docs/EXTRACTION.md. Amounts compare by value.
 *
 * Each file of test/fixtures/extract/hand-laid holds, on its first line, `#` and the fields expected as printed, then one
 * positioned text per line: `x y size[b] text` (points from the top left of an A4 page; `b` for bold; a text starting
 * with `~` is drawn word by word), `---page` for a new page. The test draws them into a text PDF with a standard font
 * (DejaVu Sans, embedded, where WinAnsi lacks a character) and reads it with the local extractor. The companies and
 * numbers are made up. These layouts were written while fixing what they showed: a regression suite, not
 * a measure of accuracy (the held-out part of `npm run accuracy` is that).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import fontkit from '@cantoo/fontkit';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalExtractor } from '../../lib/extract/local/index.js';
import type { ExtractedInvoice } from '../../lib/extract/port.js';
import { dec } from '../../lib/model/decimal.js';

const DIR = join(import.meta.dirname, '..', 'fixtures', 'extract', 'hand-laid');
const FILES = readdirSync(DIR).filter((f) => f.endsWith('.txt')).sort();

/** The fields compared by value. */
const AMOUNTS = new Set(['ttc', 'ht', 'vat']);

/** The fields a file may expect, as the extractor returns them. */
const FIELDS: Record<string, (x: ExtractedInvoice) => string | undefined> = {
  number: (x) => x.invoiceNumber?.value,
  date: (x) => x.invoiceDate?.value,
  seller: (x) => x.seller.name?.value,
  buyer: (x) => x.buyer.name?.value,
  ttc: (x) => x.totals.totalTTC?.value,
  ht: (x) => x.totals.totalHT?.value,
  vat: (x) => x.totals.totalVAT?.value,
  currency: (x) => x.currency?.value,
};

/** Characters the standard fonts' WinAnsi encoding has beyond Latin-1. */
const WIN_ANSI_EXTRA = new Set([...'€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ']);
const DEJAVU = join(import.meta.dirname, '..', '..', 'node_modules', 'dejavu-fonts-ttf', 'ttf');

async function render(lines: string[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  // Helvetica where WinAnsi has every character; else (Polish, Czech) DejaVu Sans, embedded.
  const unicode = lines.some((l) => [...l].some((ch) => ch.charCodeAt(0) > 0xff && !WIN_ANSI_EXTRA.has(ch)));
  if (unicode) pdf.registerFontkit(fontkit);
  const regular = unicode ? await pdf.embedFont(readFileSync(join(DEJAVU, 'DejaVuSans.ttf')), { subset: true }) : await pdf.embedFont(StandardFonts.Helvetica);
  const bold = unicode ? await pdf.embedFont(readFileSync(join(DEJAVU, 'DejaVuSans-Bold.ttf')), { subset: true }) : await pdf.embedFont(StandardFonts.HelveticaBold);
  let page = pdf.addPage([595, 842]);
  for (const line of lines) {
    if (line.trim() === '') continue;
    if (line.trim() === '---page') {
      page = pdf.addPage([595, 842]);
      continue;
    }
    const m = /^(\d+)\s+(\d+)\s+(\d+)(b?)\s(.*)$/.exec(line);
    if (!m) throw new Error(`not a positioned text: ${line}`);
    const font = m[4] === 'b' ? bold : regular;
    const size = Number(m[3]);
    const y = 842 - Number(m[2]);
    if (!m[5]!.startsWith('~')) {
      page.drawText(m[5]!, { x: Number(m[1]), y, size, font });
      continue;
    }
    // `~`: each word drawn on its own, a space's width apart, as word processors and some report engines place them.
    let x = Number(m[1]);
    for (const word of m[5]!.slice(1).split(' ')) {
      page.drawText(word, { x, y, size, font });
      x += font.widthOfTextAtSize(`${word} `, size);
    }
  }
  return pdf.save();
}

const extractor = createLocalExtractor({ pdftoppm: false });
afterAll(async () => extractor.dispose());

describe('hand-laid layouts of real-world invoices (text PDFs)', () => {
  it('the corpus is there', () => {
    expect(FILES.length).toBeGreaterThanOrEqual(26);
  });

  it.each(FILES)('%s', async (file) => {
    const [head, ...body] = readFileSync(join(DIR, file), 'utf8').split('\n');
    const expected = JSON.parse(head!.replace(/^#/, '')) as Record<string, string>;
    const got = await extractor.extract({ bytes: await render(body), mimeType: 'application/pdf', fileName: file.replace(/\.txt$/, '.pdf') });
    // Amounts by value, as the accuracy scoring compares them (`100000` and `100000.00` are one amount).
    const read = Object.fromEntries(
      Object.keys(expected).map((k) => {
        const value = FIELDS[k]!(got);
        const sameAmount = AMOUNTS.has(k) && value !== undefined && dec(value).eq(dec(expected[k]!));
        return [k, sameAmount ? expected[k] : value];
      }),
    );
    expect(read).toEqual(expected);
  });
});
