/**
 * Where the French BR-FR rules of the UBL binding (FNFE-MPE France_RFE
 * 1.4.0.02, `BR-FR-Flux2-Schematron-UBL`; issue 23 point 6) plug into the
 * UBL validation (lib/validate-xml.ts). They are another family, built
 * apart: until it sets `check`, `rules: auto|fr` runs no BR-FR rule on a UBL
 * document and the answer's `ruleSets` says so (only the EN 16931 UBL set is
 * listed).
 *
 * TODO(issue 23, point 6): the BR-FR UBL family sets `brFrOnUbl.check` and
 * `brFrOnUbl.ruleSet` (e.g. `BR-FR 1.4.0.02`) at load time.
 */
import type { CiiElement } from '../cii/reader/tree.js';
import type { Finding } from '../rules/types.js';

/** The BR-FR rule family for UBL documents, when one is plugged in. */
export const brFrOnUbl: {
  /** The BR-FR findings of a UBL document (element tree); absent: BR-FR does not run on UBL. */
  check?: (root: CiiElement) => Finding[];
  /** The rule set label listed in `ruleSets` when it ran. */
  ruleSet?: string;
} = {};
