/**
 * The parties of a UBL invoice (./read.ts) by the EN 16931 UBL binding:
 * seller `cac:AccountingSupplierParty/cac:Party` (BG-4..BG-6), buyer
 * `cac:AccountingCustomerParty/cac:Party` (BG-7..BG-9), payee
 * `cac:PayeeParty` (BG-10) and seller tax representative
 * `cac:TaxRepresentativeParty` (BG-11, BG-12), with their postal addresses
 * (`cac:PostalAddress`), contacts (`cac:Contact`) and electronic addresses
 * (`cbc:EndpointID`).
 *
 * Names: BT-27 / BT-44 are the `cac:PartyLegalEntity/cbc:RegistrationName`,
 * BT-28 / BT-45 the `cac:PartyName/cbc:Name`; BT-59 and BT-62 the
 * `cac:PartyName/cbc:Name`. VAT identifiers (BT-31, BT-48, BT-63) are the
 * `cbc:CompanyID` of a `cac:PartyTaxScheme` whose `cac:TaxScheme/cbc:ID` is
 * `VAT`, BT-32 that of another scheme. A `cac:PartyIdentification/cbc:ID`
 * with `@schemeID` "SEPA" is the bank assigned creditor identifier (BT-90),
 * not a party identifier (BT-29 / BT-60).
 */
import type { Buyer, Contact, Identifier, Invoice, Payee, PostalAddress, Seller, TaxRepresentative } from '../../model/invoice.js';
import type { CiiElement } from '../../cii/reader/tree.js';
import { all, first, isVatScheme, kids, type UblReadContext } from './context.js';

/** Whether a party identifier is the SEPA creditor identifier (BT-90), `upper-case(@schemeID) = 'SEPA'` as UBL-SR-29 reads it. */
export function isSepaIdentifier(id: CiiElement): boolean {
  return id.attrs.schemeID?.toUpperCase() === 'SEPA';
}

/** The `cbc:CompanyID` elements of the party's `cac:PartyTaxScheme`s of the VAT scheme (`vat`) or of the others. */
function taxSchemeIds(root: CiiElement | undefined, role: string, vat: boolean): CiiElement[] {
  return all(root, role, 'cac:Party', 'cac:PartyTaxScheme')
    .filter((s) => isVatScheme(s) === vat)
    .flatMap((s) => kids(s, 'cbc:CompanyID'));
}

const SELLER = 'cac:AccountingSupplierParty';
const BUYER = 'cac:AccountingCustomerParty';

/**
 * BG-4 SELLER with BG-5 and BG-6 (BT-27..BT-43), from the root's
 * `cac:AccountingSupplierParty`: each term by its path from the root, as the
 * official tests read it (`cac:AccountingSupplierParty/cac:Party/cac:PartyLegalEntity/cbc:RegistrationName`
 * finds the name in a second `cac:Party`, or a second supplier party, when
 * the first has none).
 */
export function readSeller(cx: UblReadContext, root: CiiElement): Seller {
  const role = first(root, SELLER);
  cx.at('seller', first(root, SELLER, 'cac:Party') ?? role);
  const seller: Seller = {
    name: cx.required('seller.name', first(root, SELLER, 'cac:Party', 'cac:PartyLegalEntity', 'cbc:RegistrationName')),
    identifiers: [],
    address: readAddress(cx, 'seller.address', first(root, SELLER, 'cac:Party', 'cac:PostalAddress')) ?? {},
  };
  if (role === undefined) return seller;
  for (const id of all(root, SELLER, 'cac:Party', 'cac:PartyIdentification', 'cbc:ID')) {
    if (!isSepaIdentifier(id)) seller.identifiers.push(cx.identifier(`seller.identifiers[${seller.identifiers.length}]`, id)!);
  }
  const trading = cx.text('seller.tradingName', first(root, SELLER, 'cac:Party', 'cac:PartyName', 'cbc:Name'));
  if (trading !== undefined) seller.tradingName = trading;
  const legalId = cx.identifier('seller.legalRegistrationId', first(root, SELLER, 'cac:Party', 'cac:PartyLegalEntity', 'cbc:CompanyID'));
  if (legalId !== undefined) seller.legalRegistrationId = legalId;
  const vat = cx.text('seller.vatId', taxSchemeIds(root, SELLER, true)[0]);
  if (vat !== undefined) seller.vatId = vat;
  const other = cx.text('seller.taxRegistrationId', taxSchemeIds(root, SELLER, false)[0]);
  if (other !== undefined) seller.taxRegistrationId = other;
  const info = cx.text('seller.additionalLegalInfo', first(root, SELLER, 'cac:Party', 'cac:PartyLegalEntity', 'cbc:CompanyLegalForm'));
  if (info !== undefined) seller.additionalLegalInfo = info;
  const endpoint = cx.identifier('seller.electronicAddress', first(root, SELLER, 'cac:Party', 'cbc:EndpointID'));
  if (endpoint !== undefined) seller.electronicAddress = endpoint;
  const contact = readContact(cx, 'seller.contact', first(root, SELLER, 'cac:Party', 'cac:Contact'));
  if (contact !== undefined) seller.contact = contact;
  return seller;
}

