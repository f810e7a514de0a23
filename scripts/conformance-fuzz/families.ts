/**
 * The rule families beside EN 16931 in the differential tester
 * (`--rules xrechnung|peppol|fr`): our family findings on a mutant next to the
 * official ones (`en16931-check --xr`: xr_fatal / xr_warning; `--peppol`:
 * peppol_fatal / peppol_warning; `--fr`: fr_fatal), in the Verdict terms of
 * ./compare.ts. Only the family's ids are compared (XRechnung's information
 * level apart): the EN 16931 rules and the XSD are the default campaign's.
 */
import { toElementTree } from '../../lib/cii/reader/tree.js';
import { checkBrFr } from '../../lib/rules/br-fr/index.js';
import { checkBrFrUbl } from '../../lib/rules/br-fr/ubl/index.js';
import type { DocumentFinding } from '../../lib/rules/document/types.js';
import { isUblTree } from '../../lib/rules/document/ubl-view.js';
import { checkPeppol } from '../../lib/rules/peppol/index.js';
import { checkXRechnungCii, checkXRechnungUbl } from '../../lib/rules/xrechnung/index.js';
import { withXmlDocument } from '../../lib/xml/parse.js';
import type { Verdict } from './compare.js';
import type { OracleVerdict } from './oracle.js';

/** A family the tester can compare. */
export type Family = 'xrechnung' | 'peppol' | 'fr';

/** The en16931-check flag of each family. */
export const FAMILY_FLAGS: Readonly<Record<Family, string>> = { xrechnung: '--xr', peppol: '--peppol', fr: '--fr' };

const ids = (fs: readonly { rule: string; severity: string }[], severity: string) => [...new Set(fs.filter((f) => f.severity === severity).map((f) => f.rule))].sort();

/** Our family verdict on `xml` (the family's ids by flag; xsdValid is not judged here and set true). */
export function ourFamilyVerdict(xml: string | Uint8Array, family: Family): Verdict {
  try {
    const root = withXmlDocument(xml, (doc) => toElementTree(doc));
    const ubl = isUblTree(root);
    if (!ubl && root.name !== 'rsm:CrossIndustryInvoice') return { xsdValid: true, fatal: [], warning: [], refused: `not CII or UBL: ${root.name}` };
    if (family === 'peppol' && !ubl) return { xsdValid: true, fatal: [], warning: [], refused: 'Peppol BIS Billing is UBL only' };
    const findings: ReadonlyArray<{ rule: string; severity: string }> =
      family === 'xrechnung' ? (ubl ? checkXRechnungUbl(root) : checkXRechnungCii(root)) : family === 'peppol' ? checkPeppol(root) : ubl ? checkBrFrUbl(root) : (checkBrFr(root) as DocumentFinding[]);
    return { xsdValid: true, fatal: ids(findings, 'fatal'), warning: ids(findings, 'warning') };
  } catch (err) {
    return { xsdValid: true, fatal: [], warning: [], refused: `${(err as Error).constructor.name}: ${(err as Error).message}` };
  }
}

/** The official family verdict in the same terms. */
export function officialFamilyVerdict(v: OracleVerdict, family: Family): Verdict {
  const r = v as OracleVerdict & Record<string, unknown>;
  const prefix = family === 'xrechnung' ? 'xr' : family;
  const fatal = r[`${prefix}_fatal`] as string[] | null | undefined;
  const warning = r[`${prefix}_warning`] as string[] | null | undefined;
  const out: Verdict = { xsdValid: true, fatal: [...(fatal ?? [])].sort(), warning: [...(warning ?? [])].sort() };
  const aborted = r[`${prefix}_sch_error`] as string | undefined;
  if (aborted !== undefined) out.refused = `official ${family} XSLT aborted: ${aborted}`;
  else if (fatal === null || fatal === undefined) out.refused = `official: no ${family} verdict (${String(r[`${prefix}_note`] ?? v.note ?? 'not applicable')})`;
  return out;
}
