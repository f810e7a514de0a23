/**
 * French invoices written from JSON (seller FR, rules auto): our verdict is
 * valid with both rule sets, and the official validators agree (CII D16B XSD,
 * CEN EN 16931 1.3.16 and BR-FR 1.4.0.02, `en16931-check --fr`, one call for
 * every file). Missing French terms are 422s with the BR-FR id and the field.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkInvoiceInput, generateFacturXml } from '../../lib/generate.js';
import { parseInvoiceInput, type InvoiceInput } from '../../lib/input/schema.js';
import { FR_DEFAULT_NOTES } from '../../lib/input/french.js';
import { requireShared } from '../shared-path.js';
import { refusal } from './support.js';

const fixtures = JSON.parse(readFileSync(resolve(import.meta.dirname, '..', 'fixtures', 'french', 'invoices.json'), 'utf8')) as Record<string, unknown>;

function input(body: unknown): InvoiceInput {
  const r = parseInvoiceInput(body);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.value;
}

const failure = (body: unknown) => refusal(() => generateFacturXml(input(body)));

describe('French invoices written from JSON', () => {
  it('are valid for us and for the official validators (XSD, EN 16931, BR-FR)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fr-invoices-'));
    const files: string[] = [];
    for (const [name, body] of Object.entries(fixtures)) {
      const { xml, validation } = generateFacturXml(input(body));
      expect(validation.valid, name).toBe(true);
      expect(validation.ruleSets).toEqual(['EN 16931 CII 1.3.16', 'BR-FR 1.4.0.02']);
      const file = join(dir, `${name}.xml`);
      writeFileSync(file, xml);
      files.push(file);
    }
    const out = execFileSync(requireShared('official-validator', 'en16931-check'), ['--fr', ...files], { encoding: 'utf8', maxBuffer: 1 << 24 });
    const verdicts = out.trim().split('\n').map((l) => JSON.parse(l) as { file: string; xsd: string; fatal: string[]; fr_fatal: string[]; sch_error?: string });
    expect(verdicts).toHaveLength(files.length);
    for (const v of verdicts) expect({ file: v.file, xsd: v.xsd, fatal: v.fatal, fr_fatal: v.fr_fatal, sch_error: v.sch_error }).toEqual({ file: v.file, xsd: 'ok', fatal: [], fr_fatal: [], sch_error: undefined });
  }, 120_000);

  it('write the defaults: SIREN-based 0225 addresses, PMT/PMD/AAB notes (one per subject, the caller\'s kept), French rate forms', () => {
    const { xml } = generateFacturXml(input(fixtures['goods-B1-multirate']));
    expect(xml).toContain('<ram:URIID schemeID="0225">732829320</ram:URIID>');
    expect(xml).toContain('<ram:URIID schemeID="0225">303265045</ram:URIID>');
    expect(xml).toContain('Indemnité forfaitaire de 40 EUR pour frais de recouvrement.');
    expect(xml).not.toContain(FR_DEFAULT_NOTES.PMT);
    expect(xml).toContain(FR_DEFAULT_NOTES.PMD);
    expect(xml).toContain(FR_DEFAULT_NOTES.AAB);
    expect(xml.match(/<ram:SubjectCode>PMT<\/ram:SubjectCode>/g)).toHaveLength(1);
    for (const rate of ['5.5', '2.1', '10', '20']) expect(xml).toContain(`<ram:RateApplicablePercent>${rate}</ram:RateApplicablePercent>`);
  });

  it('take the SIREN from a French VAT number when neither siren nor siret is given', () => {
    const { xml } = generateFacturXml(input(fixtures['corrective-384']));
    expect(xml).toContain('<ram:ID schemeID="0002">732829320</ram:ID>');
    expect(xml).toContain('<ram:URIID schemeID="0225">303265045</ram:URIID>');
  });

  it('without businessProcess: 422 with BR-FR-08_BT-23 naming the field and its codes', () => {
    const body = { ...(fixtures['services-S1'] as object), businessProcess: undefined };
    const details = failure(body);
    expect(details.map((d) => d.rule)).toEqual(['BR-FR-08_BT-23']);
    expect(details[0]).toMatchObject({ path: 'businessProcess' });
    expect(details[0]!.message).toMatch(/businessProcess.*B1 S1 M1/);
  });

  it('a buyer with neither SIREN nor electronic address: BR-FR-12_BT-49 at buyer.electronicAddress', () => {
    const base = fixtures['services-S1'] as { buyer: object };
    const details = failure({ ...base, buyer: { name: 'Client', address: '1 rue X, 75001 Paris' } });
    expect(details.find((d) => d.rule === 'BR-FR-12_BT-49')).toMatchObject({ path: 'buyer.electronicAddress' });
  });

  it('not in EUR without the accounting currency: BR-FR-CO-12_BT-5', () => {
    const base = fixtures['non-eur-usd'] as Record<string, unknown>;
    const details = failure({ ...base, vatAccountingCurrency: undefined, totals: undefined });
    expect(details.map((d) => d.rule)).toContain('BR-FR-CO-12_BT-5');
  });

  it('a credit note without its preceding invoice: BR-FR-CO-05_BT-3; an invoice number with a dot: BR-FR-02_BT-1', () => {
    const base = fixtures['credit-note-381'] as Record<string, unknown>;
    expect(failure({ ...base, precedingInvoice: undefined }).map((d) => d.rule)).toContain('BR-FR-CO-05_BT-3');
    expect(failure({ ...base, invoiceNumber: 'AV.2026.7' }).map((d) => d.rule)).toContain('BR-FR-02_BT-1');
  });

  it('rules en16931 opts out; rules fr applies BR-FR to a seller outside France', () => {
    const body = { ...(fixtures['services-S1'] as object), businessProcess: undefined, rules: 'en16931' };
    const v = checkInvoiceInput(input(body));
    expect(v.valid).toBe(true);
    expect(v.ruleSets).toEqual(['EN 16931 CII 1.3.16']);
    const german = { ...(fixtures['services-S1'] as object), businessProcess: undefined, seller: { name: 'GmbH', address: 'Hauptstr. 1, 10115 Berlin', vatNumber: 'DE136695976' } };
    expect(checkInvoiceInput(input(german)).ruleSets).toEqual(['EN 16931 CII 1.3.16']);
    expect(checkInvoiceInput(input(german), { rules: 'fr' }).errors.map((e) => e.rule)).toContain('BR-FR-08_BT-23');
  });
});
