/**
 * BR-CO rules of the CEN 1.3.16 catalogue that we deliberately do not check,
 * each with the reason.
 */
import type { NotImplementedRule } from '../br/not-implemented.js';

const SAME_TYPE_REASON =
  'The CEN 1.3.16 CII binding asserts true(): no list maps free-text reasons to UNTDID 5189/7161 codes, so the official ' +
  'validator never raises it; any check of ours would reject invoices the official validator accepts.';

/** BR-CO-05..08 (reason text and reason code of allowances and charges indicate the same type: BT-97/98, BT-104/105, BT-139/140, BT-144/145). */
export const notImplemented: NotImplementedRule[] = [
  { id: 'BR-CO-05', reason: `BT-97 vs BT-98: ${SAME_TYPE_REASON}` },
  { id: 'BR-CO-06', reason: `BT-104 vs BT-105: ${SAME_TYPE_REASON}` },
  { id: 'BR-CO-07', reason: `BT-139 vs BT-140: ${SAME_TYPE_REASON}` },
  { id: 'BR-CO-08', reason: `BT-144 vs BT-145: ${SAME_TYPE_REASON}` },
];
