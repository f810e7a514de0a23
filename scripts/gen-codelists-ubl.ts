/**
 * Generates lib/rules/codelists/ubl.ts, the code lists of the EN 16931 UBL
 * binding, from the official CEN UBL code-list schematron of the validation
 * artefacts (ubl/schematron/codelist/EN16931-UBL-codes.sch, and the BR-CL-08
 * note and BR-CO-09 VAT prefix tests, read from the preprocessed schematron).
 *
 * Usage (from the repository root; the script never downloads anything):
 *
 *   npx tsx scripts/gen-codelists-ubl.ts [--check] \
 *     [--codes <eInvoicing-EN16931>/ubl/schematron/codelist/EN16931-UBL-codes.sch] \
 *     [--model <eInvoicing-EN16931>/ubl/schematron/preprocessed/EN16931-UBL-validation-preprocessed.sch] \
 *     [--source "<label naming the release>"]
 *
 * The defaults are the release the official validator runs (../shared/official-validator);
 * --check compares instead of writing (test/rules/codelists-official.test.ts).
 *
 * Release 1.3.16 ships the UBL and CII lists at different dates: the UBL
 * currency, ICD, country and EAS lists, the subject codes and the split of
 * the document type codes differ from the CII ones. A list the UBL artefact
 * shares with CII is not written twice: the script checks that the CII
 * module (lib/rules/codelists/index.ts) accepts exactly the same codes and
 * re-exports it, and stops when it does not.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import * as CII from '../lib/rules/codelists/index.js';
import { EN16931_ARTEFACTS, Output, parseArgs, readAssertTests } from './schematron.js';

interface Own {
  constant: string;
  title: string;
  rule: string;
  /** Which quoted list of the test (some tests carry two). */
  nth?: number;
  terms: string;
}

/** Lists of their own: generated. */
const OWN: Own[] = [
  { constant: 'UBL_INVOICE_TYPE_CODES', title: 'UNTDID 1001 invoice type codes (`cbc:InvoiceTypeCode`)', rule: 'BR-CL-01', nth: 0, terms: 'BT-3 of an Invoice' },
  { constant: 'UBL_CREDIT_NOTE_TYPE_CODES', title: 'UNTDID 1001 credit note type codes (`cbc:CreditNoteTypeCode`)', rule: 'BR-CL-01', nth: 1, terms: 'BT-3 of a CreditNote' },
  { constant: 'UBL_CURRENCY_CODES', title: 'ISO 4217 alpha-3 currency codes', rule: 'BR-CL-04', terms: 'BT-5, BT-6, every amount @currencyID' },
  { constant: 'UBL_TAX_POINT_DATE_CODES', title: 'UNTDID 2005 VAT point date codes (3, 35, 432)', rule: 'BR-CL-06', terms: 'BT-8' },
  { constant: 'UBL_ICD_CODES', title: 'ISO/IEC 6523 ICD identifier scheme codes', rule: 'BR-CL-11', terms: 'BT-29-1, BT-30-1, BT-46-1, BT-47-1, BT-60-1, BT-61-1, BT-71-1, BT-157-1' },
  { constant: 'UBL_COUNTRY_CODES', title: 'ISO 3166-1 alpha-2 country codes (with 1A Kosovo and XI Northern Ireland)', rule: 'BR-CL-14', terms: 'BT-40, BT-55, BT-69, BT-80, BT-159' },
  { constant: 'UBL_EAS_CODES', title: 'CEF EAS electronic address scheme codes', rule: 'BR-CL-25', terms: 'BT-34-1, BT-49-1' },
];

/** Lists the UBL artefact shares with CII: rule -> the CII constant it must equal. */
const SHARED: ReadonlyArray<[string, keyof typeof CII]> = [
  ['BR-CL-07', 'REFERENCE_QUALIFIER_CODES'],
  ['BR-CL-13', 'ITEM_CLASSIFICATION_CODES'],
  ['BR-CL-16', 'PAYMENT_MEANS_CODES'],
  ['BR-CL-17', 'VAT_CATEGORY_CODES'],
  ['BR-CL-18', 'VAT_CATEGORY_CODES'],
  ['BR-CL-19', 'ALLOWANCE_REASON_CODES'],
  ['BR-CL-20', 'CHARGE_REASON_CODES'],
  ['BR-CL-22', 'VATEX_CODES'],
  ['BR-CL-23', 'UNIT_CODES'],
  ['BR-CL-24', 'MIME_CODES'],
];

/** Lists that must equal another UBL list. */
const SAME_AS: ReadonlyArray<[string, string]> = [
  ['BR-CL-03', 'BR-CL-04'],
  ['BR-CL-05', 'BR-CL-04'],
  ['BR-CL-15', 'BR-CL-14'],
  ['BR-CL-10', 'BR-CL-11'],
  ['BR-CL-21', 'BR-CL-11'],
  ['BR-CL-26', 'BR-CL-11'],
];

