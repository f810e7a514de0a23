/**
 * Where identifiers with a scheme (ICD or EAS) sit in the model, for the checks
 * that look at every SIREN (scheme 0002) or SIRET (scheme 0009) of an invoice.
 */
import type { Identifier, Invoice } from '../../model/invoice.js';
import { memoInRun } from '../engine.js';
import { IndexedPaths, childPath } from '../../model/model-path.js';

const LINE_ITEM_STANDARD_ID = new IndexedPaths('lines', 'item.standardId');

/** An identifier with a scheme and the path of its id in the model. */
export interface IdentifierPlace {
  path: string;
  identifier: Identifier;
}

/**
 * Every identifier that carries an ICD or EAS scheme: seller identifiers
 * (BT-29), legal registration ids (BT-30, BT-47, BT-61), buyer and payee
 * identifiers (BT-46, BT-60), electronic addresses (BT-34, BT-49), deliver-to
 * location (BT-71) and item standard identifiers (BT-157).
 */
export const schemedIdentifiers: (inv: Invoice) => readonly IdentifierPlace[] = memoInRun((inv: Invoice): IdentifierPlace[] => {
  // Computed once per run (two rules ask), in model order; a path is built only for an identifier that is there.
  const out: IdentifierPlace[] = [];
  const add = (path: string, identifier: Identifier | undefined): void => {
    if (has(identifier)) out.push({ path: childPath(path, 'id'), identifier });
  };
  inv.seller.identifiers.forEach((id, i) => {
    if (has(id)) add(`seller.identifiers[${i}]`, id);
  });
  add('seller.legalRegistrationId', inv.seller.legalRegistrationId);
  add('seller.electronicAddress', inv.seller.electronicAddress);
  add('buyer.identifier', inv.buyer.identifier);
  add('buyer.legalRegistrationId', inv.buyer.legalRegistrationId);
  add('buyer.electronicAddress', inv.buyer.electronicAddress);
  add('payee.identifier', inv.payee?.identifier);
  add('payee.legalRegistrationId', inv.payee?.legalRegistrationId);
  add('delivery.locationId', inv.delivery?.locationId);
  inv.lines.forEach((line, i) => {
    if (has(line.item.standardId)) add(LINE_ITEM_STANDARD_ID.at(i), line.item.standardId);
  });
  return out;
});

/** An identifier with a non-blank id. */
function has(identifier: Identifier | undefined): identifier is Identifier {
  return identifier !== undefined && identifier !== null && identifier.id.trim() !== '';
}

/** True when the identifier's scheme is `scheme` (blanks around it ignored). */
export function hasScheme(identifier: Identifier, scheme: string): boolean {
  return identifier.scheme?.trim() === scheme;
}
