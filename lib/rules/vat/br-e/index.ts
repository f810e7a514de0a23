/** The BR-E (exempt from VAT, E) VAT-category rules of EN 16931. */
import type { RuleDefinition } from '../../types.js';
import brE01 from './BR-E-01.js';
import brE02 from './BR-E-02.js';
import brE03 from './BR-E-03.js';
import brE04 from './BR-E-04.js';
import brE05 from './BR-E-05.js';
import brE06 from './BR-E-06.js';
import brE07 from './BR-E-07.js';
import brE08 from './BR-E-08.js';
import brE09 from './BR-E-09.js';
import brE10 from './BR-E-10.js';

/** Every implemented rule of the family, in id order. */
export const rules: RuleDefinition[] = [
  brE01,
  brE02,
  brE03,
  brE04,
  brE05,
  brE06,
  brE07,
  brE08,
  brE09,
  brE10,
];
