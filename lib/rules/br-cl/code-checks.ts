/**
 * Shared check of the BR-CL code-list rules: a coded term, when present, is in
 * its list. Mirrors the CEN test `contains(list, concat(' ', normalize-space(.), ' '))`
 * on every element of the code's name: surrounding blanks are ignored, and an
 * element that is present but empty (or blank) fails, since `'  '` is in no
 * list. For a model not read from CII a blank value counts as absent.
 */
import type { Invoice } from '../../model/invoice.js';
import { elementPresent } from '../../model/source-facts.js';
import type { Report } from '../types.js';

/** A coded value and where it sits in the model. */
export interface CodedValue {
  path: string;
  value: string | undefined;
}

/** How a value is compared: trimmed (default), trimmed and upper-cased (VATEX), or as is (MIME equality). */
export type Comparison = 'trim' | 'upper' | 'exact';

/** Reports each present value that is not in `allowed` (a present but blank one included, for a document). */
export function checkCodes(inv: Invoice, values: Iterable<CodedValue>, allowed: ReadonlySet<string>, report: Report, comparison: Comparison = 'trim'): void {
  for (const { path, value } of values) {
    if (value === undefined) continue;
    if (value.trim() === '' && !elementPresent(inv, path, false)) continue;
    const key = comparison === 'exact' ? value : comparison === 'upper' ? value.trim().toUpperCase() : value.trim();
    if (!allowed.has(key)) report({ path });
  }
}

/** Country codes of every postal address (BT-40 seller, BT-55 buyer, BT-69 tax representative, BT-80 deliver-to). */
export function addressCountries(inv: Invoice): CodedValue[] {
  return [
    { path: 'seller.address.countryCode', value: inv.seller.address.countryCode },
    { path: 'buyer.address.countryCode', value: inv.buyer.address.countryCode },
    { path: 'taxRepresentative.address.countryCode', value: inv.taxRepresentative?.address.countryCode },
    { path: 'delivery.address.countryCode', value: inv.delivery?.address?.countryCode },
  ];
}
