import { describe, expect, it } from 'vitest';
import { flatPathOf, flatV1ToV2, isFlatV1Invoice } from './flat-input.js';

describe('flat v1 names', () => {
  it('maps onto the v2 shape', () => {
    const data = { invoiceNumber: 'F-1', supplierName: 'S', sellerVAT: 'FR1', buyerAddress: 'x', totalHT: 10 };
    expect(isFlatV1Invoice(data)).toBe(true);
    expect(flatV1ToV2(data)).toStrictEqual({ invoiceNumber: 'F-1', seller: { name: 'S', vatNumber: 'FR1' }, buyer: { address: 'x' }, totals: { totalHT: 10 } });
  });

  it('names a problem of the mapped invoice as the client wrote it', () => {
    const data = { supplierName: 'S', sellerVAT: 'FR1', buyerAddress: { line1: 'x' } };
    expect(flatPathOf('seller.name', data)).toBe('supplierName');
    expect(flatPathOf('seller.vatNumber', data)).toBe('sellerVAT'); // the name the client used, not the first in the table
    expect(flatPathOf('buyer.address.city', data)).toBe('buyerAddress.city');
    expect(flatPathOf('buyer.name', data)).toBe('buyerName'); // not sent: the first flat name for it
    expect(flatPathOf('invoiceNumber', data)).toBe('invoiceNumber');
    expect(flatPathOf('items[2].quantity', data)).toBe('items[2].quantity');
    expect(flatPathOf('seller.nameSuffix', data)).toBe('seller.nameSuffix'); // a prefix of the path, not of a segment
  });
});
