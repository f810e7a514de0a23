import { describe, expect, it } from 'vitest';
import { renderDocsPage } from './docs-page.js';

describe('GET /api/docs page', () => {
  const html = renderDocsPage();
  /** The row of one input field: its path, then its type, required flag and meaning. */
  const row = (path: string): string => {
    const at = html.indexOf(`<tr><td><code>${path}</code></td>`);
    return at < 0 ? '' : html.slice(at, html.indexOf('</tr>', at));
  };

  it('lists the fields inside optional objects and optional arrays of objects, each with its EN 16931 term', () => {
    expect(row('items[].baseQuantity')).toContain('BT-149');
    expect(row('items[].attributes[].name')).toContain('BT-160');
    expect(row('items[].classifications[].scheme')).toContain('BT-158-1');
    expect(row('items[].allowances[].reason')).toContain('BT-139');
    expect(row('supportingDocuments[].attachment.content')).toContain('BT-125');
    expect(row('supportingDocuments[].attachment.mimeCode')).toContain('BT-125-1');
    expect(row('deliverTo.locationId')).toContain('BT-71');
    expect(row('payee.name')).toContain('BT-59');
    expect(row('taxRepresentative.vatNumber')).toContain('BT-63');
    expect(row('paymentMeans.card.lastDigits')).toContain('BT-87');
    expect(row('paymentMeans.directDebit.creditorId')).toContain('BT-90');
    expect(row('totals.roundingAmount')).toContain('BT-114');
    expect(row('taxPointDateCode')).toContain('BT-8');
  });
});
