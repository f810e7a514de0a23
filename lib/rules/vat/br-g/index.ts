/** The BR-G (export outside the EU, G) VAT-category rules of EN 16931. */
import type { RuleDefinition } from '../../types.js';
import brG01 from './BR-G-01.js';
import brG02 from './BR-G-02.js';
import brG03 from './BR-G-03.js';
import brG04 from './BR-G-04.js';
import brG05 from './BR-G-05.js';
import brG06 from './BR-G-06.js';
import brG07 from './BR-G-07.js';
import brG08 from './BR-G-08.js';
import brG09 from './BR-G-09.js';
import brG10 from './BR-G-10.js';

/** Every implemented rule of the family, in id order. */
export const rules: RuleDefinition[] = [
  brG01,
  brG02,
  brG03,
  brG04,
  brG05,
  brG06,
  brG07,
  brG08,
  brG09,
  brG10,
];
