/**
 * The parties of an EN 16931 invoice in UBL 2.1 (EN 16931-3-2): seller
 * (BG-4..BG-6), buyer (BG-7..BG-9), payee (BG-10), seller tax representative
 * (BG-11, BG-12) and delivery (BG-13, BG-15), in the element order of the
 * UBL 2.1 `PartyType`, `AddressType` and `DeliveryType`.
 */
import type { Buyer, Contact, Delivery, Identifier, Invoice, Payee, PostalAddress, Seller, TaxRepresentative } from '../model/invoice.js';
import { has, hasId, type UblWriter } from './writer-core.js';

/**
 * The scheme of the bank assigned creditor identifier (BT-90) in UBL: a
 * `cac:PartyIdentification/cbc:ID` of the payee, or of the seller when there
 * is no payee, with `@schemeID` "SEPA" (the CEN UBL binding; UBL-SR-29 allows one).
 */
export const CREDITOR_ID_SCHEME = 'SEPA';

/**
 * `cac:TaxScheme/cbc:ID` of the seller tax registration identifier (BT-32):
 * any scheme but VAT marks it (UBL-SR-13); "FC" is the code CII gives it.
 */
const TAX_REGISTRATION_SCHEME = 'FC';

/**
 * BG-5 / BG-8 / BG-12 / BG-15 as a `cac:PostalAddress` (or `cac:Address`):
 * lines 1 and 2 as StreetName and AdditionalStreetName, line 3 as
 * AddressLine/Line, the country as Country/IdentificationCode. Written only
 * when it holds something (UBL, unlike CII, has no mandatory element here).
 */
export function writeAddress(w: UblWriter, a: PostalAddress | undefined, tag = 'cac:PostalAddress'): void {
  if (a === undefined) return;
  w.open(tag, '', true);
  w.text('cbc:StreetName', a.line1);
  w.text('cbc:AdditionalStreetName', a.line2);
  w.text('cbc:CityName', a.city);
  w.text('cbc:PostalZone', a.postcode);
  w.text('cbc:CountrySubentity', a.subdivision);
  if (has(a.line3)) {
    w.open('cac:AddressLine');
    w.text('cbc:Line', a.line3);
    w.close();
  }
  if (has(a.countryCode)) {
    w.open('cac:Country');
    w.text('cbc:IdentificationCode', a.countryCode);
    w.close();
  }
  w.close();
}

/** Party identifiers (BT-29 / BT-46 / BT-60) and the creditor identifier (BT-90), each in its own cac:PartyIdentification. */
function partyIdentifications(w: UblWriter, ids: readonly (Identifier | undefined)[], creditorId: string | undefined): void {
  for (const id of ids) {
    if (!hasId(id)) continue;
    w.open('cac:PartyIdentification');
    w.id('cbc:ID', id);
    w.close();
  }
  if (has(creditorId)) {
    w.open('cac:PartyIdentification');
    w.id('cbc:ID', { id: creditorId, scheme: CREDITOR_ID_SCHEME });
    w.close();
  }
}

function partyName(w: UblWriter, name: string | undefined): void {
  if (!has(name)) return;
  w.open('cac:PartyName');
  w.text('cbc:Name', name);
  w.close();
}

/** A VAT identifier (BT-31 / BT-48 / BT-63) or another tax registration (BT-32) as a cac:PartyTaxScheme. */
function partyTaxScheme(w: UblWriter, companyId: string | undefined, scheme: string): void {
  if (!has(companyId)) return;
  w.open('cac:PartyTaxScheme');
  w.text('cbc:CompanyID', companyId);
  w.open('cac:TaxScheme');
  w.leaf('cbc:ID', scheme);
  w.close();
  w.close();
}

/** BG-6 / BG-9 as cac:Contact: Name, Telephone, ElectronicMail. */
function contact(w: UblWriter, c: Contact | undefined): void {
  if (c === undefined) return;
  w.open('cac:Contact', '', true);
  w.text('cbc:Name', c.name);
  w.text('cbc:Telephone', c.phone);
  w.text('cbc:ElectronicMail', c.email);
  w.close();
}

/**
 * BG-4 SELLER as cac:AccountingSupplierParty/cac:Party: EndpointID (BT-34),
 * PartyIdentification (BT-29, and BT-90 when there is no payee), PartyName
 * (BT-28), PostalAddress (BG-5), PartyTaxScheme VAT (BT-31) and FC (BT-32),
 * PartyLegalEntity (BT-27, BT-30, BT-33), Contact (BG-6).
 */
