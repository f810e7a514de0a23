/**
 * Our verdict on a CII document next to the official one, in the terms the
 * conformance tests compare: the CII D16B XSD verdict, the set of fatal
 * official ids and the set of official warnings (our own checks left out).
 */
import { NotEn16931CiiError } from '../../lib/cii/detect.js';
import { validateInvoiceXml } from '../../lib/validate-xml.js';
import type { OracleVerdict } from './oracle.js';

/** Our ids that are not official (left out of every comparison). */
export const OUR_IDS = /^(VAT-CHECKSUM|FR-SIREN-CHECKSUM|FR-SIRET-CHECKSUM|FR-SIRET-BUYER|FX-PROFILE-XSD)$/;

/** A verdict reduced to what is compared. */
export interface Verdict {
  xsdValid: boolean;
  fatal: string[];
  warning: string[];
  /** Why there is no rule verdict: the document is not CII D16B, is not well-formed, or the official XSLT aborted. */
  refused?: string;
}

const sorted = (ids: Iterable<string>): string[] => [...new Set(ids)].sort();

/**
 * Our verdict on `xml` (lib/validate-xml.ts with the XSDs of `schemaDir`), with the EN 16931 rules only: the
 * official verdict it is compared with is the CEN validator's (the French BR-FR rules have their own corpus tests).
 */
export function ourVerdict(xml: string | Uint8Array, schemaDir: string): Verdict {
  try {
    // The CLI's size limit (64 MB), not the API's 6 MB payload cap: a mutant of the 3.2 MB corpus file with its attachment
    // duplicated is past the cap, which would be a refusal of the transport, not a rule verdict.
    const r = validateInvoiceXml(xml, { schemaDir, rules: 'en16931', maxBytes: 64 * 1024 * 1024 });
    return {
      xsdValid: r.xsd.valid === true,
      fatal: sorted(r.errors.map((f) => f.rule)),
      warning: sorted(r.warnings.map((f) => f.rule).filter((id) => !OUR_IDS.test(id))),
    };
  } catch (err) {
    const name = err instanceof NotEn16931CiiError ? 'not-cii' : (err as Error).constructor.name;
    return { xsdValid: false, fatal: [], warning: [], refused: `${name}: ${(err as Error).message}` };
  }
}

/** The official verdict in the same terms. */
export function officialVerdict(v: OracleVerdict): Verdict {
  const out: Verdict = { xsdValid: v.xsd === 'ok', fatal: sorted(v.fatal ?? []), warning: sorted(v.warning ?? []) };
  if (v.sch_error !== undefined) out.refused = `official XSLT aborted: ${v.sch_error}`;
  else if (v.note !== undefined) out.refused = `official: ${v.note}`;
  return out;
}

/** The differences between two verdicts, one line each; empty when they agree. */
export function differences(ours: Verdict, official: Verdict): string[] {
  const out: string[] = [];
  if (ours.xsdValid !== official.xsdValid) out.push(`xsd: ours ${ours.xsdValid ? 'valid' : 'invalid'}, official ${official.xsdValid ? 'valid' : 'invalid'}`);
  const diffSet = (what: string, a: string[], b: string[]): void => {
    const onlyOurs = a.filter((x) => !b.includes(x));
    const onlyOfficial = b.filter((x) => !a.includes(x));
    if (onlyOurs.length + onlyOfficial.length > 0) out.push(`${what}: only ours [${onlyOurs.join(' ')}], only official [${onlyOfficial.join(' ')}]`);
  };
  diffSet('fatal', ours.fatal, official.fatal);
  diffSet('warning', ours.warning, official.warning);
  return out;
}
