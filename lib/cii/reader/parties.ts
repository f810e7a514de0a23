/**
 * The parties of a CII invoice (./read.ts): seller (BG-4), buyer (BG-7),
 * payee (BG-10) and seller tax representative (BG-11), with their postal
 * addresses, contacts and electronic addresses.
 */
import type { Buyer, Contact, Identifier, Invoice, Payee, PostalAddress, Seller, TaxRepresentative } from '../../model/invoice.js';
import { ADDRESS, GLOBAL_ID, ID, LEGAL_ORGANIZATION, NAME, type ReadContext } from './context.js';
import { dig, firstKid, kid } from './navigate.js';
import type { CiiElement } from './tree.js';
import { childPath, itemPath } from '../../model/model-path.js';

/** BG-4 SELLER with BG-5 and BG-6 (BT-27..BT-43). */
export function readSeller(cx: ReadContext, el: CiiElement | undefined): Seller {
  cx.at('seller', el);
  const seller: Seller = {
    name: cx.required('seller.name', kid(el, NAME)),
    identifiers: [],
    address: readAddress(cx, 'seller.address', kid(el, ADDRESS)) ?? {},
  };
  if (el === undefined) return seller;
  // BT-29: every ram:ID and ram:GlobalID, in document order.
  for (const c of el.children) {
    if (c.name !== ID && c.name !== GLOBAL_ID) continue;
    seller.identifiers.push(cx.identifier(itemPath('seller.identifiers', seller.identifiers.length), c)!);
  }
  const legal = kid(el, LEGAL_ORGANIZATION);
  const trading = cx.text('seller.tradingName', kid(legal, 'ram:TradingBusinessName'));
  if (trading !== undefined) seller.tradingName = trading;
  const legalId = cx.identifier('seller.legalRegistrationId', kid(legal, ID));
  if (legalId !== undefined) seller.legalRegistrationId = legalId;
  const vat = cx.taxRegistration('seller.vatId', el, 'VA');
  if (vat !== undefined) seller.vatId = vat;
  const fc = cx.taxRegistration('seller.taxRegistrationId', el, 'FC');
  if (fc !== undefined) seller.taxRegistrationId = fc;
  const info = cx.text('seller.additionalLegalInfo', kid(el, 'ram:Description'));
  if (info !== undefined) seller.additionalLegalInfo = info;
  const endpoint = readElectronicAddress(cx, 'seller.electronicAddress', el);
  if (endpoint !== undefined) seller.electronicAddress = endpoint;
  const contact = readContact(cx, 'seller.contact', kid(el, 'ram:DefinedTradeContact'));
  if (contact !== undefined) seller.contact = contact;
  return seller;
}

/** BG-7 BUYER with BG-8 and BG-9 (BT-44..BT-58). */
export function readBuyer(cx: ReadContext, el: CiiElement | undefined): Buyer {
  cx.at('buyer', el);
  const buyer: Buyer = {
    name: cx.required('buyer.name', kid(el, NAME)),
    address: readAddress(cx, 'buyer.address', kid(el, ADDRESS)) ?? {},
  };
  if (el === undefined) return buyer;
  const id = cx.partyIdentifier('buyer.identifier', el);
  if (id !== undefined) buyer.identifier = id;
  const legal = kid(el, LEGAL_ORGANIZATION);
  const trading = cx.text('buyer.tradingName', kid(legal, 'ram:TradingBusinessName'));
  if (trading !== undefined) buyer.tradingName = trading;
  const legalId = cx.identifier('buyer.legalRegistrationId', kid(legal, ID));
  if (legalId !== undefined) buyer.legalRegistrationId = legalId;
  const vat = cx.taxRegistration('buyer.vatId', el, 'VA');
  if (vat !== undefined) buyer.vatId = vat;
  const endpoint = readElectronicAddress(cx, 'buyer.electronicAddress', el);
  if (endpoint !== undefined) buyer.electronicAddress = endpoint;
  const contact = readContact(cx, 'buyer.contact', kid(el, 'ram:DefinedTradeContact'));
  if (contact !== undefined) buyer.contact = contact;
  return buyer;
}

