/** The BR-O (not subject to VAT, O) VAT-category rules of EN 16931. */
import type { RuleDefinition } from '../../types.js';
import brO01 from './BR-O-01.js';
import brO02 from './BR-O-02.js';
import brO03 from './BR-O-03.js';
import brO04 from './BR-O-04.js';
import brO05 from './BR-O-05.js';
import brO06 from './BR-O-06.js';
import brO07 from './BR-O-07.js';
import brO08 from './BR-O-08.js';
import brO09 from './BR-O-09.js';
import brO10 from './BR-O-10.js';
import brO11 from './BR-O-11.js';
import brO12 from './BR-O-12.js';
import brO13 from './BR-O-13.js';
import brO14 from './BR-O-14.js';

/** Every implemented rule of the family, in id order. */
export const rules: RuleDefinition[] = [
  brO01,
  brO02,
  brO03,
  brO04,
  brO05,
  brO06,
  brO07,
  brO08,
  brO09,
  brO10,
  brO11,
  brO12,
  brO13,
  brO14,
];
