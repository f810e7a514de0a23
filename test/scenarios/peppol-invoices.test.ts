/**
 * Peppol BIS Billing 3.0 invoices written from JSON (`rules: peppol`): UBL
 * with the Peppol customization and profile identifiers, valid for us and
 * for the official validators (UBL 2.1 XSD, CEN 1.3.16, Peppol BIS Billing
 * 3.0.21: `en16931-check --peppol`, one call for every file). A missing or
 * wrong Peppol term is a 422 with the rule id and the input field; asking for
 * CII is a 400.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateInvoiceXml } from '../../lib/generate.js';
import { InputError } from '../../lib/errors.js';
import { requireShared } from '../shared-path.js';
import { bodies, input, refusal } from './support.js';

const fixtures = bodies('markets/peppol.json');

const failure = (body: unknown) => refusal(() => generateInvoiceXml(input(body)));

describe('Peppol BIS Billing invoices written from JSON', () => {
  it('are Peppol-valid for us and for the official validators (UBL XSD, EN 16931, Peppol BIS Billing 3.0.21)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'peppol-'));
    const files: string[] = [];
    for (const [name, body] of Object.entries(fixtures)) {
      const { xml, validation, syntax, profile } = generateInvoiceXml(input(body));
      expect(validation.valid, name).toBe(true);
      expect(syntax).toBe('ubl');
      expect(profile).toBe('Peppol BIS Billing 3.0 (UBL 2.1)');
      expect(validation.ruleSets).toEqual(['EN 16931 UBL 1.3.16', 'Peppol BIS Billing 3.0.21']);
      expect(xml).toContain('<cbc:CustomizationID>urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0</cbc:CustomizationID>');
      expect(xml).toContain('<cbc:ProfileID>urn:fdc:peppol.eu:2017:poacc:billing:01:1.0</cbc:ProfileID>');
      const file = join(dir, `${name}.xml`);
      writeFileSync(file, xml);
      files.push(file);
    }
    const out = execFileSync(requireShared('official-validator', 'en16931-check'), ['--peppol', ...files], { encoding: 'utf8', maxBuffer: 1 << 24 });
    const lines = out.trim().split('\n').map((l) => JSON.parse(l) as { file: string; xsd: string; fatal: string[]; peppol_fatal: string[] });
    expect(lines).toHaveLength(files.length);
    for (const v of lines) expect({ file: v.file, xsd: v.xsd, fatal: v.fatal, peppol_fatal: v.peppol_fatal }).toEqual({ file: v.file, xsd: 'ok', fatal: [], peppol_fatal: [] });
  }, 120_000);

  it('no buyer electronic address: 422 with PEPPOL-EN16931-R010 at buyer.electronicAddress', () => {
    const body = structuredClone(fixtures['belgian-b2b']!) as { buyer: Record<string, unknown> };
    delete body.buyer.electronicAddress;
    expect(failure(body)).toContainEqual(expect.objectContaining({ rule: 'PEPPOL-EN16931-R010', path: 'buyer.electronicAddress' }));
  });

  it('a Belgian enterprise number with wrong check digits: 422 with PEPPOL-COMMON-R043 at the electronic address', () => {
    const body = structuredClone(fixtures['belgian-b2b']!) as { buyer: Record<string, unknown> };
    body.buyer.electronicAddress = { id: '0987654312', scheme: '0208' };
    expect(failure(body)).toContainEqual(expect.objectContaining({ rule: 'PEPPOL-COMMON-R043', path: 'buyer.electronicAddress' }));
  });

  it('neither buyer reference nor order reference: 422 with PEPPOL-EN16931-R003', () => {
    const body = structuredClone(fixtures['belgian-b2b']!) as Record<string, unknown>;
    delete body.buyerReference;
    expect(failure(body).map((d) => d.rule)).toContain('PEPPOL-EN16931-R003');
  });

  it('refuses syntax cii and the pair xrechnung + peppol (400)', () => {
    expect(() => generateInvoiceXml(input(fixtures['belgian-b2b']), { syntax: 'cii' })).toThrow(InputError);
    expect(() => generateInvoiceXml(input({ ...fixtures['belgian-b2b'], rules: ['peppol', 'xrechnung'] }))).toThrow(InputError);
  });
});
