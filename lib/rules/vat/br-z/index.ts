/** The BR-Z (zero rated, Z) VAT-category rules of EN 16931. */
import type { RuleDefinition } from '../../types.js';
import brZ01 from './BR-Z-01.js';
import brZ02 from './BR-Z-02.js';
import brZ03 from './BR-Z-03.js';
import brZ04 from './BR-Z-04.js';
import brZ05 from './BR-Z-05.js';
import brZ06 from './BR-Z-06.js';
import brZ07 from './BR-Z-07.js';
import brZ08 from './BR-Z-08.js';
import brZ09 from './BR-Z-09.js';
import brZ10 from './BR-Z-10.js';

/** Every implemented rule of the family, in id order. */
export const rules: RuleDefinition[] = [
  brZ01,
  brZ02,
  brZ03,
  brZ04,
  brZ05,
  brZ06,
  brZ07,
  brZ08,
  brZ09,
  brZ10,
];