/** BG-10 PAYEE (BT-59..BT-61). */
export function readPayee(cx: ReadContext, inv: Invoice, el: CiiElement | undefined): void {
  if (el === undefined) return;
  cx.at('payee', el);
  const payee: Payee = { name: cx.required('payee.name', kid(el, NAME)) };
  const id = cx.partyIdentifier('payee.identifier', el);
  if (id !== undefined) payee.identifier = id;
  const legalId = cx.identifier('payee.legalRegistrationId', dig(el, LEGAL_ORGANIZATION, ID));
  if (legalId !== undefined) payee.legalRegistrationId = legalId;
  inv.payee = payee;
}

/** BG-11 SELLER TAX REPRESENTATIVE PARTY with BG-12 (BT-62..BT-69). */
export function readTaxRepresentative(cx: ReadContext, inv: Invoice, el: CiiElement | undefined): void {
  if (el === undefined) return;
  cx.at('taxRepresentative', el);
  const rep: TaxRepresentative = {
    name: cx.required('taxRepresentative.name', kid(el, NAME)),
    address: readAddress(cx, 'taxRepresentative.address', kid(el, ADDRESS)) ?? {},
  };
  const vat = cx.taxRegistration('taxRepresentative.vatId', el, 'VA');
  if (vat !== undefined) rep.vatId = vat;
  inv.taxRepresentative = rep;
}

/** A postal address (BG-5, BG-8, BG-12, BG-15); undefined when the element is absent. */
export function readAddress(cx: ReadContext, path: string, el: CiiElement | undefined): PostalAddress | undefined {
  if (el === undefined) return undefined;
  cx.at(path, el);
  const a: PostalAddress = {};
  const put = (key: keyof PostalAddress, name: string): void => {
    const v = cx.text(childPath(path, key), kid(el, name));
    if (v !== undefined) a[key] = v;
  };
  put('line1', 'ram:LineOne');
  put('line2', 'ram:LineTwo');
  put('line3', 'ram:LineThree');
  put('city', 'ram:CityName');
  put('postcode', 'ram:PostcodeCode');
  put('subdivision', 'ram:CountrySubDivisionName');
  put('countryCode', 'ram:CountryID');
  return a;
}

/** BG-6 / BG-9: the first `DefinedTradeContact` (BT-41 PersonName, else DepartmentName; BT-42; BT-43). */
function readContact(cx: ReadContext, path: string, el: CiiElement | undefined): Contact | undefined {
  if (el === undefined) return undefined;
  cx.at(path, el);
  const c: Contact = {};
  const name = cx.text(childPath(path, 'name'), kid(el, 'ram:PersonName') ?? kid(el, 'ram:DepartmentName'));
  if (name !== undefined) c.name = name;
  const phone = cx.text(childPath(path, 'phone'), dig(el, 'ram:TelephoneUniversalCommunication', 'ram:CompleteNumber'));
  if (phone !== undefined) c.phone = phone;
  const email = cx.text(childPath(path, 'email'), dig(el, 'ram:EmailURIUniversalCommunication', 'ram:URIID'));
  if (email !== undefined) c.email = email;
  return c;
}

/**
 * BT-34 / BT-49 with scheme: the first `URIUniversalCommunication` (the one
 * BR-62 / BR-63 inspect). A communication element without URIID gives an
 * empty identifier, so the scheme rules still see the group.
 */
function readElectronicAddress(cx: ReadContext, path: string, party: CiiElement): Identifier | undefined {
  const comm = firstKid(party, 'ram:URIUniversalCommunication');
  if (comm === undefined) return undefined;
  const uri = kid(comm, 'ram:URIID');
  if (uri === undefined) {
    cx.at(path, comm);
    return { id: '' };
  }
  return cx.identifier(path, uri);
}
