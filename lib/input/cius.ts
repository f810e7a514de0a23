/**
 * XRechnung and Peppol BIS Billing invoices written from JSON input
 * (`rules: xrechnung` / `rules: peppol`): the specification identifier and
 * the defaults we write (docs/MARKETS.md), and the input field each finding
 * of those rule sets points at, so that a missing term is a 422 naming the
 * rule and the field to give, as for BR-FR (./french.ts).
 */
import { InputError } from '../errors.js';
import type { Invoice } from '../model/invoice.js';
import { asksFor, PEPPOL_CUSTOMIZATION_ID, PEPPOL_PROFILE_ID, type RuleRequest } from '../rules/rule-sets.js';
import type { Finding } from '../rules/types.js';
import { XR_CIUS_ID } from '../rules/xrechnung/index.js';
import type { SyntaxName } from '../convert/syntax.js';

/** EAS scheme of an e-mail electronic address (BT-34-1 / BT-49-1). */
export const SCHEME_EMAIL = 'EM';

/**
 * The syntax to write for a request: Peppol BIS Billing is UBL only, so
 * `rules: peppol` writes UBL unless `syntax` asks for CII, which is refused.
 * @throws InputError (400) for `peppol` with `syntax: cii`, and for `xrechnung` with `peppol` (two specification identifiers).
 */
export function syntaxForRules(request: RuleRequest | undefined, syntax: SyntaxName | undefined): SyntaxName {
  const peppol = asksFor(request, 'peppol');
  if (peppol && asksFor(request, 'xrechnung')) {
    throw new InputError('The body has 1 problem.', [
      { path: 'rules', message: 'xrechnung and peppol write different specification identifiers (BT-24): ask for one of them (an XRechnung in UBL is also carried by the Peppol network).' },
    ]);
  }
  if (peppol && syntax === 'cii') {
    throw new InputError('The body has 1 problem.', [{ path: 'syntax', message: 'Peppol BIS Billing 3.0 is UBL only: use syntax "ubl" (the default with rules peppol).' }]);
  }
  return peppol ? 'ubl' : (syntax ?? 'cii');
}

/**
 * Sets the specification identifier (BT-24) of the rule set asked for and
 * fills the documented defaults the caller left out:
 * - XRechnung: BT-24 `urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0`;
 *   business process (BT-23) `urn:fdc:peppol.eu:2017:poacc:billing:01:1.0`
 *   (PEPPOL-EN16931-R001, merged into XRechnung); the seller's electronic
 *   address (BT-34) is the seller contact e-mail (BT-43) with scheme EM;
 *   payment terms (BT-20) whose last line is a Skonto line (`#SKONTO#...#`)
 *   get the line break BR-DE-18 requires after it (input text is trimmed);
 * - Peppol: BT-24 `urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0`,
 *   BT-23 `urn:fdc:peppol.eu:2017:poacc:billing:01:1.0`.
 * The buyer's electronic address (BT-49, e.g. a Leitweg-ID with scheme 0204,
 * or an e-mail), the buyer reference (BT-10), the seller contact (BG-6) and the
 * payment instructions (BG-16) have no default: without them the rules fail.
 */
