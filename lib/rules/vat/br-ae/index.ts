/** The BR-AE (VAT reverse charge, AE) VAT-category rules of EN 16931. */
import type { RuleDefinition } from '../../types.js';
import brAE01 from './BR-AE-01.js';
import brAE02 from './BR-AE-02.js';
import brAE03 from './BR-AE-03.js';
import brAE04 from './BR-AE-04.js';
import brAE05 from './BR-AE-05.js';
import brAE06 from './BR-AE-06.js';
import brAE07 from './BR-AE-07.js';
import brAE08 from './BR-AE-08.js';
import brAE09 from './BR-AE-09.js';
import brAE10 from './BR-AE-10.js';

/** Every implemented rule of the family, in id order. */
export const rules: RuleDefinition[] = [
  brAE01,
  brAE02,
  brAE03,
  brAE04,
  brAE05,
  brAE06,
  brAE07,
  brAE08,
  brAE09,
  brAE10,
];
