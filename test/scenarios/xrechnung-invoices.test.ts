/**
 * XRechnung 3.0 invoices written from JSON (`rules: xrechnung`): our verdict
 * is valid with EN 16931 and XRechnung 3.0.2, and the official validators
 * agree (the XSD, CEN 1.3.16 and the KoSIT verdict `xr_valid`, one
 * `en16931-check --xr` call for every file). A missing XRechnung term is a
 * 422 with the rule id and the input field.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateInvoiceXml } from '../../lib/generate.js';
import { requireShared } from '../shared-path.js';
import { bodies, input, refusal, without } from './support.js';

const fixtures = bodies('markets/xrechnung.json');

const failure = (body: unknown) => refusal(() => generateInvoiceXml(input(body)));

interface OfficialLine {
  file: string;
  xsd: string;
  fatal: string[];
  xr_fatal: string[];
  xr_valid: boolean;
  xr_errors: string[];
}

/** Writes every fixture in `syntax` and returns the official verdicts. */
function writeAndCheck(syntax: 'cii' | 'ubl'): OfficialLine[] {
  const dir = mkdtempSync(join(tmpdir(), `xrechnung-${syntax}-`));
  const files: string[] = [];
  for (const [name, body] of Object.entries(fixtures)) {
    const { xml, validation, profile } = generateInvoiceXml(input(body), { syntax });
    expect(validation.valid, name).toBe(true);
    expect(validation.ruleSets).toEqual([syntax === 'ubl' ? 'EN 16931 UBL 1.3.16' : 'EN 16931 CII 1.3.16', 'XRechnung 3.0.2']);
    expect(profile).toBe(`XRechnung 3.0 (${syntax === 'ubl' ? 'UBL 2.1' : 'CII'})`);
    const file = join(dir, `${name}.xml`);
    writeFileSync(file, xml);
    files.push(file);
  }
  const out = execFileSync(requireShared('official-validator', 'en16931-check'), ['--xr', ...files], { encoding: 'utf8', maxBuffer: 1 << 24 });
  const lines = out.trim().split('\n').map((l) => JSON.parse(l) as OfficialLine);
  expect(lines).toHaveLength(files.length);
  return lines;
}

describe('XRechnung invoices written from JSON', () => {
  it('are XRechnung-valid for us and for the official validators (XSD, EN 16931, KoSIT XRechnung verdict), in CII', () => {
    for (const v of writeAndCheck('cii')) {
      expect({ file: v.file, xsd: v.xsd, fatal: v.fatal, xr_fatal: v.xr_fatal, xr_valid: v.xr_valid }).toEqual({ file: v.file, xsd: 'ok', fatal: [], xr_fatal: [], xr_valid: true });
    }
  }, 120_000);

  it('are XRechnung-valid for us and for the official validators in UBL too (syntax ubl)', () => {
    for (const v of writeAndCheck('ubl')) {
      expect({ file: v.file, xsd: v.xsd, fatal: v.fatal, xr_fatal: v.xr_fatal, xr_valid: v.xr_valid }).toEqual({ file: v.file, xsd: 'ok', fatal: [], xr_fatal: [], xr_valid: true });
    }
  }, 120_000);

  it.each([
    ['no buyer reference', ['buyerReference'], 'BR-DE-15', 'buyerReference'],
    ['no seller contact', ['seller.contactName', 'seller.phone', 'seller.email'], 'BR-DE-2', 'seller.contactName'],
    ['no seller telephone', ['seller.phone'], 'BR-DE-6', 'seller.phone'],
    ['no payment instructions', ['paymentMeans'], 'BR-DE-1', 'paymentMeans'],
    ['no buyer electronic address', ['buyer.electronicAddress'], 'PEPPOL-EN16931-R010', 'buyer.electronicAddress'],
  ])('%s: 422 with %s at the input field', (_name, paths, rule, path) => {
    const details = failure(without(fixtures['goods-public-buyer']!, ...paths));
    expect(details).toContainEqual(expect.objectContaining({ rule, path }));
  });

  it('writes Skonto payment terms with the line break BR-DE-18 requires', () => {
    const { xml } = generateInvoiceXml(input(fixtures['services-skonto']));
    expect(xml).toContain('<ram:Description>#SKONTO#TAGE=14#PROZENT=2.00#\n</ram:Description>');
  });
});
