/**
 * BR-CL-06: the value added tax point date code (BT-8) is one of the CII
 * codes 5, 29, 72 (UNTDID 2005 / 2475 restriction). Officially every
 * `ram:DueDateTypeCode` is checked: the ones of later VAT breakdowns and of
 * line taxes, which the model does not keep, too.
 */
import { TAX_POINT_DATE_CODES } from '../codelists/index.js';
import { unmodelledCodes } from '../../model/source-facts.js';
import { defineRule } from '../types.js';
import { checkCodes } from './code-checks.js';

export default defineRule({
  id: 'BR-CL-06',
  severity: 'fatal',
  terms: ['BT-8'],
  message: 'The value added tax point date code (BT-8) must be 5 (invoice date), 29 (delivery date) or 72 (paid to date).',
  check: (inv, report) => checkCodes(inv, [{ path: 'taxPointDateCode', value: inv.taxPointDateCode }, ...unmodelledCodes(inv, 'ram:DueDateTypeCode')], TAX_POINT_DATE_CODES, report),
});
