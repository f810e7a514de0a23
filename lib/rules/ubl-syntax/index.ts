/**
 * The EN 16931 UBL syntax binding rules (UBL-CR-nnn, UBL-SR-nn, UBL-DT-nn).
 */
import type { CiiElement } from '../../cii/reader/tree.js';
import type { Finding } from '../types.js';

/** Checks a UBL document against the EN 16931 UBL syntax rules. */
export function checkUblSyntax(_root: CiiElement): Finding[] {
  return [];
}
