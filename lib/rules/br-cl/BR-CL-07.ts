/**
 * BR-CL-07: the scheme of the invoiced object identifier (BT-18-1) and of each
 * line object identifier (BT-128-1) is a UNTDID 1153 code. The official rule
 * checks every `ram:ReferenceTypeCode` of the document, so for a document the
 * ones the model keeps no term for are checked too (a second line
 * AdditionalReferencedDocument, a second code).
 */
import { REFERENCE_QUALIFIER_CODES } from '../codelists/index.js';
import { unmodelledCodes } from '../../model/source-facts.js';
import { defineRule } from '../types.js';
import { checkCodes } from './code-checks.js';

export default defineRule({
  id: 'BR-CL-07',
  severity: 'fatal',
  terms: ['BT-18-1', 'BT-128-1'],
  message: 'The scheme of an object identifier (BT-18-1, BT-128-1) must be a UNTDID 1153 reference qualifier.',
  check: (inv, report) =>
    checkCodes(
      inv,
      [
        { path: 'invoicedObjectIdentifier.scheme', value: inv.invoicedObjectIdentifier?.scheme },
        ...inv.lines.map((line, i) => ({ path: `lines[${i}].objectIdentifier.scheme`, value: line.objectIdentifier?.scheme })),
        ...unmodelledCodes(inv, 'ram:ReferenceTypeCode'),
      ],
      REFERENCE_QUALIFIER_CODES,
      report,
    ),
});
