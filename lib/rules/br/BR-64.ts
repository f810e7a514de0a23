import { defineRule } from '../types.js';
import { isIdentifierPresent, isPresent } from './support/presence.js';
import { elementPresent } from '../../model/source-facts.js';
import { IndexedPaths } from '../../model/model-path.js';

const LINE_ITEM_STANDARD_ID = new IndexedPaths('lines', 'item.standardId');
const LINE_ITEM_STANDARD_ID_SCHEME = new IndexedPaths('lines', 'item.standardId.scheme');

/**
 * BR-64: an Item standard identifier (BT-157) must have a scheme identifier
 * (BT-157-1). Officially `normalize-space(GlobalID/@schemeID) != '' or
 * not(GlobalID)`: an empty GlobalID element still needs its scheme.
 */
export default defineRule({
  id: 'BR-64',
  severity: 'fatal',
  terms: ['BT-157', 'BT-157-1'],
  message: 'The Item standard identifier (BT-157) has no scheme identifier (BT-157-1).',
  check: (inv, report) => {
    inv.lines.forEach((line, i) => {
      const standardId = line.item.standardId;
      if (elementPresent(inv, LINE_ITEM_STANDARD_ID.at(i), isIdentifierPresent(standardId)) && !isPresent(standardId?.scheme)) report({ path: LINE_ITEM_STANDARD_ID_SCHEME.at(i) });
    });
  },
});
