/**
 * Rule selection (lib/rules/rule-sets.ts): `rules` values and lists, what
 * `auto` adds from the document (BT-40 FR, an XRechnung or Peppol BT-24), and
 * the labels answers list.
 */
import { describe, expect, it } from 'vitest';
import { chooseRuleSets, parseRuleRequest, PEPPOL_CUSTOMIZATION_ID, ruleSetsRun } from '../../lib/rules/rule-sets.js';
import { XR_CIUS_ID, XR_CVD_ID, XR_EXTENSION_ID } from '../../lib/rules/xrechnung/index.js';

describe('rule selection', () => {
  it('reads one value, a comma-separated string and a JSON list; refuses anything else', () => {
    expect(parseRuleRequest('xrechnung')).toBe('xrechnung');
    expect(parseRuleRequest('peppol, fr')).toEqual(['peppol', 'fr']);
    expect(parseRuleRequest(['peppol', 'fr', 'peppol'])).toEqual(['peppol', 'fr']);
    expect(parseRuleRequest(['fr'])).toBe('fr');
    for (const bad of ['', 'de', 'fr,', ['fr', 'x'], [], 3, null]) expect(parseRuleRequest(bad)).toBeUndefined();
  });

  it.each([
    ['auto, French seller (CII)', undefined, { syntax: 'cii', sellerCountry: 'FR' }, { brFr: true, xrechnung: false, peppol: false }],
    ['auto, German seller, plain EN 16931 (no guess from the country)', 'auto', { syntax: 'cii', sellerCountry: 'DE', specificationId: 'urn:cen.eu:en16931:2017' }, { brFr: false, xrechnung: false, peppol: false }],
    ['auto, XRechnung BT-24 (CII)', 'auto', { syntax: 'cii', sellerCountry: 'DE', specificationId: XR_CIUS_ID }, { brFr: false, xrechnung: true, peppol: false }],
    ['auto, XRechnung extension BT-24', 'auto', { syntax: 'ubl', specificationId: XR_EXTENSION_ID }, { brFr: false, xrechnung: true, peppol: false }],
    ['auto, XRechnung CVD BT-24', 'auto', { syntax: 'cii', specificationId: XR_CVD_ID }, { brFr: false, xrechnung: true, peppol: false }],
    ['auto, Peppol BT-24 on UBL', 'auto', { syntax: 'ubl', sellerCountry: 'FR', specificationId: PEPPOL_CUSTOMIZATION_ID }, { brFr: true, xrechnung: false, peppol: true }],
    ['auto, Peppol BT-24 on CII (no Peppol CII rules)', 'auto', { syntax: 'cii', specificationId: PEPPOL_CUSTOMIZATION_ID }, { brFr: false, xrechnung: false, peppol: false }],
    ['en16931 only, even for a French seller', 'en16931', { syntax: 'cii', sellerCountry: 'FR', specificationId: XR_CIUS_ID }, { brFr: false, xrechnung: false, peppol: false }],
    ['a list: peppol and fr', ['peppol', 'fr'], { syntax: 'ubl', sellerCountry: 'BE' }, { brFr: true, xrechnung: false, peppol: true }],
    ['a list with auto: what auto adds and the rest', ['auto', 'xrechnung'], { syntax: 'cii', sellerCountry: 'FR' }, { brFr: true, xrechnung: true, peppol: false }],
  ] as const)('%s', (_name, request, facts, expected) => {
    expect(chooseRuleSets(request, facts)).toEqual(expected);
  });

  it('lists the rule sets with their versions, EN 16931 named after the syntax', () => {
    expect(ruleSetsRun({ brFr: true, xrechnung: true, peppol: true }, 'ubl')).toEqual(['EN 16931 UBL 1.3.16', 'BR-FR 1.4.0.02', 'XRechnung 3.0.2', 'Peppol BIS Billing 3.0.21']);
    expect(ruleSetsRun(false)).toEqual(['EN 16931 CII 1.3.16']);
  });
});
