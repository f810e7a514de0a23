/** The BR-AF (IGIC, L) VAT-category rules of EN 16931. */
import type { RuleDefinition } from '../../types.js';
import brAF01 from './BR-AF-01.js';
import brAF02 from './BR-AF-02.js';
import brAF03 from './BR-AF-03.js';
import brAF04 from './BR-AF-04.js';
import brAF05 from './BR-AF-05.js';
import brAF06 from './BR-AF-06.js';
import brAF07 from './BR-AF-07.js';
import brAF10 from './BR-AF-10.js';

/** Every implemented rule of the family, in id order. */
export const rules: RuleDefinition[] = [
  brAF01,
  brAF02,
  brAF03,
  brAF04,
  brAF05,
  brAF06,
  brAF07,
  brAF10,
];
