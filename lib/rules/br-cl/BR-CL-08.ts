/**
 * BR-CL-08: each invoice note subject code (BT-21) is a UNTDID 4451 code. The
 * official rule checks every `ram:SubjectCode` of the document, line notes
 * (which have no subject term in EN 16931) included.
 */
import { TEXT_SUBJECT_CODES } from '../codelists/index.js';
import { unmodelledCodes } from '../../model/source-facts.js';
import { defineRule } from '../types.js';
import { checkCodes } from './code-checks.js';

export default defineRule({
  id: 'BR-CL-08',
  severity: 'fatal',
  terms: ['BT-21'],
  message: 'An invoice note subject code (BT-21) must be a UNTDID 4451 text subject code.',
  check: (inv, report) =>
    checkCodes(
      inv,
      [...inv.notes.map((note, i) => ({ path: `notes[${i}].subjectCode`, value: note.subjectCode })), ...unmodelledCodes(inv, 'ram:SubjectCode')],
      TEXT_SUBJECT_CODES,
      report,
    ),
});
