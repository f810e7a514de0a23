/** The BR-S (standard rated, S) VAT-category rules of EN 16931. */
import type { RuleDefinition } from '../../types.js';
import brS01 from './BR-S-01.js';
import brS02 from './BR-S-02.js';
import brS03 from './BR-S-03.js';
import brS04 from './BR-S-04.js';
import brS05 from './BR-S-05.js';
import brS06 from './BR-S-06.js';
import brS07 from './BR-S-07.js';
import brS08 from './BR-S-08.js';
import brS09 from './BR-S-09.js';
import brS10 from './BR-S-10.js';

/** Every implemented rule of the family, in id order. */
export const rules: RuleDefinition[] = [
  brS01,
  brS02,
  brS03,
  brS04,
  brS05,
  brS06,
  brS07,
  brS08,
  brS09,
  brS10,
];
