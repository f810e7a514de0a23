/**
 * BR-FR-05: the three legal mentions are notes (BT-22) with subject codes
 * (BT-21) PMT (fixed recovery indemnity), PMD (late-payment penalties) and AAB
 * (early-payment discount). BR-FR-06: at most one note per subject PMT, PMD,
 * AAB and TXD. Subject codes compare exactly (`pmt` is not `PMT`).
 */
import type { CiiElement } from '../../cii/reader/tree.js';
import { P } from './document.js';
import { definePattern, type BrFrAssert } from './types.js';
import { kidEq } from './xpath.js';

const WHAT: Record<string, string> = {
  PMT: 'the fixed indemnity for recovery costs',
  PMD: 'the late-payment penalties',
  AAB: 'the conditions of discount for early payment',
  TXD: 'the tax note',
};

/** Notes of the document whose subject code (BT-21) is `subject`. */
export function notesWithSubject(doc: CiiElement, subject: string): number {
  let n = 0;
  const children = doc.children;
  for (let i = 0; i < children.length; i++) if (children[i]!.name === 'ram:IncludedNote' && kidEq(children[i], 'ram:SubjectCode', subject)) n++;
  return n;
}

const present = (subject: string): BrFrAssert => ({
  id: `BR-FR-05_BT-22_${subject}`,
  terms: ['BT-21', 'BT-22'],
  message: `A note (BT-22) with subject code ${subject} (BT-21) stating ${WHAT[subject]} is required.`,
  test: (el) => notesWithSubject(el, subject) > 0,
});

const unique = (subject: string): BrFrAssert => ({
  id: `BR-FR-06_BT-21_${subject}`,
  terms: ['BT-21'],
  message: `At most one note may have the subject code ${subject} (BT-21).`,
  test: (el) => notesWithSubject(el, subject) <= 1,
});

export const BR_FR_05 = definePattern('BR-FR-05', { context: P.DOC, asserts: ['PMT', 'PMD', 'AAB'].map(present) });
export const BR_FR_06 = definePattern('BR-FR-06', { context: P.DOC, asserts: ['PMT', 'PMD', 'AAB', 'TXD'].map(unique) });
