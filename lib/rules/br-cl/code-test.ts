/**
 * The token test every BR-CL code-list rule of the CEN artefacts makes, in
 * both syntaxes (release 1.3.16, `EN16931-CII-codes.sch` and
 * `EN16931-UBL-codes.sch`): `not(contains(normalize-space(V), ' ')) and
 * contains(' list ', concat(' ', normalize-space(V), ' '))` over the element
 * text or one of its attributes; BR-CL-22 upper-cases the value first,
 * BR-CL-24 compares the MIME code exactly.
 */
import { normalizeSpace } from '../syntax/xpath-values.js';

/** The BR-CL ids decided on the document itself (lib/rules/br-cl/document.ts for CII, ubl-document.ts for UBL). */
export const CODE_LIST_RULES: ReadonlySet<string> = new Set([
  'BR-CL-01', 'BR-CL-03', 'BR-CL-04', 'BR-CL-05', 'BR-CL-06', 'BR-CL-07', 'BR-CL-08', 'BR-CL-10', 'BR-CL-11', 'BR-CL-13', 'BR-CL-14',
  'BR-CL-15', 'BR-CL-16', 'BR-CL-17', 'BR-CL-18', 'BR-CL-19', 'BR-CL-20', 'BR-CL-21', 'BR-CL-22', 'BR-CL-23', 'BR-CL-24', 'BR-CL-25', 'BR-CL-26',
]);

/** One rule's test: its list, the attribute holding the code (else the element text), and how it compares. */
export interface CodeTest {
  rule: string;
  list: ReadonlySet<string>;
  attr?: string;
  comparison?: 'normalized' | 'upper' | 'exact';
}

const HAS_XML_SPACE = /[ \t\r\n]/;

/** Whether `value` passes the official token test of `test`. */
export function inCodeList(value: string, test: CodeTest): boolean {
  if (test.comparison === 'exact') return test.list.has(value);
  // Most codes carry no white space at all: normalize only those that do.
  const v = HAS_XML_SPACE.test(value) ? normalizeSpace(value) : value;
  if (v.includes(' ') || v === '') return false;
  return test.list.has(test.comparison === 'upper' ? v.toUpperCase() : v);
}
