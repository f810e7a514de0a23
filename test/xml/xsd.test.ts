import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseXml, XmlSyntaxError } from '../../lib/xml/parse.js';
import { clearXsdCache, loadXsdValidator, XsdLoadError } from '../../lib/xml/xsd.js';
import { requireShared } from '../shared-path.js';

const CII_XSD = requireShared('schemas', 'cii-d16b-uncoupled', 'CII', 'uncefact', 'data', 'standard', 'CrossIndustryInvoice_100pD16B.xsd');
const FX_EN16931_XSD = requireShared('schemas', 'facturx-1.09', 'en16931', 'Factur-X_EN16931.xsd');
const CEN_EXAMPLE = requireShared('conformance', 'cii', 'valid', 'cen__CII_example1.xml');

const RSM = 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100';

const tmpRoots: string[] = [];
afterAll(() => {
  for (const dir of tmpRoots) rmSync(dir, { recursive: true, force: true });
});

describe('loadXsdValidator', () => {
  it('compiles the CII D16B schema with its imports and accepts an official CEN example', () => {
    const result = loadXsdValidator(CII_XSD).validate(readFileSync(CEN_EXAMPLE));
    expect(result).toEqual({ valid: true, errors: [] });
  });

  it('compiles the Factur-X 1.09 EN16931 schema with its imports', () => {
    const result = loadXsdValidator(FX_EN16931_XSD).validate(readFileSync(CEN_EXAMPLE));
    expect(result.valid).toBe(true);
  });

  it('agrees with the official XSD verdict on every document of the conformance corpus', () => {
    const root = requireShared('conformance');
    const expected = JSON.parse(readFileSync(join(root, 'expected.json'), 'utf8')) as Record<string, { xsd: unknown }>;
    const validator = loadXsdValidator(CII_XSD);
    const entries = Object.entries(expected).filter(([path]) => path.endsWith('.xml'));
    expect(entries.filter(([, v]) => v.xsd !== 'ok').length).toBeGreaterThan(10);
    const disagreements: string[] = [];
    for (const [path, verdict] of entries) {
      const ours = validator.validate(readFileSync(join(root, path))).valid;
      if (ours !== (verdict.xsd === 'ok')) disagreements.push(path);
    }
    expect(disagreements).toEqual([]);
  });

  it('reports schema violations with line and message instead of throwing', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<rsm:CrossIndustryInvoice xmlns:rsm="${RSM}">\n  <rsm:Unexpected/>\n</rsm:CrossIndustryInvoice>\n`;
    const result = loadXsdValidator(CII_XSD).validate(xml);
    expect(result.valid).toBe(false);
    expect(result.errors.length).toBeGreaterThan(0);
    expect(result.errors[0]!.line).toBe(3);
    expect(result.errors[0]!.message).toMatch(/Unexpected/);
  });

  it('validates an XmlDocument the caller owns without disposing it', () => {
    const doc = parseXml(readFileSync(CEN_EXAMPLE));
    try {
      expect(loadXsdValidator(CII_XSD).validate(doc).valid).toBe(true);
      expect(doc.root.name).toBe('CrossIndustryInvoice');
    } finally {
      doc.dispose();
    }
  });

  it('parses string input with the safe parser', () => {
    expect(() => loadXsdValidator(CII_XSD).validate('<not-closed>')).toThrow(XmlSyntaxError);
  });

  it('caches compiled validators per absolute path', () => {
    const a = loadXsdValidator(CII_XSD);
    const b = loadXsdValidator(relative(process.cwd(), CII_XSD));
    expect(b).toBe(a);
    expect(a.path).toBe(CII_XSD);
  });

  it('throws XsdLoadError for a missing schema', () => {
    expect(() => loadXsdValidator(join(tmpdir(), 'no-such-dir-for-xsd', 'missing.xsd'))).toThrow(XsdLoadError);
  });

  describe('file access is confined to the schema directory', () => {
    const base = mkdtempSync(join(tmpdir(), 'xsd-confine-'));
    tmpRoots.push(base);
    const schemaDir = join(base, 'schema');
    mkdirSync(schemaDir);
    writeFileSync(
      join(base, 'outside.xsd'),
      '<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:t:outside" elementFormDefault="qualified"><xs:element name="o" type="xs:string"/></xs:schema>',
    );
    const importing = (name: string) =>
      `<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:o="urn:t:outside" targetNamespace="urn:t:${name}" elementFormDefault="qualified">` +
      '<xs:import namespace="urn:t:outside" schemaLocation="../outside.xsd"/>' +
      '<xs:element name="r"><xs:complexType><xs:sequence><xs:element ref="o:o"/></xs:sequence></xs:complexType></xs:element></xs:schema>';
    writeFileSync(join(schemaDir, 'main.xsd'), importing('main'));
    writeFileSync(join(schemaDir, 'main-with-root.xsd'), importing('main2'));

    it('refuses an import that climbs out of the schema directory', () => {
      expect(() => loadXsdValidator(join(schemaDir, 'main.xsd'))).toThrow(XsdLoadError);
    });

    it('serves it when the caller widens the root explicitly', () => {
      const v = loadXsdValidator(join(schemaDir, 'main-with-root.xsd'), { root: base });
      expect(v.validate('<r xmlns="urn:t:main2"><o xmlns="urn:t:outside">x</o></r>').valid).toBe(true);
    });
  });
});

describe('clearXsdCache', () => {
  it('recompiles a schema after the cache is cleared', () => {
    const before = loadXsdValidator(FX_EN16931_XSD);
    clearXsdCache();
    const after = loadXsdValidator(FX_EN16931_XSD);
    expect(after).not.toBe(before);
    expect(after.validate(readFileSync(CEN_EXAMPLE)).valid).toBe(true);
  });
});

describe('a validator kept across clearXsdCache', () => {
  it('validates with the schema compiled again', () => {
    const kept = loadXsdValidator(FX_EN16931_XSD);
    clearXsdCache();
    expect(kept.validate(readFileSync(CEN_EXAMPLE)).valid).toBe(true);
    const current = loadXsdValidator(FX_EN16931_XSD);
    expect(current.validate(readFileSync(CEN_EXAMPLE)).valid).toBe(true);
    expect(kept.validate('<x/>').valid).toBe(false);
  });
});