/** The quoted lists of a test, and the codes each accepts: `contains(list, concat(' ', code, ' '))`. */
function lists(test: string): string[][] {
  const found = [...test.matchAll(/contains\(\s*'([^']*)'/g)].map((m) => m[1] ?? '');
  if (found.length > 0) return found.map((list) => [...new Set(list.split(/\s+/).filter((t) => t !== '' && list.includes(` ${t} `)))]);
  const equalities = [...test.matchAll(/@\w+\s*=\s*'([^']*)'/g)].map((m) => m[1] ?? '');
  if (equalities.length > 0) return [[...new Set(equalities)]];
  throw new Error(`No code list in test ${test.slice(0, 100)}`);
}

function wrap(codes: readonly string[], indent: string, width = 110): string {
  const lines: string[] = [];
  let line = indent;
  for (const code of codes) {
    const item = `'${code}',`;
    if (line.length + item.length + 1 > width && line.trim() !== '') {
      lines.push(line.trimEnd());
      line = indent;
    }
    line += `${item} `;
  }
  if (line.trim() !== '') lines.push(line.trimEnd());
  return lines.join('\n');
}

function sameSet(a: readonly string[], b: ReadonlySet<string>): boolean {
  return a.length === b.size && a.every((c) => b.has(c));
}

function main(): void {
  const a = parseArgs(process.argv.slice(2));
  a.codes ??= resolve(EN16931_ARTEFACTS, 'ubl', 'schematron', 'codelist', 'EN16931-UBL-codes.sch');
  a.model ??= resolve(EN16931_ARTEFACTS, 'ubl', 'schematron', 'preprocessed', 'EN16931-UBL-validation-preprocessed.sch');
  const output = new Output(a.check === 'true');
  const source = a.source ?? 'ConnectingEurope/eInvoicing-EN16931, tag validation-1.3.16, ubl/schematron/codelist/EN16931-UBL-codes.sch';
  const codeTests = readAssertTests(readFileSync(a.codes, 'utf8'));
  const modelTests = readAssertTests(readFileSync(a.model, 'utf8'));
  const listOf = (rule: string, nth = 0): string[] => {
    const t = codeTests.get(rule);
    if (t === undefined) throw new Error(`${rule} not in ${a.codes}`);
    const l = lists(t)[nth];
    if (l === undefined) throw new Error(`${rule} has no list #${nth}`);
    return l;
  };
  for (const [rule, other] of SAME_AS) {
    if (listOf(rule).join(' ') !== listOf(other).join(' ')) throw new Error(`${rule} does not carry the list of ${other}`);
  }
  const out: string[] = [
    '/**',
    ' * The code lists of the EN 16931 UBL binding, as the official UBL code-list',
    ' * rules accept them (lib/rules/br-cl/ubl-document.ts).',
    ' *',
    ' * GENERATED by scripts/gen-codelists-ubl.ts: do not edit by hand, re-run the script.',
    ` * Source: CEN/TC 434 EN 16931 validation artefacts (EUPL-1.2), ${source}.`,
    ' * Release 1.3.16 ships the UBL and CII code lists at different dates; the lists',
    ' * the UBL artefact shares with CII are re-exported from the CII modules (checked',
    ' * identical by the script), the others are below.',
    ' */',
  ];
  for (const [rule, constant] of SHARED) {
    if (!sameSet(listOf(rule), CII[constant] as ReadonlySet<string>)) throw new Error(`${rule}: the UBL list differs from CII ${constant}; give it its own list`);
  }
  const reexports = [...new Set(SHARED.map(([, c]) => c))];
  out.push(`export { ${reexports.join(', ')} } from './index.js';`, '');
  for (const own of OWN) {
    const codes = listOf(own.rule, own.nth);
    const cii = (
      {
        'BR-CL-01': CII.INVOICE_TYPE_CODES,
        'BR-CL-04': CII.CURRENCY_CODES,
        'BR-CL-06': CII.TAX_POINT_DATE_CODES,
        'BR-CL-11': CII.ICD_CODES,
        'BR-CL-14': CII.COUNTRY_CODES,
        'BR-CL-25': CII.EAS_CODES,
      } as Record<string, ReadonlySet<string>>
    )[own.rule];
    const diff = cii === undefined ? [] : [` * Against the CII list of the same release: only here ${codes.filter((c) => !cii.has(c)).join(' ') || '-'}; only in CII ${[...cii].filter((c) => !codes.includes(c)).join(' ') || '-'}.`];
    out.push('/**', ` * ${own.title}, as accepted by ${own.rule} (${own.terms}): ${codes.length} codes.`, ...diff, ' */');
    out.push(`export const ${own.constant}: ReadonlySet<string> = new Set([\n${wrap(codes, '  ')}\n]);`, '');
  }
  // BR-CL-08 tests the subject code with `contains(list, code)`: a substring of the quoted list, not a token.
  const note = modelTests.get('BR-CL-08');
  const literal = note === undefined ? undefined : /contains\(\s*'([^']*)'\s*,\s*substring-before/.exec(note)?.[1];
  if (literal === undefined) throw new Error('BR-CL-08 list not found in the model schematron');
  out.push(
    '/**',
    ' * UNTDID 4451 text subject qualifiers as BR-CL-08 quotes them (BT-21 written `#CODE#` in `cbc:Note`).',
    ' * The official test is `contains(this literal, code)`: any three characters found in it pass.',
    ' */',
    `export const UBL_NOTE_SUBJECT_LIST = ${JSON.stringify(literal)};`,
    '',
  );
  // BR-CO-09 tests the first two characters of a VAT identifier with `contains(list, substring(cbc:CompanyID, 1, 2))`.
  const prefixes = modelTests.get('BR-CO-09');
  const prefixList = prefixes === undefined ? undefined : /contains\(\s*'([^']*)'\s*,\s*substring\(/.exec(prefixes)?.[1];
  if (prefixList === undefined) throw new Error('BR-CO-09 list not found in the model schematron');
  out.push(
    '/**',
    ' * ISO 3166-1 alpha-2 country codes and EL, as BR-CO-09 quotes them (the prefix of a VAT identifier, BT-31, BT-48, BT-63).',
    ' * The official test is `contains(this literal, substring(cbc:CompanyID, 1, 2))`: any two characters found in it pass.',
    ' */',
    `export const UBL_VAT_PREFIX_LIST = ${JSON.stringify(prefixList)};`,
    '',
  );
  output.write(resolve(import.meta.dirname, '..', 'lib', 'rules', 'codelists', 'ubl.ts'), out.join('\n'));
  output.finish();
}

main();
