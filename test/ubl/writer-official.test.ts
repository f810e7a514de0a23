/**
 * Issue 23, point 3: every UBL 2.1 document the writer makes from our inputs
 * passes the official validator (`en16931-check`: OASIS UBL 2.1 XSD, CEN
 * EN 16931 UBL 1.3.16; `--fr` the French BR-FR UBL rules for French sellers),
 * one `--stream` process for this file. The inputs are the ones the CII
 * writer is proved on: the term fixtures (test/fixtures/terms), the
 * scenarios (test/fixtures/scenarios/valid), the French invoices
 * (test/fixtures/french), the full and minimal models, and a sample of the
 * random valid inputs of the round-trip property test. Incomplete inputs,
 * written anyway, get from the official UBL rules the rule ids we give.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvoiceValidationError } from '../../lib/errors.js';
import { generateInvoiceXml } from '../../lib/generate.js';
import { parseInvoiceInput, type InvoiceInput } from '../../lib/input/schema.js';
import { invoiceFromInput } from '../../lib/input/to-model.js';
import type { Invoice } from '../../lib/model/invoice.js';
import { writeUblWithReport } from '../../lib/ubl/writer.js';
import { OfficialValidator, type OracleVerdict } from '../../scripts/conformance-fuzz/oracle.js';
import { fullInvoice } from '../fixtures/cii/full-invoice.js';
import { validInvoiceInput } from '../fixtures/input/arbitrary-input.js';
import { validInvoice } from '../fixtures/model.js';
import { SHARED_DIR } from '../shared-path.js';

const FIXTURES = resolve(import.meta.dirname, '..', 'fixtures');
const terms = JSON.parse(readFileSync(resolve(FIXTURES, 'terms', 'invoices.json'), 'utf8')) as Record<string, Record<string, unknown>>;
const french = JSON.parse(readFileSync(resolve(FIXTURES, 'french', 'invoices.json'), 'utf8')) as Record<string, Record<string, unknown>>;
const scenarios = Object.fromEntries(
  readdirSync(resolve(FIXTURES, 'scenarios', 'valid')).map((f) => [f, JSON.parse(readFileSync(resolve(FIXTURES, 'scenarios', 'valid', f), 'utf8')) as Record<string, unknown>]),
);
const SAMPLE = 24;
const SEED = 20261123;

function input(body: unknown): InvoiceInput {
  const r = parseInvoiceInput(body);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.value;
}

/** Our rule ids for an input written as UBL (none when valid). */
function ourRuleIds(body: unknown): string[] {
  try {
    generateInvoiceXml(input(body), { rules: 'en16931', syntax: 'ubl' });
  } catch (err) {
    if (err instanceof InvoiceValidationError) return [...new Set((err.details as Array<{ rule: string }>).map((d) => d.rule))].sort();
    throw err;
  }
  return [];
}

/** What the writer cannot carry, from the model alone: the due date of a credit note without payment instructions. */
function expectedUnmapped(inv: Invoice): string[] {
  return inv.typeCode === '381' && inv.dueDate !== undefined && inv.paymentInstructions === undefined ? ['BT-9'] : [];
}

/**
 * Incomplete inputs from test/scenarios/en16931-terms.test.ts, written anyway (writeUbl of the model): the official
 * UBL rules give the ids we give on the model. `officialAlso`: what the official validator adds on the UBL syntax.
 */
