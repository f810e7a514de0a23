/**
 * Structure checks made when a PDF is loaded, so that nothing downstream (our
 * walks, pdf-lib, the file we hand out) meets a loop or an unbounded depth.
 *
 * The page tree (ISO 32000-1, 7.7.3) must be a tree:
 * - a Kids entry that points back to an ancestor (or to the node itself), a
 *   node reached twice, or /Parent entries that loop (a page that is its own
 *   parent, two nodes each other's parent) make the file corrupt:
 *   PdfInvalidError, 400 `BAD_REQUEST`, like any other damaged input. Before
 *   this check such files were accepted and handed back still looping
 *   (`qpdf --check`: "Loop detected in /Pages structure").
 * - a legal tree deeper than `pdf-page-tree-depth` (64) or with more than
 *   `pdf-pages` (1,000) pages is past a limit: DocumentTooComplexError, 422.
 *
 * Object nesting (arrays and dictionaries inside one another) deeper than
 * `pdf-nesting-depth` (100) is past a limit too (422); qpdf refuses data
 * nested past 500 levels, and our walks never recurse that far.
 */
import { PDFArray, PDFContext, PDFDict, PDFObject, PDFRawStream, PDFRef } from '@cantoo/pdf-lib';
import { PDF_MAX_NESTING_DEPTH, PDF_MAX_PAGE_TREE_DEPTH, PDF_MAX_PAGES, tooComplex } from '../limits.js';
import { PdfInvalidError } from './errors.js';
import { asDict, getArray, getName, N, resolve } from './objects.js';

function label(ref: PDFRef | undefined): string {
  return ref === undefined ? 'a direct page tree node' : `object ${ref.toString()}`;
}

function loop(message: string): PdfInvalidError {
  return new PdfInvalidError(`The PDF's page tree is not a tree: ${message}.`);
}

/** Throws when following /Parent from `node` comes back to a node already passed. */
function checkParentChain(ctx: PDFContext, node: PDFDict, ref: PDFRef | undefined): void {
  const seen = new Set<PDFDict>([node]);
  let cur: PDFDict | undefined = node;
  // A chain longer than twice the depth limit is no loop we can tell from a long wrong chain; stop there.
  for (let step = 0; step < 2 * PDF_MAX_PAGE_TREE_DEPTH && cur !== undefined; step++) {
    const parent = asDict(resolve(ctx, cur.get(N('Parent'))));
    if (parent === undefined) return;
    if (seen.has(parent)) {
      throw loop(parent === node && step === 0 ? `${label(ref)} is its own /Parent` : `the /Parent entries above ${label(ref)} loop`);
    }
    seen.add(parent);
    cur = parent;
  }
}

/**
 * Walks the page tree from its root and returns the number of pages;
 * throws on loops and past the page-tree limits (see the module comment).
 * Intermediate nodes and pages are told apart as {@link forEachPage} does
 * (Kids and no /Type /Page); dangling kids are skipped as there.
 * @throws PdfInvalidError for a Kids or /Parent loop or a node reached twice
 * @throws DocumentTooComplexError `pdf-page-tree-depth` or `pdf-pages`
 */
export function checkPageTree(ctx: PDFContext, rootRef: PDFObject | undefined): number {
  const onPath = new Set<PDFDict>();
  const visited = new Set<PDFDict>();
  let pages = 0;
  const visit = (node: PDFDict, ref: PDFRef | undefined, lister: PDFDict | undefined, depth: number): void => {
    if (onPath.has(node)) throw loop(`${label(ref)} is listed again below itself (in its own /Kids or a descendant's)`);
    if (visited.has(node)) throw loop(`${label(ref)} appears more than once`);
    if (depth > PDF_MAX_PAGE_TREE_DEPTH) {
      throw tooComplex('pdf-page-tree-depth', `The PDF's page tree is more than ${PDF_MAX_PAGE_TREE_DEPTH} levels deep.`);
    }
    visited.add(node);
    const parent = asDict(resolve(ctx, node.get(N('Parent'))));
    if (parent !== undefined && parent !== lister) checkParentChain(ctx, node, ref);
    const kids = getArray(ctx, node, 'Kids');
    if (kids !== undefined && getName(ctx, node, 'Type') !== 'Page') {
      onPath.add(node);
      for (let i = 0; i < kids.size(); i++) {
        const raw = kids.get(i);
        const kid = asDict(resolve(ctx, raw));
        if (kid !== undefined) visit(kid, raw instanceof PDFRef ? raw : undefined, node, depth + 1);
      }
      onPath.delete(node);
      return;
    }
    pages++;
    if (pages > PDF_MAX_PAGES) throw tooComplex('pdf-pages', `The PDF has more than ${PDF_MAX_PAGES} pages.`);
  };
  const root = asDict(resolve(ctx, rootRef));
  if (root !== undefined) visit(root, rootRef instanceof PDFRef ? rootRef : undefined, undefined, 0);
  return pages;
}

/**
 * Throws when an object of the document nests arrays and dictionaries more
 * than `pdf-nesting-depth` levels deep (a stream's dictionary is level 1).
 * @throws DocumentTooComplexError `pdf-nesting-depth`
 */
export function checkNesting(ctx: PDFContext): void {
  const stack: Array<{ obj: PDFObject; depth: number }> = [];
  for (const [ref, top] of ctx.enumerateIndirectObjects()) {
    stack.push({ obj: top instanceof PDFRawStream ? top.dict : top, depth: 1 });
    while (stack.length > 0) {
      const { obj, depth } = stack.pop()!;
      const children = obj instanceof PDFArray ? obj.asArray() : obj instanceof PDFDict ? obj.values() : undefined;
      if (children === undefined) continue;
      if (depth > PDF_MAX_NESTING_DEPTH) {
        stack.length = 0;
        throw tooComplex('pdf-nesting-depth', `Object ${ref.toString()} of the PDF nests arrays and dictionaries more than ${PDF_MAX_NESTING_DEPTH} levels deep.`);
      }
      for (const child of children) if (child instanceof PDFArray || child instanceof PDFDict) stack.push({ obj: child, depth: depth + 1 });
    }
  }
}
