import { defineRule } from '../types.js';
import { isPresent } from './support/presence.js';
import { IndexedPaths } from '../../model/model-path.js';

const LINE_ID = new IndexedPaths('lines', 'id');

/** BR-21: each Invoice line (BG-25) must have an Invoice line identifier (BT-126). */
export default defineRule({
  id: 'BR-21',
  severity: 'fatal',
  terms: ['BT-126', 'BG-25'],
  message: 'The Invoice line identifier (BT-126) is missing.',
  check: (inv, report) => {
    inv.lines.forEach((line, i) => {
      if (!isPresent(line.id)) report({ path: LINE_ID.at(i) });
    });
  },
});
