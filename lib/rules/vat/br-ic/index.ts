/** The BR-IC (intra-community supply, K) VAT-category rules of EN 16931. */
import type { RuleDefinition } from '../../types.js';
import brIC01 from './BR-IC-01.js';
import brIC02 from './BR-IC-02.js';
import brIC03 from './BR-IC-03.js';
import brIC04 from './BR-IC-04.js';
import brIC05 from './BR-IC-05.js';
import brIC06 from './BR-IC-06.js';
import brIC07 from './BR-IC-07.js';
import brIC08 from './BR-IC-08.js';
import brIC09 from './BR-IC-09.js';
import brIC10 from './BR-IC-10.js';
import brIC11 from './BR-IC-11.js';
import brIC12 from './BR-IC-12.js';

/** Every implemented rule of the family, in id order. */
export const rules: RuleDefinition[] = [
  brIC01,
  brIC02,
  brIC03,
  brIC04,
  brIC05,
  brIC06,
  brIC07,
  brIC08,
  brIC09,
  brIC10,
  brIC11,
  brIC12,
];
