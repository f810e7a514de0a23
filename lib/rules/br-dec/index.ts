/**
 * The BR-DEC (decimal places) rules of EN 16931, CEN validation artefacts 1.3.16, in id order.
 */
import BR_DEC_01 from './BR-DEC-01.js';
import BR_DEC_02 from './BR-DEC-02.js';
import BR_DEC_05 from './BR-DEC-05.js';
import BR_DEC_06 from './BR-DEC-06.js';
import BR_DEC_09 from './BR-DEC-09.js';
import BR_DEC_10 from './BR-DEC-10.js';
import BR_DEC_11 from './BR-DEC-11.js';
import BR_DEC_12 from './BR-DEC-12.js';
import BR_DEC_13 from './BR-DEC-13.js';
import BR_DEC_14 from './BR-DEC-14.js';
import BR_DEC_15 from './BR-DEC-15.js';
import BR_DEC_16 from './BR-DEC-16.js';
import BR_DEC_17 from './BR-DEC-17.js';
import BR_DEC_18 from './BR-DEC-18.js';
import BR_DEC_19 from './BR-DEC-19.js';
import BR_DEC_20 from './BR-DEC-20.js';
import BR_DEC_23 from './BR-DEC-23.js';
import BR_DEC_24 from './BR-DEC-24.js';
import BR_DEC_25 from './BR-DEC-25.js';
import BR_DEC_27 from './BR-DEC-27.js';
import BR_DEC_28 from './BR-DEC-28.js';
import type { RuleDefinition } from '../types.js';

/** Every implemented BR-DEC rule, in id order (see ./not-implemented.ts for the rest of the catalogue). */
export const rules: RuleDefinition[] = [
  BR_DEC_01,
  BR_DEC_02,
  BR_DEC_05,
  BR_DEC_06,
  BR_DEC_09,
  BR_DEC_10,
  BR_DEC_11,
  BR_DEC_12,
  BR_DEC_13,
  BR_DEC_14,
  BR_DEC_15,
  BR_DEC_16,
  BR_DEC_17,
  BR_DEC_18,
  BR_DEC_19,
  BR_DEC_20,
  BR_DEC_23,
  BR_DEC_24,
  BR_DEC_25,
  BR_DEC_27,
  BR_DEC_28,
];

export { notImplemented } from './not-implemented.js';