const incomplete: Record<string, { body: Record<string, unknown>; rules: string[]; officialAlso?: string[] }> = {
  'allowance-without-reason': { body: { ...terms['discount-and-shipping'], allowances: [{ amount: 3, vatCategory: 'S', vatRate: 20 }] }, rules: ['BR-33', 'BR-CO-21'] },
  'invoicing-period-ending-before-it-starts': { body: { ...terms['period-invoice'], invoicingPeriod: { start: '2026-11-30', end: '2026-11-01' } }, rules: ['BR-29'] },
  'line-allowance-without-reason': {
    body: { ...terms['period-invoice'], items: [{ description: 'Rental', quantity: 1, unitPrice: 10, vatRate: 19, allowances: [{ amount: 1 }] }] },
    rules: ['BR-42', 'BR-CO-23'],
  },
  'charge-without-category-on-mixed-rates': { body: { ...terms['discount-and-shipping'], charges: [{ amount: 3, reason: 'Transport' }] }, rules: ['BR-37'] },
  // UBL-SR-19..21 compare the payee name with the seller's (`Name != RegistrationName`), false without a name.
  'payee-without-name': {
    body: { ...terms['delivery-payee-representative'], payee: { identifier: { id: '55210055400013', scheme: '0009' } } },
    rules: ['BR-17'],
    officialAlso: ['UBL-SR-19', 'UBL-SR-20', 'UBL-SR-21'],
  },
  'tax-representative-without-vat-identifier': {
    body: { ...terms['delivery-payee-representative'], taxRepresentative: { name: 'Fiscal Représentation SARL', address: "20 avenue de l'Opéra, 75001 Paris, France" } },
    rules: ['BR-56'],
  },
  'supporting-document-without-reference': { body: { ...terms['supporting-documents'], supportingDocuments: [{ description: 'Timesheet' }] }, rules: ['BR-52'] },
  'item-classification-without-scheme': {
    body: { ...terms['item-details'], items: [{ description: 'Screws', quantity: 1, unitPrice: 1, vatRate: 19, classifications: [{ code: '44531000' }] }] },
    rules: ['BR-65'],
  },
  'vat-point-date-and-code-together': { body: { ...terms['vat-point-date'], taxPointDateCode: '29' }, rules: ['BR-CO-03'] },
  'rounding-amount-with-three-decimals': { body: { ...terms['vat-point-code-rounding-card'], totals: { roundingAmount: '0.005' } }, rules: ['BR-DEC-17', 'BR-DEC-18'], officialAlso: ['UBL-DT-01'] },
};

