/**
 * The CII reader: profiles, locations, and the syntax details the official
 * rules look at (tax totals by currency, TypeCode VAT, lexical decimals,
 * date formats, absent aggregates). Documents are fixture files in
 * test/fixtures/reader and the shared conformance corpus.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { detectProfile, readCii, type CiiProfile } from '../../lib/cii/reader/read.js';
import { elementPath, toElementTree, type CiiElement } from '../../lib/cii/reader/tree.js';
import { locate, validateCiiModel } from '../../lib/cii/reader/validate-cii.js';
import { Decimal, dec, decFromText, fractionDigits, sourceText } from '../../lib/model/decimal.js';
import type { Invoice } from '../../lib/model/invoice.js';
import { forgetSourceFacts, isVatTyped, sourceFacts } from '../../lib/model/source-facts.js';
import { validateInvoice } from '../../lib/rules/index.js';
import { withXmlDocument } from '../../lib/xml/parse.js';
import { CII_ROOT, loadVerdicts, readCorpusTree } from '../conformance/corpus.js';

function fixture(name: string): CiiElement {
  const bytes = readFileSync(new URL(`../fixtures/reader/${name}`, import.meta.url));
  return withXmlDocument(bytes, (doc) => toElementTree(doc));
}

function ruleAt(inv: Invoice): Array<[string, string]> {
  const report = validateInvoice(inv);
  return [...report.errors, ...report.warnings].map((f) => [f.rule, f.path]);
}

const ids = (inv: Invoice): string[] => validateInvoice(inv).errors.map((f) => f.rule);

describe('detectProfile', () => {
  it.each<[string | undefined, CiiProfile]>([
    ['urn:factur-x.eu:1p0:minimum', 'MINIMUM'],
    ['urn:zugferd.de:2p0:minimum', 'MINIMUM'],
    ['urn:factur-x.eu:1p0:basicwl', 'BASIC WL'],
    ['urn:zugferd.de:2p0:basicwl', 'BASIC WL'],
    ['urn:cen.eu:en16931:2017#compliant#urn:factur-x.eu:1p0:basic', 'BASIC'],
    ['urn:cen.eu:en16931:2017:compliant:factur-x.eu:1p0:basic', 'BASIC'],
    ['urn:cen.eu:en16931:2017#compliant#urn:zugferd.de:2p0:basic', 'BASIC'],
    ['urn:cen.eu:en16931:2017', 'EN 16931'],
    [' urn:cen.eu:en16931:2017 ', 'EN 16931'],
    ['urn:cen.eu:en16931:2017#conformant#urn:factur-x.eu:1p0:extended', 'EXTENDED'],
    ['urn:cen.eu:en16931:2017:compliant:factur-x.eu:1p0:extended', 'EXTENDED'],
    ['urn:cen.eu:en16931:2017#conformant#urn:zugferd.de:2p0:extended', 'EXTENDED'],
    ['urn:cen.eu:en16931:2017#compliant#urn:xoev-de:kosit:standard:xrechnung_1.2', 'XRECHNUNG'],
    ['urn:cen.eu:en16931:2017#compliant#urn:xoev-de:kosit:standard:xrechnung_2.1', 'XRECHNUNG'],
    ['urn:cen.eu:en16931:2017#conformant#urn:xoev-de:kosit:extension:xrechnung_2.3', 'XRECHNUNG'],
    ['urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0', 'XRECHNUNG'],
    ['urn:ferd:CrossIndustryDocument:invoice:1p0:comfort', 'UNKNOWN'],
    ['urn:example:other', 'UNKNOWN'],
    ['', 'UNKNOWN'],
    [undefined, 'UNKNOWN'],
  ])('%s -> %s', (bt24, profile) => {
    expect(detectProfile(bt24)).toBe(profile);
  });
});

describe('decFromText and fractionDigits (BR-DEC lexical test)', () => {
  it.each([
    ['10.500', '10.5', 3],
    ['10', '10', 0],
    ['-0.5', '-0.5', 1],
    ['+7.', '7', 0],
    ['.25', '0.25', 2],
    [' 7.25\n', '7.25', 3],
  ])('%j has the value %s and %i fraction digits as written', (text, value, digits) => {
    const d = decFromText(text);
    expect(d.equals(new Decimal(value))).toBe(true);
    expect(fractionDigits(d)).toBe(digits);
    expect(sourceText(d)).toBe(text);
  });

  it.each(['abc', '12,50', '1e3', '', 'Infinity'])('%j is not an xs:decimal: a NaN decimal that keeps its text', (text) => {
    const d = decFromText(text);
    expect(d.isNaN()).toBe(true);
    expect(sourceText(d)).toBe(text);
  });

  it('counts significant digits of computed decimals (no source text)', () => {
    expect(fractionDigits(dec('10.500'))).toBe(1);
    expect(fractionDigits(dec('3'))).toBe(0);
    expect(sourceText(dec('1.5'))).toBeUndefined();
  });
});

/** Follows an XPath-like location (tree.ts format) from the root; undefined when a step does not exist. */
function resolve(root: CiiElement, location: string): { el: CiiElement; attr?: string } | undefined {
  const steps = location.split('/').slice(1);
  const attrStep = steps.at(-1)?.startsWith('@') ? steps.pop()!.slice(1) : undefined;
  const [first, ...rest] = steps;
  if (first !== root.name) return undefined;
  let el: CiiElement = root;
  for (const step of rest) {
    const m = /^([^[]+)(?:\[(\d+)\])?$/.exec(step)!;
    const same = el.children.filter((c) => c.name === m[1]);
    const next = same[m[2] === undefined ? 0 : Number(m[2]) - 1];
    if (next === undefined || (m[2] === undefined && same.length !== 1)) return undefined;
    el = next;
  }
  if (attrStep !== undefined && el.attrs[attrStep] === undefined) return undefined;
  return attrStep === undefined ? { el } : { el, attr: attrStep };
}

/** The value at a model path such as `lines[2].item.name`. */
function valueAt(inv: Invoice, path: string): unknown {
  let cur: unknown = inv;
  for (const part of path.split(/\.|(?=\[)/)) {
    if (cur === undefined || cur === null) return undefined;
    const index = /^\[(\d+)\]$/.exec(part);
    cur = index !== null ? (cur as unknown[])[Number(index[1])] : (cur as Record<string, unknown>)[part];
  }
  return cur;
}

describe('readCii over the conformance corpus', () => {
  const verdicts = loadVerdicts();
  const documents = Object.entries(verdicts)
    .map(([file, verdict]) => ({ file, verdict, root: readCorpusTree(file) }))
    .filter((d) => d.root.name === CII_ROOT);

  it('reads BT-24 as the official validator saw it and recognises the profile of every CII document', () => {
    expect(documents.length).toBeGreaterThan(300);
    for (const { file, verdict, root } of documents) {
      const read = readCii(root);
      if (verdict.bt24 === undefined) continue;
      expect(read.specificationId, file).toBe(verdict.bt24);
      // ZUGFeRD 1.0 guideline ids (urn:ferd:...) name no CII D16B profile, even on a CII document.
      if (verdict.bt24.startsWith('urn:ferd:')) expect(read.profile, file).toBe('UNKNOWN');
      else expect(read.profile, file).not.toBe('UNKNOWN');
    }
  });

  it('reads a ZUGFeRD 1.0 CrossIndustryDocument without throwing, as an invoice with nothing in it', () => {
    const zf1 = Object.keys(verdicts).map(readCorpusTree).find((root) => root.name !== CII_ROOT);
    expect(zf1).toBeDefined();
    const read = readCii(zf1!);
    expect(read.invoice.lines).toEqual([]);
    expect(read.profile).toBe('UNKNOWN');
  });

  it('keeps the TypeCode of every payment means for the rules, BT-81 being the first', () => {
    const inv = readCii(readCorpusTree('cii/valid/cen__CII_business_example_01.xml')).invoice;
    expect(inv.paymentInstructions?.typeCode).toBe('30');
    expect(sourceFacts(inv).paymentMeansCodes).toEqual(['30', '30']);
    expect(sourceFacts(inv).creditTransferMeansCodes).toEqual(['30', '30']);
  });

  it('locates every term read at an element or attribute holding exactly that value', () => {
    let checked = 0;
    for (const { file, root } of documents) {
      const { invoice, locations } = readCii(root);
      for (const [path, location] of locations) {
        const node = resolve(root, location);
        expect(node, `${file} ${path} -> ${location}`).toBeDefined();
        expect(elementPath(node!.el) + (node!.attr === undefined ? '' : `/@${node!.attr}`)).toBe(location);
        const value = valueAt(invoice, path);
        const written = node!.attr === undefined ? node!.el.text : node!.el.attrs[node!.attr];
        if (Decimal.isDecimal(value)) {
          expect(sourceText(value as Decimal), `${file} ${path}`).toBe(written);
          checked++;
        } else if (typeof value === 'string' && !/date$|Date$|\.start$|\.end$/.test(path)) {
          expect(value, `${file} ${path}`).toBe(written);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(10_000);
  });
});

describe('VAT totals by currency (BT-110, BT-111)', () => {
  const root = fixture('tax-totals.xml');

  it('reads BT-110 as the total in BT-5 and BT-111 as the total in BT-6, wherever they stand', () => {
    const { invoice, locations } = readCii(root);
    expect(invoice.totals.vatTotal?.toString()).toBe('20');
    expect(invoice.totals.vatTotalInAccountingCurrency?.toString()).toBe('17.2');
    expect(locations.get('totals.vatTotal')).toMatch(/ram:TaxTotalAmount\[2\]$/);
    expect(locations.get('totals.vatTotalInAccountingCurrency')).toMatch(/ram:TaxTotalAmount\[1\]$/);
  });

  it('reports BR-CO-15 for a second total in the invoice currency, as the official count(...) eq 1 does', () => {
    const root = fixture('tax-totals.xml');
    expect(ids(readCii(root).invoice)).toContain('BR-CO-15');
    const summation = root.children
      .find((c) => c.name === 'rsm:SupplyChainTradeTransaction')!
      .children.find((c) => c.name === 'ram:ApplicableHeaderTradeSettlement')!
      .children.find((c) => c.name === 'ram:SpecifiedTradeSettlementHeaderMonetarySummation')!;
    const withoutDuplicate: CiiElement = { ...summation, children: summation.children.filter((c, i, all) => c !== all.filter((x) => x.name === 'ram:TaxTotalAmount')[2]) };
    summation.parent!.children = summation.parent!.children.map((c) => (c === summation ? withoutDuplicate : c));
    expect(ids(readCii(root).invoice)).not.toContain('BR-CO-15');
  });
});

describe('syntax details the official rules look at', () => {
  const read = readCii(fixture('syntax-details.xml'));
  const inv = read.invoice;
  const findings = ruleAt(inv);

  it('reads any prefix (or none) by namespace and recognises XRechnung 3', () => {
    expect(inv.number).toBe('SD-1');
    expect(read.profile).toBe('XRECHNUNG');
  });

  it('sees no category code in a breakdown typed other than VAT (BR-47), and upper-cases the TypeCode', () => {
    expect(inv.vatBreakdown.map((b) => b.category)).toEqual(['S', 'S']);
    expect(findings).toContainEqual(['BR-47', 'vatBreakdown[1].category']);
    expect(findings).not.toContainEqual(['BR-47', 'vatBreakdown[0].category']);
  });

  it('takes line and allowance VAT terms from the tax typed VAT, else the first tax, whose TypeCode the VAT contexts then refuse', () => {
    expect(inv.lines[0]?.vat).toEqual({ category: 'S', rate: expect.anything() });
    expect(inv.lines[0]?.vat.rate?.toString()).toBe('20');
    // Only a GST tax: the official sums read its category (CategoryCode = 'S' whatever the TypeCode), BR-32 wants one typed VAT.
    expect(inv.allowances[0]?.vatCategory).toBe('S');
    expect(isVatTyped(inv, inv.allowances[0]!)).toBe(false);
    expect(isVatTyped(inv, inv.lines[0]!.vat)).toBe(true);
    expect(findings).toContainEqual(['BR-32', 'allowances[0].vatCategory']);
  });

  it('keeps decimals as written: BR-DEC counts 100.500 as three fraction digits', () => {
    expect(inv.lines[0]?.netAmount?.equals(new Decimal('100.5'))).toBe(true);
    expect(findings).toContainEqual(['BR-DEC-23', 'lines[0].netAmount']);
    expect(inv.lines[0]?.price.netPrice?.equals(new Decimal('12.5'))).toBe(true);
  });

  it('reads a value that is not a number as a NaN decimal keeping its text: sums skip it, the existence test of BR-31 sees the element', () => {
    const amount = inv.allowances[0]?.amount;
    expect(amount?.isNaN()).toBe(true);
    expect(sourceText(amount!)).toBe('abc');
    expect(findings).not.toContainEqual(['BR-31', 'allowances[0].amount']);
  });

  it('reads dates in format 102 of the element the binding names only', () => {
    expect(inv.issueDate).toBe('');
    expect(findings).toContainEqual(['BR-03', 'issueDate']);
    expect(inv.dueDate).toBeUndefined();
  });

  it('keeps an AdditionalReferencedDocument without IssuerAssignedID as a supporting document lacking its reference (BR-52)', () => {
    expect(inv.tenderOrLotReference).toBeUndefined();
    expect(inv.supportingDocuments).toEqual([{ reference: '' }]);
    expect(findings).toContainEqual(['BR-52', 'supportingDocuments[0].reference']);
  });

  it('reads no payment instructions (BG-16) without a payment means, so no BR-49', () => {
    expect(inv.paymentInstructions).toBeUndefined();
    expect(findings.map(([rule]) => rule)).not.toContain('BR-49');
  });
});

describe('aggregates the document lacks', () => {
  it('evaluates no seller or document totals rule on a fragment without them, as officially', () => {
    const inv = readCii(fixture('fragment.xml')).invoice;
    const fatal = ids(inv);
    expect(fatal).toEqual(expect.arrayContaining(['BR-06', 'BR-08', 'BR-16']));
    for (const id of ['BR-CO-26', 'BR-12', 'BR-13', 'BR-14', 'BR-15', 'BR-CO-10', 'BR-CO-13', 'BR-CO-16']) expect(fatal).not.toContain(id);
    // The same model without the reader's facts is an invoice that has those groups, empty.
    forgetSourceFacts(inv);
    expect(ids(inv)).toEqual(expect.arrayContaining(['BR-CO-26', 'BR-12', 'BR-13', 'BR-14', 'BR-15']));
  });
});

describe('validateCiiModel', () => {
  it('adds to each finding the location of the XML it concerns, keeping the model path', () => {
    const result = validateCiiModel(fixture('syntax-details.xml'));
    const dec23 = result.errors.find((f) => f.rule === 'BR-DEC-23');
    expect(dec23?.path).toBe('lines[0].netAmount');
    expect(dec23?.location).toBe(
      '/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:IncludedSupplyChainTradeLineItem/ram:SpecifiedLineTradeSettlement/ram:SpecifiedTradeSettlementLineMonetarySummation/ram:LineTotalAmount',
    );
    // A missing term is located at the nearest group the document has.
    const br52 = result.errors.find((f) => f.rule === 'BR-52');
    expect(br52?.location).toBe('/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeAgreement/ram:AdditionalReferencedDocument');
    expect(result.valid).toBe(false);
    expect(result.read.profile).toBe('XRECHNUNG');
  });

  it('locates by the longest known prefix of a path, else the root', () => {
    const locations = new Map([
      ['', '/r'],
      ['lines[1]', '/r/l[2]'],
      ['lines[1].price', '/r/l[2]/p'],
    ]);
    expect(locate(locations, 'lines[1].price.netPrice')).toBe('/r/l[2]/p');
    expect(locate(locations, 'lines[1].item.name')).toBe('/r/l[2]');
    expect(locate(locations, 'totals.lineNetTotal')).toBe('/r');
    expect(locate(new Map(), 'seller')).toBe('/');
  });
});
