/**
 * The business terms an element of a CII or UBL document can hold, by its
 * path (lib/convert/trace.ts `DocumentFact.key`): from the CII binding
 * (lib/cii/binding.ts) and the UBL term paths (lib/ubl/term-paths.ts). A
 * conversion names with them the content it reports.
 */
import { CII_GROUPS, CII_TERMS, pathSteps } from '../cii/binding.js';
import { ublTermsAt } from '../ubl/term-paths.js';
import type { SyntaxName } from './syntax.js';

/** An XPath of the binding table as plain element paths: predicates dropped, unions split, `.` steps removed. */
function plainPaths(xpath: string): string[] {
  return xpath.split('|').map((alt) =>
    pathSteps(alt.trim())
      .map((s) => s.replace(/\[.*\]$/, ''))
      .filter((s) => s !== '.' && s !== '')
      .join('/'),
  );
}

const CII_TERMS_BY_PATH: ReadonlyMap<string, readonly string[]> = (() => {
  const contexts = new Map<string, string[]>();
  for (const g of CII_GROUPS) {
    const parents = g.parent === undefined ? [''] : contexts.get(g.parent)!;
    contexts.set(g.id, parents.flatMap((p) => plainPaths(g.context).map((c) => (p === '' ? c : `${p}/${c}`))));
  }
  const map = new Map<string, string[]>();
  for (const t of CII_TERMS) {
    const bases = t.group === undefined ? [''] : contexts.get(t.group)!;
    for (const base of bases) {
      for (const rel of plainPaths(t.path)) {
        const path = [base, rel].filter((s) => s !== '').join('/');
        const ids = map.get(path) ?? [];
        if (!ids.includes(t.id)) map.set(path, [...ids, t.id]);
      }
    }
  }
  return map;
})();

/**
 * The CII binding's alternative places of one term (a union in its path: a
 * party identifier as `ram:ID` or `ram:GlobalID`, BT-84 as `ram:IBANID` or
 * `ram:ProprietaryID`), each mapped to the first: alternative path -> first path.
 */
const CII_ALTERNATIVES: ReadonlyMap<string, string> = (() => {
  const contexts = new Map<string, string>();
  for (const g of CII_GROUPS) {
    const own = plainPaths(g.context)[0]!;
    contexts.set(g.id, g.parent === undefined ? own : `${contexts.get(g.parent)}/${own}`);
  }
  const map = new Map<string, string>();
  for (const t of CII_TERMS) {
    const alternatives = plainPaths(t.path);
    if (alternatives.length < 2) continue;
    const base = t.group === undefined ? '' : `${contexts.get(t.group)}/`;
    for (const alt of alternatives.slice(1)) map.set(`/${base}${alt}`, `/${base}${alternatives[0]}`);
  }
  return map;
})();

/**
 * A document path (trace.ts `DocumentFact.key`) with the CII binding's
 * alternative places of a term (see {@link CII_ALTERNATIVES}) taken as the
 * first, attributes included (`.../ram:GlobalID/@schemeID` ->
 * `.../ram:ID/@schemeID`); other paths, and UBL paths, unchanged. For
 * comparing what two documents carry, not where.
 */
export function canonicalKey(syntax: SyntaxName, key: string): string {
  if (syntax !== 'cii') return key;
  const at = key.indexOf('/@');
  const element = at === -1 ? key : key.slice(0, at);
  const first = CII_ALTERNATIVES.get(element);
  return first === undefined ? key : `${first}${at === -1 ? '' : key.slice(at)}`;
}

/**
 * The terms the element (or attribute) at `key` can hold in a document of
 * `syntax`; `key` is a root-relative element path without positions, with a
 * leading `/` (`/cac:InvoiceLine/cbc:Note`). Empty: no EN 16931 term lives there.
 */
export function termsAt(syntax: SyntaxName, key: string): readonly string[] {
  const path = key.startsWith('/') ? key.slice(1) : key;
  return syntax === 'ubl' ? ublTermsAt(path) : (CII_TERMS_BY_PATH.get(path) ?? []);
}
