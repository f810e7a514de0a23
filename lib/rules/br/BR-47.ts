import { defineRule } from '../types.js';
import { elementPresent } from '../../model/source-facts.js';
import { isPresent } from './support/presence.js';
import { isVatBreakdown } from '../../model/source-facts.js';
import { childPath, itemPath } from '../../model/model-path.js';

/**
 * BR-47: each VAT breakdown (BG-23) must have a VAT category code (BT-118).
 * As in the official CII test (`.[upper-case(ram:TypeCode) = 'VAT']/ram:CategoryCode`),
 * the code of a tax read from CII with a TypeCode other than VAT does not count.
 */
export default defineRule({
  id: 'BR-47',
  severity: 'fatal',
  terms: ['BT-118', 'BG-23'],
  message: 'The VAT category code (BT-118) of a VAT breakdown is missing.',
  check: (inv, report) => {
    inv.vatBreakdown.forEach((breakdown, i) => {
      // The element is what counts (an empty code is BR-CL-18's business).
      if (!elementPresent(inv, childPath(itemPath('vatBreakdown', i), 'category'), isPresent(breakdown.category)) || !isVatBreakdown(inv, breakdown)) report({ path: childPath(itemPath('vatBreakdown', i), 'category') });
    });
  },
});
