/**
 * The BR-nn (core business rules) rules of EN 16931, CEN validation artefacts 1.3.16, in id order.
 */
import BR_01 from './BR-01.js';
import BR_02 from './BR-02.js';
import BR_03 from './BR-03.js';
import BR_04 from './BR-04.js';
import BR_05 from './BR-05.js';
import BR_06 from './BR-06.js';
import BR_07 from './BR-07.js';
import BR_08 from './BR-08.js';
import BR_09 from './BR-09.js';
import BR_10 from './BR-10.js';
import BR_11 from './BR-11.js';
import BR_12 from './BR-12.js';
import BR_13 from './BR-13.js';
import BR_14 from './BR-14.js';
import BR_15 from './BR-15.js';
import BR_16 from './BR-16.js';
import BR_17 from './BR-17.js';
import BR_18 from './BR-18.js';
import BR_19 from './BR-19.js';
import BR_20 from './BR-20.js';
import BR_21 from './BR-21.js';
import BR_22 from './BR-22.js';
import BR_23 from './BR-23.js';
import BR_24 from './BR-24.js';
import BR_25 from './BR-25.js';
import BR_26 from './BR-26.js';
import BR_27 from './BR-27.js';
import BR_28 from './BR-28.js';
import BR_29 from './BR-29.js';
import BR_30 from './BR-30.js';
import BR_31 from './BR-31.js';
import BR_32 from './BR-32.js';
import BR_33 from './BR-33.js';
import BR_36 from './BR-36.js';
import BR_37 from './BR-37.js';
import BR_38 from './BR-38.js';
import BR_41 from './BR-41.js';
import BR_42 from './BR-42.js';
import BR_43 from './BR-43.js';
import BR_44 from './BR-44.js';
import BR_45 from './BR-45.js';
import BR_46 from './BR-46.js';
import BR_47 from './BR-47.js';
import BR_48 from './BR-48.js';
import BR_49 from './BR-49.js';
import BR_50 from './BR-50.js';
import BR_51 from './BR-51.js';
import BR_52 from './BR-52.js';
import BR_53 from './BR-53.js';
import BR_54 from './BR-54.js';
import BR_55 from './BR-55.js';
import BR_56 from './BR-56.js';
import BR_57 from './BR-57.js';
import BR_61 from './BR-61.js';
import BR_62 from './BR-62.js';
import BR_63 from './BR-63.js';
import BR_64 from './BR-64.js';
import BR_65 from './BR-65.js';
import type { RuleDefinition } from '../types.js';

/** Every implemented BR rule, in id order (see ./not-implemented.ts for the rest of the catalogue). */
export const rules: RuleDefinition[] = [
  BR_01,
  BR_02,
  BR_03,
  BR_04,
  BR_05,
  BR_06,
  BR_07,
  BR_08,
  BR_09,
  BR_10,
  BR_11,
  BR_12,
  BR_13,
  BR_14,
  BR_15,
  BR_16,
  BR_17,
  BR_18,
  BR_19,
  BR_20,
  BR_21,
  BR_22,
  BR_23,
  BR_24,
  BR_25,
  BR_26,
  BR_27,
  BR_28,
  BR_29,
  BR_30,
  BR_31,
  BR_32,
  BR_33,
  BR_36,
  BR_37,
  BR_38,
  BR_41,
  BR_42,
  BR_43,
  BR_44,
  BR_45,
  BR_46,
  BR_47,
  BR_48,
  BR_49,
  BR_50,
  BR_51,
  BR_52,
  BR_53,
  BR_54,
  BR_55,
  BR_56,
  BR_57,
  BR_61,
  BR_62,
  BR_63,
  BR_64,
  BR_65,
];

export { notImplemented } from './not-implemented.js';
