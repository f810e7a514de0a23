/**
 * What a re-rendering must not change (issue 17): the text every page shows
 * and the links it carries. Form fields are flattened into the page content
 * before the re-rendering (their values were only in widget appearances, which
 * Ghostscript may drop), and the text of every page, read with pdf.js, is
 * compared with the input's: any difference, and any link target lost, means
 * the re-rendered file is not handed out.
 */
import { PDFDict, PDFDocument } from '@cantoo/pdf-lib';
import { rethrowLimit } from '../limits.js';
import { asDict, get, getArray, getDict, getName, getText, items, N, resolve } from './objects.js';

/**
 * Draws the appearance of every form field into its page and removes the
 * form (pdf-lib's flatten, existing appearances kept), so the values stay
 * visible whatever becomes of annotations. Returns false, leaving the
 * document as it is, when there is no field or the form cannot be flattened.
 */
export function flattenFormFields(doc: PDFDocument): boolean {
  const form = getDict(doc.context, doc.catalog, 'AcroForm');
  if (items(doc.context, getArray(doc.context, form, 'Fields')).length === 0) return false;
  try {
    doc.getForm().flatten({ updateFieldAppearances: false });
    return true;
  } catch (err) {
    rethrowLimit(err);
    return false;
  }
}

/** The text each page shows, white space removed and compatibility forms folded (ligatures), in page order. */
export async function readPageTexts(pdf: Uint8Array): Promise<string[]> {
  const { openPdf } = await import('../extract/local/pdf-text.js');
  const doc = await openPdf(pdf);
  try {
    const pages: string[] = [];
    for (let i = 1; i <= doc.numPages; i++) {
      const content = await (await doc.getPage(i)).getTextContent();
      const text = content.items.map((it) => ('str' in it ? it.str : '')).join('');
      pages.push(text.normalize('NFKC').replace(/\s+/g, ''));
    }
    return pages;
  } finally {
    await doc.loadingTask.destroy();
  }
}

/** The link targets (URI, or the destination as written) of each page's Link annotations. */
export function readPageLinks(doc: PDFDocument): string[][] {
  const ctx = doc.context;
  return doc.getPages().map((page) =>
    items(ctx, getArray(ctx, page.node as PDFDict, 'Annots'))
      .map(asDict)
      .filter((a): a is PDFDict => a !== undefined && getName(ctx, a, 'Subtype') === 'Link')
      .map((a) => {
        const action = getDict(ctx, a, 'A');
        const uri = getText(ctx, action, 'URI');
        if (uri !== undefined) return `URI ${uri}`;
        const dest = resolve(ctx, a.get(N('Dest'))) ?? get(ctx, action, 'D');
        return dest === undefined ? 'link' : 'destination';
      }),
  );
}

/** The first characters where two texts part, for a message. */
function difference(before: string, after: string): string {
  let i = 0;
  while (i < before.length && before[i] === after[i]) i++;
  const show = (s: string) => (i >= s.length ? 'nothing' : `"${s.slice(i, i + 40)}${s.length > i + 40 ? '…' : ''}"`);
  return `${show(before)} became ${show(after)}`;
}

/** Why a re-rendering may not be handed out: each page whose text or links changed; empty when none did. */
export function renderingChanges(before: { texts: string[]; links: string[][] }, after: { texts: string[]; links: string[][] }): string[] {
  const reasons: string[] = [];
  before.texts.forEach((text, i) => {
    const now = after.texts[i] ?? '';
    if (now !== text) reasons.push(`page ${i + 1}: the text changed (${difference(text, now)})`);
  });
  before.links.forEach((links, i) => {
    const left = [...(after.links[i] ?? [])];
    const lost = links.filter((l) => {
      const at = left.indexOf(l);
      if (at < 0) return true;
      left.splice(at, 1);
      return false;
    });
    if (lost.length > 0) reasons.push(`page ${i + 1}: ${lost.length} link${lost.length > 1 ? 's' : ''} lost (${lost.join(', ')})`);
  });
  return reasons;
}
