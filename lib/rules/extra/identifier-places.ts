/**
 * Where identifiers with a scheme (ICD or EAS) sit in the model, for the checks
 * that look at every SIREN (scheme 0002) or SIRET (scheme 0009) of an invoice.
 */
import type { Identifier, Invoice } from '../../model/invoice.js';

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
export function schemedIdentifiers(inv: Invoice): IdentifierPlace[] {
  const places: Array<[string, Identifier | undefined]> = [
    ...inv.seller.identifiers.map((id, i): [string, Identifier] => [`seller.identifiers[${i}]`, id]),
    ['seller.legalRegistrationId', inv.seller.legalRegistrationId],
    ['seller.electronicAddress', inv.seller.electronicAddress],
    ['buyer.identifier', inv.buyer.identifier],
    ['buyer.legalRegistrationId', inv.buyer.legalRegistrationId],
    ['buyer.electronicAddress', inv.buyer.electronicAddress],
    ['payee.identifier', inv.payee?.identifier],
    ['payee.legalRegistrationId', inv.payee?.legalRegistrationId],
    ['delivery.locationId', inv.delivery?.locationId],
    ...inv.lines.map((line, i): [string, Identifier | undefined] => [`lines[${i}].item.standardId`, line.item.standardId]),
  ];
  const out: IdentifierPlace[] = [];
  for (const [path, identifier] of places) {
    if (identifier && identifier.id.trim() !== '') out.push({ path: `${path}.id`, identifier });
  }
  return out;
}

/** True when the identifier's scheme is `scheme` (blanks around it ignored). */
export function hasScheme(identifier: Identifier, scheme: string): boolean {
  return identifier.scheme?.trim() === scheme;
}
