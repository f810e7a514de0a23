/**
 * The rule sets beside EN 16931 through the v2 API (issue 24): `rules` takes
 * xrechnung and peppol and lists (JSON array, `?rules=a,b`); XML validation
 * picks XRechnung from BT-24 under `auto` and follows the KoSIT verdict;
 * /api/v2/xml with `rules: xrechnung` writes an XRechnung 3.0 (its profile
 * label, BT-24, ruleSets), a missing term being a 422 with the rule id and
 * the input field; `peppol` on a CII document is a 400.
 */
import { describe, expect, it } from 'vitest';
import { handler as xmlHandler } from '../../functions/v2-xml.js';
import { handler as validateHandler } from '../../functions/v2-validate.js';
import { context, loadEvent } from './load-event.js';

async function call(h: typeof xmlHandler, name: string) {
  const res = await h(loadEvent(name), context);
  return { status: res.statusCode, body: JSON.parse(res.body) };
}

describe('Peppol and XRechnung UBL through the v2 API', () => {
  it('POST /api/v2/xml with rules peppol writes a Peppol BIS Billing 3.0 UBL invoice', async () => {
    const { status, body } = await call(xmlHandler, 'v2-xml/peppol.json');
    expect(status).toBe(200);
    expect(body.data.syntax).toBe('ubl');
    expect(body.data.profile).toBe('Peppol BIS Billing 3.0 (UBL 2.1)');
    expect(body.data.validation.ruleSets).toEqual(['EN 16931 UBL 1.3.16', 'Peppol BIS Billing 3.0.21']);
    expect(body.data.xml).toContain('<cbc:CustomizationID>urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0</cbc:CustomizationID>');
  });

  it('?rules=xrechnung&syntax=ubl writes an XRechnung UBL CreditNote', async () => {
    const { status, body } = await call(xmlHandler, 'v2-xml/xrechnung-ubl-query.json');
    expect(status).toBe(200);
    expect(body.data.documentType).toBe('CreditNote');
    expect(body.data.profile).toBe('XRechnung 3.0 (UBL 2.1)');
    expect(body.data.validation.ruleSets).toEqual(['EN 16931 UBL 1.3.16', 'XRechnung 3.0.2']);
  });
});

describe('XRechnung through the v2 API', () => {
  it('POST /api/v2/xml with rules xrechnung writes an XRechnung 3.0 CII invoice', async () => {
    const { status, body } = await call(xmlHandler, 'v2-xml/xrechnung.json');
    expect(status).toBe(200);
    expect(body.data.profile).toBe('XRechnung 3.0 (CII)');
    expect(body.data.validation.ruleSets).toEqual(['EN 16931 CII 1.3.16', 'XRechnung 3.0.2']);
    expect(body.data.xml).toContain('<ram:ID>urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0</ram:ID>');
    expect(body.data.xml).toContain('<ram:ID>urn:fdc:peppol.eu:2017:poacc:billing:01:1.0</ram:ID>');
    // The seller's electronic address defaults to the contact e-mail (scheme EM).
    expect(body.data.xml).toContain('<ram:URIID schemeID="EM">rechnung@muster-buero.de</ram:URIID>');
  });

  it('?rules=xrechnung without a buyer reference: 422 with BR-DE-15 at buyerReference', async () => {
    const { status, body } = await call(xmlHandler, 'v2-xml/xrechnung-query-missing-buyer-reference.json');
    expect(status).toBe(422);
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.details).toEqual([expect.objectContaining({ rule: 'BR-DE-15', path: 'buyerReference' })]);
  });

  it('POST /api/v2/validate with an XRechnung XML: auto runs XRechnung from BT-24', async () => {
    const { status, body } = await call(validateHandler, 'v2-validate/xml-xrechnung.json');
    expect(status).toBe(200);
    expect(body.data.valid).toBe(true);
    expect(body.data.ruleSets).toEqual(['EN 16931 CII 1.3.16', 'XRechnung 3.0.2']);
    expect(body.data.xrechnungScenario).toBe('xrechnung');
  });

  it('?rules=xrechnung,fr runs both lists: BR-DE-15 and the French rules', async () => {
    const { status, body } = await call(validateHandler, 'v2-validate/xml-xrechnung-fr-missing-buyer-reference.json');
    expect(status).toBe(200);
    expect(body.data.valid).toBe(false);
    expect(body.data.ruleSets).toEqual(['EN 16931 CII 1.3.16', 'BR-FR 1.4.0.02', 'XRechnung 3.0.2']);
    const ids = body.data.errors.map((e: { rule: string }) => e.rule);
    expect(ids).toContain('BR-DE-15');
    expect(ids).toContain('BR-FR-08_BT-23');
    expect(body.data.errors.find((e: { rule: string }) => e.rule === 'BR-DE-15').location).toBe('/rsm:CrossIndustryInvoice');
  });

  it('?rules=peppol on a CII document: 400 naming rules', async () => {
    const { status, body } = await call(validateHandler, 'v2-validate/xml-peppol-on-cii.json');
    expect(status).toBe(400);
    expect(body.error.code).toBe('BAD_REQUEST');
    expect(body.error.details).toEqual([expect.objectContaining({ path: 'rules' })]);
  });
});
