import { defineRule } from '../types.js';
import { paymentMeansCodes } from './support/payment.js';
import { isPresent } from './support/presence.js';

/** BR-49: Payment instructions (BG-16) must specify the Payment means type code (BT-81); in CII, every payment means. */
export default defineRule({
  id: 'BR-49',
  severity: 'fatal',
  terms: ['BT-81', 'BG-16'],
  message: 'The Payment means type code (BT-81) is missing.',
  check: (inv, report) => {
    for (const { code, path } of paymentMeansCodes(inv)) if (!isPresent(code)) report({ path });
  },
});
