/**
 * The flat invoice names of the earlier v1 description (`supplierName`,
 * `supplierVAT`, ...), mapped onto the v2 invoice shape so both go through the
 * same schema, model and rules (DECISIONS.md, "v1 validate input"): the same
 * types and length limits apply (lib/input/limits.ts), and a problem is
 * reported under the flat name the client sent ({@link flatPathOf}).
 */

/**
 * Flat v1 name -> v2 path (the seller BG-4, buyer BG-7 and totals BG-22 fields). Names not listed pass through
 * unchanged (invoiceNumber, invoiceDate, dueDate, currency, items, ...). The OpenAPI document lists them from here.
 */
export const FLAT_TO_V2: Readonly<Record<string, string>> = Object.freeze({
  supplierName: 'seller.name',
  supplierAddress: 'seller.address',
  supplierVAT: 'seller.vatNumber',
  supplierVat: 'seller.vatNumber',
  supplierVatNumber: 'seller.vatNumber',
  supplierSiret: 'seller.siret',
  supplierSIRET: 'seller.siret',
  supplierSiren: 'seller.siren',
  supplierCountry: 'seller.country',
  sellerName: 'seller.name',
  sellerAddress: 'seller.address',
  sellerVAT: 'seller.vatNumber',
  sellerVatNumber: 'seller.vatNumber',
  sellerSiret: 'seller.siret',
  sellerCountry: 'seller.country',
  buyerName: 'buyer.name',
  buyerAddress: 'buyer.address',
  buyerVAT: 'buyer.vatNumber',
  buyerVat: 'buyer.vatNumber',
  buyerVatNumber: 'buyer.vatNumber',
  buyerSiret: 'buyer.siret',
  buyerSIRET: 'buyer.siret',
  buyerSiren: 'buyer.siren',
  buyerCountry: 'buyer.country',
  totalHT: 'totals.totalHT',
  totalTTC: 'totals.totalTTC',
  prepaidAmount: 'totals.prepaidAmount',
});

/** True when the object uses the flat v1 names rather than v2's `seller` / `buyer` objects. */
export function isFlatV1Invoice(data: Record<string, unknown>): boolean {
  if (typeof data.seller === 'object' || typeof data.buyer === 'object') return false;
  return Object.keys(data).some((k) => k in FLAT_TO_V2);
}

/** Maps a flat v1 invoice onto the v2 shape (paths of the result are v2 paths). */
export function flatV1ToV2(data: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    const target = FLAT_TO_V2[key];
    if (target === undefined) {
      out[key] = value;
      continue;
    }
    const [group, field] = target.split('.') as [string, string];
    const obj = (out[group] ??= {}) as Record<string, unknown>;
    obj[field] = value;
  }
  return out;
}

/**
 * The path a client of the flat v1 names knows for a v2 path of the mapped
 * invoice: `seller.name` -> `supplierName`, `seller.address.city` ->
 * `supplierAddress.city`. The flat name `data` used wins (`sellerName` when
 * the client wrote that); for a field it did not send, the first flat name in
 * the table. Paths without a flat name (`invoiceNumber`, `items[2].quantity`)
 * are unchanged.
 */
export function flatPathOf(v2Path: string, data: Record<string, unknown>): string {
  let fallback: string | undefined;
  for (const [flat, target] of Object.entries(FLAT_TO_V2)) {
    if (v2Path !== target && !v2Path.startsWith(`${target}.`) && !v2Path.startsWith(`${target}[`)) continue;
    const rest = v2Path.slice(target.length);
    if (flat in data) return flat + rest;
    fallback ??= flat + rest;
  }
  return fallback ?? v2Path;
}
