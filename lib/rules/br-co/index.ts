/**
 * The BR-CO (calculation and conditional rules) rules of EN 16931, CEN validation artefacts 1.3.16, in id order.
 */
import BR_CO_03 from './BR-CO-03.js';
import BR_CO_04 from './BR-CO-04.js';
import BR_CO_09 from './BR-CO-09.js';
import BR_CO_10 from './BR-CO-10.js';
import BR_CO_11 from './BR-CO-11.js';
import BR_CO_12 from './BR-CO-12.js';
import BR_CO_13 from './BR-CO-13.js';
import BR_CO_14 from './BR-CO-14.js';
import BR_CO_15 from './BR-CO-15.js';
import BR_CO_16 from './BR-CO-16.js';
import BR_CO_17 from './BR-CO-17.js';
import BR_CO_18 from './BR-CO-18.js';
import BR_CO_19 from './BR-CO-19.js';
import BR_CO_20 from './BR-CO-20.js';
import BR_CO_21 from './BR-CO-21.js';
import BR_CO_22 from './BR-CO-22.js';
import BR_CO_23 from './BR-CO-23.js';
import BR_CO_24 from './BR-CO-24.js';
import BR_CO_26 from './BR-CO-26.js';
import type { RuleDefinition } from '../types.js';

/** Every implemented BR-CO rule, in id order (see ./not-implemented.ts for the rest of the catalogue). */
export const rules: RuleDefinition[] = [
  BR_CO_03,
  BR_CO_04,
  BR_CO_09,
  BR_CO_10,
  BR_CO_11,
  BR_CO_12,
  BR_CO_13,
  BR_CO_14,
  BR_CO_15,
  BR_CO_16,
  BR_CO_17,
  BR_CO_18,
  BR_CO_19,
  BR_CO_20,
  BR_CO_21,
  BR_CO_22,
  BR_CO_23,
  BR_CO_24,
  BR_CO_26,
];

export { notImplemented } from './not-implemented.js';
