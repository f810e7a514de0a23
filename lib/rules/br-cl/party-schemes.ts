/**
 * Which official code-list rule checks the scheme of a party identifier. The
 * CII binding decides by element, not by business term: a `ram:GlobalID`
 * with `@schemeID` falls under BR-CL-10 (BR-CL-26 under the ship-to party),
 * any `ram:ID` with `@schemeID` outside a tax registration under BR-CL-11.
 * A model not read from CII is written with party identifiers as GlobalID
 * when they have a scheme (lib/cii/writer.ts), so there the business term
 * decides: BT-29/46/60 BR-CL-10, BT-71 BR-CL-26, BT-30/47/61 BR-CL-11.
 * The official rules check every such element: the schemes of a buyer's,
 * payee's or ship-to party's identifiers beyond the one the model keeps are
 * source facts (`unmodelledCodes` of element `global|ship-to|id @schemeID`).
 */
import type { Identifier, Invoice } from '../../model/invoice.js';
import { isGlobalId, unmodelledCodes } from '../../model/source-facts.js';
import type { CodedValue } from './code-checks.js';

/** The party and location identifiers with their model path; `global` says whether written as GlobalID. */
function partyIdentifiers(inv: Invoice): Array<{ id: Identifier | undefined; path: string; global: (id: Identifier) => boolean; shipTo: boolean }> {
  const asGlobal = (id: Identifier): boolean => isGlobalId(inv, id, true);
  const asId = (id: Identifier): boolean => isGlobalId(inv, id, false);
  return [
    ...inv.seller.identifiers.map((id, i) => ({ id, path: `seller.identifiers[${i}]`, global: asGlobal, shipTo: false })),
    { id: inv.buyer.identifier, path: 'buyer.identifier', global: asGlobal, shipTo: false },
    { id: inv.payee?.identifier, path: 'payee.identifier', global: asGlobal, shipTo: false },
    { id: inv.delivery?.locationId, path: 'delivery.locationId', global: asGlobal, shipTo: true },
    { id: inv.seller.legalRegistrationId, path: 'seller.legalRegistrationId', global: asId, shipTo: false },
    { id: inv.buyer.legalRegistrationId, path: 'buyer.legalRegistrationId', global: asId, shipTo: false },
    { id: inv.payee?.legalRegistrationId, path: 'payee.legalRegistrationId', global: asId, shipTo: false },
  ];
}

/** The schemes BR-CL-10 (`global`, not ship-to), BR-CL-26 (`global`, ship-to) or BR-CL-11 (`id`) checks. */
export function partySchemes(inv: Invoice, kind: 'global' | 'ship-to' | 'id'): CodedValue[] {
  return partyIdentifiers(inv)
    .filter(({ id, global, shipTo }) => {
      if (id === undefined) return false;
      if (kind === 'id') return !global(id);
      return global(id) && shipTo === (kind === 'ship-to');
    })
    .map(({ id, path }): CodedValue => ({ path: `${path}.scheme`, value: id!.scheme }))
    // A buyer, payee or ship-to party's further ram:ID / ram:GlobalID, which the model does not keep (lib/cii/reader).
    .concat(unmodelledCodes(inv, `${kind} @schemeID`));
}