describe('UBL written from JSON and models passes the official validator', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ubl-writer-'));
  let oracle: OfficialValidator;
  const written = new Map<string, { file: string; french: boolean }>();

  function writeFile(name: string, xml: string, isFrench: boolean): void {
    const file = join(dir, `${name.replace(/[^\w.-]/g, '_')}.xml`);
    writeFileSync(file, xml);
    written.set(name, { file, french: isFrench });
  }

  beforeAll(() => {
    oracle = OfficialValidator.start(SHARED_DIR, ['--fr']);
  });
  afterAll(async () => {
    await oracle?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function verdictOf(name: string): Promise<OracleVerdict> {
    const w = written.get(name);
    if (w === undefined) throw new Error(`nothing written for ${name}`);
    return oracle.check(w.file);
  }

  async function expectOfficiallyValid(names: string[]): Promise<void> {
    const verdicts = await Promise.all(names.map(verdictOf));
    names.forEach((name, i) => {
      const v = verdicts[i]!;
      const frenchSeller = written.get(name)!.french;
      expect({ name, syntax: v.syntax, xsd: v.xsd, fatal: v.fatal, sch_error: v.sch_error, ...(frenchSeller ? { fr_fatal: v.fr_fatal } : {}) }).toEqual({
        name,
        syntax: expect.stringMatching(/^UBL-(Invoice|CreditNote)$/),
        xsd: 'ok',
        fatal: [],
        sch_error: undefined,
        ...(frenchSeller ? { fr_fatal: [] } : {}),
      });
    });
  }

  it('the term fixtures, as generateInvoiceXml writes them (rules en16931)', async () => {
    for (const [name, body] of Object.entries(terms)) {
      const { xml, syntax, documentType, unmapped, invoice } = generateInvoiceXml(input(body), { rules: 'en16931', syntax: 'ubl' });
      expect(syntax).toBe('ubl');
      expect(documentType, name).toBe(invoice.typeCode === '381' ? 'CreditNote' : 'Invoice');
      expect(unmapped.map((u) => u.term), name).toEqual(expectedUnmapped(invoice));
      writeFile(`terms-${name}`, xml, false);
    }
    await expectOfficiallyValid(Object.keys(terms).map((n) => `terms-${n}`));
  }, 120_000);

  it('the scenarios, as new users send them', async () => {
    for (const [name, body] of Object.entries(scenarios)) {
      writeFile(`scenario-${name}`, generateInvoiceXml(input({ ...body, rules: 'en16931' }), { syntax: 'ubl' }).xml, false);
    }
    await expectOfficiallyValid(Object.keys(scenarios).map((n) => `scenario-${n}`));
  }, 120_000);

  it('French invoices (rules auto): valid for the CEN rules and for the French BR-FR UBL rules', async () => {
    for (const [name, body] of Object.entries(french)) {
      const { xml, validation } = generateInvoiceXml(input(body), { syntax: 'ubl' });
      expect(validation.ruleSets, name).toEqual(['EN 16931 UBL 1.3.16', 'BR-FR 1.4.0.02']);
      writeFile(`french-${name}`, xml, true);
    }
    // The term fixtures with a French seller pass BR-FR too when the rules run (auto), given the billing framework
    // (BT-23, BR-FR-08) the EN 16931 fixtures leave out.
    const frenchTerms = Object.entries(terms).filter(([, body]) => JSON.stringify(body['seller']).includes('Paris'));
    expect(frenchTerms.length).toBeGreaterThan(2);
    for (const [name, body] of frenchTerms) {
      writeFile(`french-terms-${name}`, generateInvoiceXml(input({ businessProcess: 'S1', ...body }), { syntax: 'ubl' }).xml, true);
    }
    await expectOfficiallyValid([...Object.keys(french).map((n) => `french-${n}`), ...frenchTerms.map(([n]) => `french-terms-${n}`)]);
  }, 120_000);

  it('the full model (every business term) as an Invoice and as a CreditNote, and the minimal model', async () => {
    for (const typeCode of ['380', '381', '384', '396']) {
      const inv = fullInvoice();
      inv.typeCode = typeCode;
      const r = writeUblWithReport(inv);
      expect(r.unmapped).toEqual([]);
      writeFile(`full-${typeCode}`, r.xml, false);
    }
    const coded = fullInvoice();
    coded.taxPointDate = undefined;
    coded.taxPointDateCode = '29';
    writeFile('full-tax-point-code', writeUblWithReport(coded).xml, false);
    writeFile('minimal', writeUblWithReport(validInvoice()).xml, false);
    await expectOfficiallyValid(['full-380', 'full-381', 'full-384', 'full-396', 'full-tax-point-code', 'minimal']);
  }, 120_000);

  it(`a sample of ${SAMPLE} random valid inputs (the round-trip property's generator)`, async () => {
    const bodies = fc.sample(validInvoiceInput, { seed: SEED, numRuns: SAMPLE });
    const names: string[] = [];
    bodies.forEach((body, i) => {
      const { xml, invoice, unmapped } = generateInvoiceXml(input({ ...body, rules: 'en16931' }), { syntax: 'ubl' });
      expect(unmapped.map((u) => u.term)).toEqual(expectedUnmapped(invoice));
      writeFile(`sample-${i}`, xml, false);
      names.push(`sample-${i}`);
    });
    await expectOfficiallyValid(names);
    // The sample is not trivial.
    const models = bodies.map((b) => invoiceFromInput(input(b)));
    expect(models.some((m) => m.typeCode === '381')).toBe(true);
    expect(models.some((m) => m.allowances.length + m.charges.length > 0)).toBe(true);
    expect(models.some((m) => m.lines.some((l) => l.price.discount !== undefined))).toBe(true);
  }, 180_000);

  it('incomplete inputs, written anyway: the official UBL rules report the ids we report', async () => {
    for (const [name, { body }] of Object.entries(incomplete)) writeFile(`incomplete-${name}`, writeUblWithReport(invoiceFromInput(input(body))).xml, false);
    const verdicts = await Promise.all(Object.keys(incomplete).map((n) => verdictOf(`incomplete-${n}`)));
    Object.entries(incomplete).forEach(([name, { body, rules, officialAlso }], i) => {
      expect(ourRuleIds(body), name).toEqual(rules);
      expect({ name, xsd: verdicts[i]!.xsd, fatal: verdicts[i]!.fatal }).toEqual({ name, xsd: 'ok', fatal: [...rules, ...(officialAlso ?? [])].sort() });
    });
  }, 120_000);
});
