/**
 * The document-level rule families beside EN 16931, run over the element tree
 * of an XML invoice in either syntax: BR-FR (lib/rules/br-fr/, CII and UBL),
 * XRechnung (lib/rules/xrechnung/, CII and UBL) and Peppol BIS Billing
 * (lib/rules/peppol/, UBL only), as lib/rules/rule-sets.ts chooses them.
 * Findings are sorted into errors and warnings; an XRechnung `information`
 * (BR-DE-TMP-32) is reported among the warnings (it never blocks).
 */
import type { SyntaxName } from '../convert/syntax.js';
import type { CiiElement, ElementIndex } from '../cii/reader/tree.js';
import { checkBrFr } from './br-fr/index.js';
import { checkBrFrUbl } from './br-fr/ubl/index.js';
import type { DocumentFinding } from './document/types.js';
import type { RuleSetChoice } from './rule-sets.js';
import type { Finding } from './types.js';
import { checkXRechnungCii, checkXRechnungUbl } from './xrechnung/index.js';
import { checkPeppol } from './peppol/index.js';

/** The findings of the families that ran. */
export interface FamilyFindings {
  errors: Finding[];
  warnings: Finding[];
  /** The XRechnung findings, apart (the KoSIT verdict sorts them with the CEN ones by its levels). */
  xrechnung: { errors: Finding[]; warnings: Finding[] };
}

function sort(findings: readonly DocumentFinding[], into: { errors: Finding[]; warnings: Finding[] }): void {
  for (const f of findings) {
    if (f.severity === 'fatal') into.errors.push(f as Finding);
    else into.warnings.push({ ...f, severity: 'warning' });
  }
}

/**
 * Runs the chosen families (besides EN 16931) over a document. Peppol BIS
 * Billing has no CII rules: the caller refuses `peppol` on CII before this.
 * `index`: what its builder recorded (writeCiiTree with `BR_FR_INDEX_PLAN`),
 * so BR-FR on CII need not walk the tree.
 */
export function checkFamilies(root: CiiElement, syntax: SyntaxName, choice: RuleSetChoice, index?: ElementIndex): FamilyFindings {
  const out: FamilyFindings = { errors: [], warnings: [], xrechnung: { errors: [], warnings: [] } };
  if (choice.brFr) {
    if (syntax === 'cii') out.errors.push(...checkBrFr(root, index));
    else sort(checkBrFrUbl(root), out);
  }
  if (choice.xrechnung) sort(syntax === 'cii' ? checkXRechnungCii(root) : checkXRechnungUbl(root), out.xrechnung);
  if (choice.peppol && syntax === 'ubl') sort(checkPeppol(root), out);
  return out;
}