/** BG-7 BUYER with BG-8 and BG-9 (BT-44..BT-58), from the root's `cac:AccountingCustomerParty` (each term by its path from the root, as for the seller). */
export function readBuyer(cx: UblReadContext, root: CiiElement): Buyer {
  const role = first(root, BUYER);
  cx.at('buyer', first(root, BUYER, 'cac:Party') ?? role);
  const buyer: Buyer = {
    name: cx.required('buyer.name', first(root, BUYER, 'cac:Party', 'cac:PartyLegalEntity', 'cbc:RegistrationName')),
    address: readAddress(cx, 'buyer.address', first(root, BUYER, 'cac:Party', 'cac:PostalAddress')) ?? {},
  };
  if (role === undefined) return buyer;
  const id = cx.identifier('buyer.identifier', first(root, BUYER, 'cac:Party', 'cac:PartyIdentification', 'cbc:ID'));
  if (id !== undefined) buyer.identifier = id;
  const trading = cx.text('buyer.tradingName', first(root, BUYER, 'cac:Party', 'cac:PartyName', 'cbc:Name'));
  if (trading !== undefined) buyer.tradingName = trading;
  const legalId = cx.identifier('buyer.legalRegistrationId', first(root, BUYER, 'cac:Party', 'cac:PartyLegalEntity', 'cbc:CompanyID'));
  if (legalId !== undefined) buyer.legalRegistrationId = legalId;
  const vat = cx.text('buyer.vatId', taxSchemeIds(root, BUYER, true)[0]);
  if (vat !== undefined) buyer.vatId = vat;
  const endpoint = cx.identifier('buyer.electronicAddress', first(root, BUYER, 'cac:Party', 'cbc:EndpointID'));
  if (endpoint !== undefined) buyer.electronicAddress = endpoint;
  const contact = readContact(cx, 'buyer.contact', first(root, BUYER, 'cac:Party', 'cac:Contact'));
  if (contact !== undefined) buyer.contact = contact;
  return buyer;
}

/** BG-10 PAYEE (BT-59..BT-61). */
export function readPayee(cx: UblReadContext, inv: Invoice, el: CiiElement | undefined): void {
  if (el === undefined) return;
  cx.at('payee', el);
  const payee: Payee = { name: cx.required('payee.name', first(el, 'cac:PartyName', 'cbc:Name')) };
  const id = all(el, 'cac:PartyIdentification', 'cbc:ID').find((i) => !isSepaIdentifier(i));
  const identifier = cx.identifier('payee.identifier', id);
  if (identifier !== undefined) payee.identifier = identifier;
  const legalId = cx.identifier('payee.legalRegistrationId', first(el, 'cac:PartyLegalEntity', 'cbc:CompanyID'));
  if (legalId !== undefined) payee.legalRegistrationId = legalId;
  inv.payee = payee;
}

/** BG-11 SELLER TAX REPRESENTATIVE PARTY with BG-12 (BT-62..BT-69). */
export function readTaxRepresentative(cx: UblReadContext, inv: Invoice, el: CiiElement | undefined): void {
  if (el === undefined) return;
  cx.at('taxRepresentative', el);
  const rep: TaxRepresentative = {
    name: cx.required('taxRepresentative.name', first(el, 'cac:PartyName', 'cbc:Name')),
    address: readAddress(cx, 'taxRepresentative.address', first(el, 'cac:PostalAddress')) ?? {},
  };
  const vat = cx.text(
    'taxRepresentative.vatId',
    kids(el, 'cac:PartyTaxScheme')
      .filter((s) => isVatScheme(s))
      .flatMap((s) => kids(s, 'cbc:CompanyID'))[0],
  );
  if (vat !== undefined) rep.vatId = vat;
  inv.taxRepresentative = rep;
}

/** A postal address (BG-5, BG-8, BG-12: `cac:PostalAddress`; BG-15: `cac:Address`); undefined when the element is absent. */
export function readAddress(cx: UblReadContext, path: string, el: CiiElement | undefined): PostalAddress | undefined {
  if (el === undefined) return undefined;
  cx.at(path, el);
  const a: PostalAddress = {};
  const put = (key: keyof PostalAddress, ...steps: string[]): void => {
    const v = cx.text(`${path}.${key}`, first(el, ...steps));
    if (v !== undefined) a[key] = v;
  };
  put('line1', 'cbc:StreetName');
  put('line2', 'cbc:AdditionalStreetName');
  put('line3', 'cac:AddressLine', 'cbc:Line');
  put('city', 'cbc:CityName');
  put('postcode', 'cbc:PostalZone');
  put('subdivision', 'cbc:CountrySubentity');
  put('countryCode', 'cac:Country', 'cbc:IdentificationCode');
  return a;
}

/** BG-6 / BG-9: `cac:Contact` (BT-41 `cbc:Name`, BT-42 `cbc:Telephone`, BT-43 `cbc:ElectronicMail`). */
function readContact(cx: UblReadContext, path: string, el: CiiElement | undefined): Contact | undefined {
  if (el === undefined) return undefined;
  cx.at(path, el);
  const c: Contact = {};
  const name = cx.text(`${path}.name`, first(el, 'cbc:Name'));
  if (name !== undefined) c.name = name;
  const phone = cx.text(`${path}.phone`, first(el, 'cbc:Telephone'));
  if (phone !== undefined) c.phone = phone;
  const email = cx.text(`${path}.email`, first(el, 'cbc:ElectronicMail'));
  if (email !== undefined) c.email = email;
  return c;
}

/** The SEPA creditor identifiers (BT-90) of a party (`cac:PayeeParty`, or the seller's `cac:Party`), as identifiers. */
export function sepaIdentifiers(party: CiiElement | undefined): CiiElement[] {
  return all(party, 'cac:PartyIdentification', 'cbc:ID').filter(isSepaIdentifier);
}

export type { Identifier };
