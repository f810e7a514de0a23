/**
 * The German rules of Peppol BIS Billing 3.0.21 (pattern `german-rules`,
 * DE-R-*): between a German seller and a German buyer (country codes BT-40
 * and BT-55), the XRechnung requirements apply to a Peppol invoice too. Their
 * tests are those of the XRechnung UBL rules (lib/rules/xrechnung/ubl/), so
 * the rules here are those, under the official DE-R ids and the German-parties
 * condition: BR-DE-n is DE-R-0nn, BR-DE-23-a/b DE-R-023-1/2 (likewise 24, 25),
 * BR-TMP-2 DE-R-T02; BR-DE-21 and BR-DE-TMP-32 have no Peppol counterpart.
 */
import type { DocumentAssert, DocumentRule } from '../../document/types.js';
import { definePattern } from '../../document/types.js';
import { EXTERNAL_DOCUMENT, ROOT, VAT_BREAKDOWN } from '../../xrechnung/ubl/BR-DE-document.js';
import { BUYER_ADDRESS, DELIVER_TO_ADDRESS, SELLER_ADDRESS, SELLER_CONTACT, SELLER_PARTY } from '../../xrechnung/ubl/BR-DE-parties.js';
import { CARD_PAYMENT, CREDIT_TRANSFER, DIRECT_DEBIT } from '../../xrechnung/ubl/BR-DE-payment.js';
import { bothGerman } from '../common.js';

/** The Peppol id of an XRechnung id, or undefined when Peppol has no such German rule. */
function peppolId(xr: string): string | undefined {
  if (xr === 'BR-TMP-2') return 'DE-R-T02';
  const m = /^BR-DE-(\d+)(?:-([ab]))?$/.exec(xr);
  if (m === null || xr === 'BR-DE-21') return undefined;
  const n = m[1]!.padStart(3, '0');
  return m[2] === undefined ? `DE-R-${n}` : `DE-R-${n}-${m[2] === 'a' ? '1' : '2'}`;
}

function german(rule: DocumentRule): DocumentRule {
  const asserts = rule.asserts.flatMap((a): DocumentAssert[] => {
    const id = peppolId(a.id);
    return id === undefined ? [] : [{ ...a, id, message: `Between a German seller and a German buyer: ${a.message.charAt(0).toLowerCase()}${a.message.slice(1)}` }];
  });
  const where = rule.where;
  return { context: rule.context, where: (el, doc) => bothGerman(doc) && (where === undefined || where(el, doc)), asserts };
}

/** Pattern `german-rules`: DE-R-001, DE-R-015, DE-R-016, DE-R-017, DE-R-018, DE-R-022, DE-R-026, DE-R-030, DE-R-031, DE-R-T02, DE-R-002, DE-R-003, DE-R-004, DE-R-005, DE-R-006, DE-R-007, DE-R-027, DE-R-028, DE-R-008, DE-R-009, DE-R-010, DE-R-011, DE-R-019, DE-R-023-1, DE-R-023-2, DE-R-024-1, DE-R-024-2, DE-R-020, DE-R-025-1, DE-R-025-2, DE-R-014 (BG-16, BT-10, BT-31, BT-32, BG-11, BT-95). */
export const GERMAN_RULES = definePattern(
  'german-rules',
  ...[ROOT, EXTERNAL_DOCUMENT, SELLER_PARTY, SELLER_ADDRESS, SELLER_CONTACT, BUYER_ADDRESS, DELIVER_TO_ADDRESS, CREDIT_TRANSFER, CARD_PAYMENT, DIRECT_DEBIT, VAT_BREAKDOWN].map(german),
);
