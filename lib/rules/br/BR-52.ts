import { defineRule } from '../types.js';
import { isPresent } from './support/presence.js';
import { sourceFacts } from '../../model/source-facts.js';
import { childPath, itemPath } from '../../model/model-path.js';

/**
 * BR-52: each Additional supporting document (BG-24) must have a Supporting
 * document reference (BT-122). The official test runs on every
 * `AdditionalReferencedDocument`, so for a document the line-level ones
 * without `IssuerAssignedID` are reported too (source facts).
 */
export default defineRule({
  id: 'BR-52',
  severity: 'fatal',
  terms: ['BT-122', 'BG-24'],
  message: 'The Supporting document reference (BT-122) is missing.',
  check: (inv, report) => {
    inv.supportingDocuments.forEach((doc, i) => {
      if (!isPresent(doc.reference)) report({ path: childPath(itemPath('supportingDocuments', i), 'reference') });
    });
    for (const path of sourceFacts(inv).unreferencedLineDocuments ?? []) report({ path });
  },
});
