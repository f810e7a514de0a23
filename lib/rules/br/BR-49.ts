import { defineRule } from '../types.js';
import { paymentMeansCodes } from './support/payment.js';
import { isPresent } from './support/presence.js';
import { sourceFacts } from '../../model/source-facts.js';

/**
 * BR-49: Payment instructions (BG-16) must specify the Payment means type
 * code (BT-81); in CII, every payment means, whose `ram:TypeCode` element the
 * official test asks for (`(ram:TypeCode)`): an empty one is there.
 */
export default defineRule({
  id: 'BR-49',
  severity: 'fatal',
  terms: ['BT-81', 'BG-16'],
  message: 'The Payment means type code (BT-81) is missing.',
  check: (inv, report) => {
    const fromDocument = sourceFacts(inv).paymentMeansCodes !== undefined;
    for (const { code, path } of paymentMeansCodes(inv)) if (fromDocument ? code === undefined : !isPresent(code)) report({ path });
  },
});