export function writeSeller(w: UblWriter, s: Seller, creditorId: string | undefined): void {
  w.open('cac:AccountingSupplierParty');
  w.open('cac:Party');
  w.id('cbc:EndpointID', s.electronicAddress);
  partyIdentifications(w, s.identifiers, creditorId);
  partyName(w, s.tradingName);
  writeAddress(w, s.address);
  partyTaxScheme(w, s.vatId, 'VAT');
  partyTaxScheme(w, s.taxRegistrationId, TAX_REGISTRATION_SCHEME);
  w.open('cac:PartyLegalEntity', '', true);
  w.text('cbc:RegistrationName', s.name);
  w.id('cbc:CompanyID', s.legalRegistrationId);
  w.text('cbc:CompanyLegalForm', s.additionalLegalInfo);
  w.close();
  contact(w, s.contact);
  w.close();
  w.close();
}

/**
 * BG-7 BUYER as cac:AccountingCustomerParty/cac:Party: EndpointID (BT-49),
 * PartyIdentification (BT-46), PartyName (BT-45), PostalAddress (BG-8),
 * PartyTaxScheme VAT (BT-48), PartyLegalEntity (BT-44, BT-47), Contact (BG-9).
 */
export function writeBuyer(w: UblWriter, b: Buyer): void {
  w.open('cac:AccountingCustomerParty');
  w.open('cac:Party');
  w.id('cbc:EndpointID', b.electronicAddress);
  partyIdentifications(w, [b.identifier], undefined);
  partyName(w, b.tradingName);
  writeAddress(w, b.address);
  partyTaxScheme(w, b.vatId, 'VAT');
  w.open('cac:PartyLegalEntity', '', true);
  w.text('cbc:RegistrationName', b.name);
  w.id('cbc:CompanyID', b.legalRegistrationId);
  w.close();
  contact(w, b.contact);
  w.close();
  w.close();
}

/** BG-10 PAYEE as cac:PayeeParty: PartyIdentification (BT-60, and BT-90), PartyName (BT-59), PartyLegalEntity/CompanyID (BT-61). */
export function writePayee(w: UblWriter, p: Payee | undefined, creditorId: string | undefined): void {
  if (p === undefined) return;
  w.open('cac:PayeeParty');
  partyIdentifications(w, [p.identifier], creditorId);
  partyName(w, p.name);
  if (hasId(p.legalRegistrationId)) {
    w.open('cac:PartyLegalEntity');
    w.id('cbc:CompanyID', p.legalRegistrationId);
    w.close();
  }
  w.close();
}

/** BG-11 SELLER TAX REPRESENTATIVE PARTY as cac:TaxRepresentativeParty: PartyName (BT-62), PostalAddress (BG-12), PartyTaxScheme VAT (BT-63). */
export function writeTaxRepresentative(w: UblWriter, r: TaxRepresentative | undefined): void {
  if (r === undefined) return;
  w.open('cac:TaxRepresentativeParty');
  partyName(w, r.name);
  writeAddress(w, r.address);
  partyTaxScheme(w, r.vatId, 'VAT');
  w.close();
}

/**
 * BG-13 DELIVERY INFORMATION as cac:Delivery: ActualDeliveryDate (BT-72),
 * DeliveryLocation with ID (BT-71) and Address (BG-15), DeliveryParty
 * PartyName (BT-70).
 */
export function writeDelivery(w: UblWriter, d: Delivery | undefined): void {
  if (d === undefined) return;
  w.open('cac:Delivery', '', true);
  w.date('cbc:ActualDeliveryDate', d.actualDate);
  w.open('cac:DeliveryLocation', '', true);
  w.id('cbc:ID', d.locationId);
  writeAddress(w, d.address, 'cac:Address');
  w.close();
  if (has(d.name)) {
    w.open('cac:DeliveryParty');
    partyName(w, d.name);
    w.close();
  }
  w.close();
}

/**
 * The bank assigned creditor identifier (BT-90) and where it goes: on the
 * payee when the invoice has one, else on the seller.
 */
export function creditorIdPlace(inv: Invoice): { seller: string | undefined; payee: string | undefined } {
  const id = inv.paymentInstructions?.directDebit?.creditorId;
  return inv.payee !== undefined ? { seller: undefined, payee: id } : { seller: id, payee: undefined };
}
