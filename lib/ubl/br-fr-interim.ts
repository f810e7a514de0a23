/**
 * BR-FR on the UBL we write, until the French rule family of the UBL binding
 * is plugged into ./br-fr-hook.ts (issue 23, point 6). `rules: auto` must
 * still mean BR-FR for a French seller when we write UBL (the JSON input, a
 * conversion, v1 with `syntax: ubl`): meanwhile the CII BR-FR rules
 * (lib/rules/br-fr) judge the CII form of the same model, which carries the
 * same terms. Their findings keep rule id and message; their CII locations
 * are dropped, being no place in the UBL document. Once `brFrOnUbl.check` is
 * set, the UBL validation runs the real family and this adds nothing.
 */
import { writeCiiTree } from '../cii/writer.js';
import type { Invoice } from '../model/invoice.js';
import { BR_FR_RULE_SET, checkBrFr } from '../rules/br-fr/index.js';
import { runsBrFr, type RuleSelection } from '../rules/rule-sets.js';
import type { Finding } from '../rules/types.js';
import type { XmlValidationResult } from '../validate-xml.js';
import { brFrOnUbl } from './br-fr-hook.js';

/**
 * The verdict of lib/validate-xml.ts on a UBL document we wrote from `inv`,
 * with the interim BR-FR findings when the rules select BR-FR and no UBL
 * family is plugged in (see the module comment); other verdicts unchanged.
 */
export function withInterimBrFr(result: XmlValidationResult, inv: Invoice, rules: RuleSelection | undefined): XmlValidationResult {
  if (result.syntax === 'CII' || brFrOnUbl.check !== undefined || !runsBrFr(rules, inv.seller.address.countryCode)) return result;
  const findings: Finding[] = checkBrFr(writeCiiTree(inv).tree).map(({ location: _cii, ...f }) => ({ ...f, path: '' }));
  const errors = [...result.errors, ...findings];
  return { ...result, errors, valid: result.valid && findings.length === 0, ruleSets: [...result.ruleSets, BR_FR_RULE_SET] };
}