export function applyCiusDefaults(inv: Invoice, request: RuleRequest | undefined): void {
  const xrechnung = asksFor(request, 'xrechnung');
  const peppol = asksFor(request, 'peppol');
  if (!xrechnung && !peppol) return;
  inv.process.specificationId = xrechnung ? XR_CIUS_ID : PEPPOL_CUSTOMIZATION_ID;
  if (inv.process.businessProcess === undefined) inv.process.businessProcess = PEPPOL_PROFILE_ID;
  if (!xrechnung) return;
  const email = inv.seller.contact?.email;
  if (inv.seller.electronicAddress === undefined && email !== undefined) inv.seller.electronicAddress = { id: email, scheme: SCHEME_EMAIL };
  const terms = inv.paymentTerms;
  if (terms !== undefined && /(^|\n)[ \t]*#[^\n]*#$/.test(terms)) inv.paymentTerms = `${terms}\n`;
}

const hint = (path: string, message: string) => ({ path, message });
const SELLER_CONTACT = hint('seller.contactName', 'An XRechnung needs the seller contact (BG-6): seller.contactName (BT-41), seller.phone (BT-42) and seller.email (BT-43).');

/** The input field (and a message naming it) of XRechnung and Peppol findings a caller of the JSON API fixes in the input. */
const FIELD_HINTS: Readonly<Record<string, { path: string; message: string }>> = {
  'BR-DE-1': hint('paymentMeans', 'An XRechnung needs payment instructions (BG-16): paymentMeans, e.g. {"iban": "DE75512108001245126199"} for a credit transfer.'),
  'BR-DE-2': SELLER_CONTACT,
  'BR-DE-3': hint('seller.address', 'An XRechnung needs the seller city (BT-37) in seller.address.'),
  'BR-DE-4': hint('seller.address', 'An XRechnung needs the seller post code (BT-38) in seller.address.'),
  'BR-DE-5': hint('seller.contactName', 'An XRechnung needs the seller contact point (BT-41): seller.contactName, a person or department.'),
  'BR-DE-6': hint('seller.phone', 'An XRechnung needs the seller contact telephone number (BT-42): seller.phone.'),
  'BR-DE-7': hint('seller.email', 'An XRechnung needs the seller contact e-mail address (BT-43): seller.email.'),
  'BR-DE-8': hint('buyer.address', 'An XRechnung needs the buyer city (BT-52) in buyer.address.'),
  'BR-DE-9': hint('buyer.address', 'An XRechnung needs the buyer post code (BT-53) in buyer.address.'),
  'BR-DE-10': hint('deliverTo.address', 'An XRechnung needs the city (BT-77) of a deliver-to address given in deliverTo.address.'),
  'BR-DE-11': hint('deliverTo.address', 'An XRechnung needs the post code (BT-78) of a deliver-to address given in deliverTo.address.'),
  'BR-DE-15': hint('buyerReference', 'An XRechnung needs the buyer reference (BT-10): buyerReference, for a German public buyer its Leitweg-ID (e.g. "04011000-12345-03").'),
  'BR-DE-16': hint('seller.vatNumber', 'An XRechnung with VAT needs the seller VAT identifier (BT-31): seller.vatNumber, or a seller tax representative (taxRepresentative).'),
  'BR-DE-18': hint('paymentTerms', 'Skonto lines of paymentTerms (BT-20) must read #SKONTO#TAGE=n#PROZENT=n.nn# and end with a line break.'),
  'BR-DE-23-a': hint('paymentMeans.iban', 'A credit transfer needs the account (BG-17): paymentMeans.iban.'),
  'PEPPOL-EN16931-R010': hint('buyer.electronicAddress', 'The buyer electronic address (BT-49) is required: buyer.electronicAddress, e.g. {"id": "04011000-12345-03", "scheme": "0204"} (Leitweg-ID) or an e-mail.'),
  'PEPPOL-EN16931-R020': hint('seller.electronicAddress', 'The seller electronic address (BT-34) is required: seller.electronicAddress, e.g. {"id": "0088:1234567890123", "scheme": "0088"} or an e-mail (for XRechnung, seller.email gives it).'),
  'PEPPOL-EN16931-R001': hint('businessProcess', 'The business process (BT-23) is required: businessProcess, e.g. "urn:fdc:peppol.eu:2017:poacc:billing:01:1.0".'),
  'PEPPOL-EN16931-R007': hint('businessProcess', 'A Peppol invoice needs a Peppol business process (BT-23): businessProcess "urn:fdc:peppol.eu:2017:poacc:billing:01:1.0" (the default).'),
};

/** Input fields by the XML element a finding is located at (CII or UBL), for rules without a hint of their own (e.g. the Peppol identifier checks). */
const FIELDS_BY_LOCATION: ReadonlyArray<[RegExp, string]> = [
  [/(SellerTradeParty\/ram:URIUniversalCommunication|AccountingSupplierParty\/cac:Party\/cbc:EndpointID)/, 'seller.electronicAddress'],
  [/(BuyerTradeParty\/ram:URIUniversalCommunication|AccountingCustomerParty\/cac:Party\/cbc:EndpointID)/, 'buyer.electronicAddress'],
  [/(SellerTradeParty\/ram:SpecifiedTaxRegistration|AccountingSupplierParty\/cac:Party\/cac:PartyTaxScheme)/, 'seller.vatNumber'],
  [/(BuyerTradeParty\/ram:SpecifiedTaxRegistration|AccountingCustomerParty\/cac:Party\/cac:PartyTaxScheme)/, 'buyer.vatNumber'],
  [/(SellerTradeParty\/ram:DefinedTradeContact|AccountingSupplierParty\/cac:Party\/cac:Contact)/, 'seller.contactName'],
];

/** An XRechnung or Peppol finding on the XML written from JSON input, re-pointed at the input field to fix (the XML location kept). */
export function toCiusInputFinding(f: Finding): Finding {
  const h = FIELD_HINTS[f.rule];
  if (h !== undefined) return { ...f, path: h.path, message: h.message };
  const field = f.location === undefined ? undefined : FIELDS_BY_LOCATION.find(([re]) => re.test(f.location!))?.[1];
  return field === undefined ? f : { ...f, path: field };
}
