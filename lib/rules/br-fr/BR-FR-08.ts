/**
 * BR-FR-08: the business process type (BT-23) is one of the French billing
 * frameworks (`custom:is-valid-billing-mode`, exact value: ` B1` and `b1` fail).
 */
import { P } from './document.js';
import { definePattern } from './types.js';
import { first, steps, stringValue } from './xpath.js';

/** The billing frameworks of XP Z12-012 V1.4 (BT-23). */
export const FR_BILLING_FRAMEWORKS: readonly string[] = 'B1 S1 M1 B2 S2 M2 S3 B4 S4 M4 S5 S6 B7 S7 B8 S8 M8 B9 S9 M9'.split(' ');
const FRAMEWORKS = new Set(FR_BILLING_FRAMEWORKS);
const FRAMEWORK_ID = steps('ram:BusinessProcessSpecifiedDocumentContextParameter/ram:ID');

export default definePattern('BR-FR-08', {
  context: P.CTX,
  asserts: [
    {
      id: 'BR-FR-08_BT-23',
      terms: ['BT-23'],
      message: `The business process type (BT-23) must be one of the French billing frameworks: ${FR_BILLING_FRAMEWORKS.join(' ')}.`,
      test: (el) => {
        const id = first(el, FRAMEWORK_ID);
        return id !== undefined && FRAMEWORKS.has(stringValue(id));
      },
    },
  ],
});
