/**
 * The JSON path writing UBL (lib/generate.ts): the rule set is named as the
 * UBL validation names it, and the French rules of the UBL binding
 * (lib/rules/br-fr/ubl) judge the UBL written for a French seller.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { toElementTree } from '../../lib/cii/reader/tree.js';
import { checkInvoiceInput, generateInvoiceXml, UBL_RULE_SET_VERSION } from '../../lib/generate.js';
import { parseInvoiceInput, type InvoiceInput } from '../../lib/input/schema.js';
import { checkBrFrUbl } from '../../lib/rules/br-fr/ubl/index.js';
import { UBL_RULE_SET_VERSION as VALIDATION_LABEL } from '../../lib/ubl/validate-ubl.js';
import { withXmlDocument } from '../../lib/xml/parse.js';

const french = JSON.parse(readFileSync(resolve(import.meta.dirname, '..', 'fixtures', 'french', 'invoices.json'), 'utf8')) as Record<string, unknown>;

function input(body: unknown): InvoiceInput {
  const r = parseInvoiceInput(body);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.value;
}

describe('writing UBL from JSON', () => {
  it('names the EN 16931 rule set as the UBL validation does', () => {
    expect(UBL_RULE_SET_VERSION).toBe(VALIDATION_LABEL);
  });

  it('runs the French UBL rules on the UBL written for a French seller, and says so in ruleSets', () => {
    for (const [name, body] of Object.entries(french)) {
      const written = generateInvoiceXml(input(body), { syntax: 'ubl' });
      expect(written.validation.ruleSets, name).toEqual([UBL_RULE_SET_VERSION, 'BR-FR 1.4.0.02']);
      expect(written.xml, name).toBeDefined();
      expect(checkBrFrUbl(withXmlDocument(written.xml!, (doc) => toElementTree(doc))), name).toEqual([]);
    }
    const withoutProcess = { ...(Object.values(french)[0] as Record<string, unknown>) };
    delete withoutProcess.businessProcess;
    const verdict = checkInvoiceInput(input(withoutProcess), { syntax: 'ubl' });
    expect(verdict.errors.map((e) => [e.rule, e.path])).toEqual([['BR-FR-08_BT-23', 'businessProcess']]);
    // CII keeps its own rules.
    expect(checkInvoiceInput(input(Object.values(french)[0]), { syntax: 'cii' }).valid).toBe(true);
  });
});
