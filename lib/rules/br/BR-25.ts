import { defineRule } from '../types.js';
import { isPresent } from './support/presence.js';
import { IndexedPaths } from '../../model/model-path.js';

const LINE_ITEM_NAME = new IndexedPaths('lines', 'item.name');

/** BR-25: each Invoice line (BG-25) must contain the Item name (BT-153). */
export default defineRule({
  id: 'BR-25',
  severity: 'fatal',
  terms: ['BT-153', 'BG-25'],
  message: 'The Item name (BT-153) is missing.',
  check: (inv, report) => {
    inv.lines.forEach((line, i) => {
      if (!isPresent(line.item?.name)) report({ path: LINE_ITEM_NAME.at(i) });
    });
  },
});
