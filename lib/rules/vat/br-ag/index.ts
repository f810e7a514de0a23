/** The BR-AG (IPSI, M) VAT-category rules of EN 16931. */
import type { RuleDefinition } from '../../types.js';
import brAG01 from './BR-AG-01.js';
import brAG02 from './BR-AG-02.js';
import brAG03 from './BR-AG-03.js';
import brAG04 from './BR-AG-04.js';
import brAG05 from './BR-AG-05.js';
import brAG06 from './BR-AG-06.js';
import brAG07 from './BR-AG-07.js';
import brAG10 from './BR-AG-10.js';

/** Every implemented rule of the family, in id order. */
export const rules: RuleDefinition[] = [
  brAG01,
  brAG02,
  brAG03,
  brAG04,
  brAG05,
  brAG06,
  brAG07,
  brAG10,
];
