/** The BR-B (split payment, B) VAT-category rules of EN 16931. */
import type { RuleDefinition } from '../../types.js';
import brB01 from './BR-B-01.js';
import brB02 from './BR-B-02.js';

/** Every implemented rule of the family, in id order. */
export const rules: RuleDefinition[] = [
  brB01,
  brB02,
];
