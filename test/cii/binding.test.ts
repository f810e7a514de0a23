import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { XmlElement } from 'libxml2-wasm';
import { describe, expect, it } from 'vitest';
import { CII_GROUPS, CII_NAMESPACES, CII_TERMS, groupBinding, leafElement, pathSteps } from '../../lib/cii/binding.js';
import type { GroupBinding } from '../../lib/cii/binding.js';
import { writeCii } from '../../lib/cii/writer.js';
import type { Invoice } from '../../lib/model/invoice.js';
import { withXmlDocument } from '../../lib/xml/parse.js';
import { fullInvoice } from '../fixtures/cii/full-invoice.js';
import { disagreements as agreementProblems, getPath } from './agreement.js';

const NS = { ...CII_NAMESPACES };

/** The writer's default profile (EN 16931) against the binding table (./agreement.ts). */
const disagreements = (inv: Invoice, xml: string): string[] => agreementProblems(inv, xml, 'EN16931');

describe('CII binding table', () => {
  it('has unique term and group ids', () => {
    const ids = CII_TERMS.map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
    const gids = CII_GROUPS.map((g) => g.id);
    expect(new Set(gids).size).toBe(gids.length);
  });

  it('refers only to declared groups, parents before children', () => {
    CII_GROUPS.forEach((g: GroupBinding, i) => {
      if (g.parent !== undefined) expect(CII_GROUPS.findIndex((p) => p.id === g.parent), g.id).toBeLessThan(i);
    });
    for (const t of CII_TERMS) if (t.group !== undefined) expect(() => groupBinding(t.group!), t.id).not.toThrow();
  });

  it('binds every business term the semantic model documents', () => {
    const modelSource = readFileSync(resolve(import.meta.dirname, '..', '..', 'lib', 'model', 'invoice.ts'), 'utf8');
    const modelIds = new Set(modelSource.match(/BT-\d+(-\d+)?/g));
    const bound = new Set([...CII_TERMS.map((t) => t.id), ...CII_GROUPS.map((g) => g.id)]);
    expect([...modelIds].filter((id) => !bound.has(id))).toEqual([]);
  });

  it('points every model path at a field the full fixture sets somewhere', () => {
    const covered = new Set<string>();
    const visit = (parent: string | undefined, item: unknown) => {
      for (const t of CII_TERMS.filter((x) => x.group === parent)) if (getPath(item, t.model) !== undefined) covered.add(t.id);
      for (const g of CII_GROUPS.filter((x) => x.parent === parent)) {
        const items = getPath(item, g.model);
        if (!Array.isArray(items)) continue;
        if (items.length > 0) covered.add(g.id);
        for (const it of items) visit(g.id, it);
      }
    };
    visit(undefined, fullInvoice());
    // BT-8 is excluded from the fixture by BR-CO-03 (not next to BT-7) and covered by a variant below.
    const all = [...CII_TERMS.map((t) => t.id), ...CII_GROUPS.map((g) => g.id)].filter((id) => id !== 'BT-8');
    expect(all.filter((id) => !covered.has(id))).toEqual([]);
  });

  it('derives the element names the writer uses', () => {
    expect(leafElement('BT-1')).toBe('ram:ID');
    expect(leafElement('BT-2')).toBe('ram:IssueDateTime');
    expect(leafElement('BT-7')).toBe('ram:TaxPointDate');
    expect(leafElement('BT-26')).toBe('ram:FormattedIssueDateTime');
    expect(leafElement('BT-31')).toBe('ram:ID');
    expect(leafElement('BT-95')).toBe('ram:CategoryCode');
    expect(() => leafElement('BT-29-1')).toThrow();
    expect(() => leafElement('BT-9999')).toThrow();
  });

  it('splits paths on slashes outside predicates', () => {
    expect(pathSteps("a/b[c/d='x']/e")).toEqual(['a', "b[c/d='x']", 'e']);
  });
});

describe('writer and binding table agree', () => {
  it('on the full invoice: every term is where the table says, with the model value', () => {
    const inv = fullInvoice();
    expect(disagreements(inv, writeCii(inv))).toEqual([]);
  });

  it('on the BT-8 variant', () => {
    const inv = fullInvoice();
    inv.taxPointDate = undefined;
    inv.taxPointDateCode = '29';
    expect(disagreements(inv, writeCii(inv))).toEqual([]);
  });

  it('on the minimal invoice (absent terms leave no trace)', () => {
    const inv = fullInvoice();
    const minimal: Invoice = {
      ...inv,
      vatAccountingCurrency: undefined,
      buyerReference: undefined,
      notes: [],
      precedingInvoices: [],
      payee: undefined,
      delivery: undefined,
      supportingDocuments: [],
      totals: { ...inv.totals, vatTotalInAccountingCurrency: undefined, roundingAmount: undefined },
    };
    expect(disagreements(minimal, writeCii(minimal))).toEqual([]);
  });

  it('the check notices a value written in the wrong place', () => {
    const inv = fullInvoice();
    const xml = writeCii(inv).replace('<ram:BuyerReference>', '<ram:BuyerReference>X');
    expect(disagreements(inv, xml)).toEqual([expect.stringContaining('BT-10')]);
  });

  it('keeps only the first preceding invoice, as CII D16B allows one', () => {
    const inv = fullInvoice();
    expect(inv.precedingInvoices.length).toBeGreaterThan(1);
    const refs = withXmlDocument(writeCii(inv), (doc) =>
      doc.root.find(groupBinding('BG-3').context, NS).map((n) => (n as XmlElement).get('ram:IssuerAssignedID', NS)?.content),
    );
    expect(refs).toEqual([inv.precedingInvoices[0]!.reference]);
  });
});
