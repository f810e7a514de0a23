/**
 * The parties the BR-FR rules check alike (BR-FR-09, 23, 25, CO-10), with the
 * business term each rule names for them: EN 16931 terms where the party is
 * in EN 16931, the French extension's EXT-FR-FE ids otherwise.
 */
import { P } from './document.js';

/** One party: its element path and the term ids of its identifiers in each family. */
export interface FrParty {
  name: string;
  path: string;
  /** Party identifier (BR-FR-09, BR-FR-CO-10). */
  id: string;
  /** Electronic address (BR-FR-23, BR-FR-25), when the party may carry one. */
  address?: string;
}

export const SELLER: FrParty = { name: 'seller', path: `${P.AGR}/ram:SellerTradeParty`, id: 'BT-29', address: 'BT-34' };
export const BUYER: FrParty = { name: 'buyer', path: `${P.AGR}/ram:BuyerTradeParty`, id: 'BT-46', address: 'BT-49' };
export const PAYEE: FrParty = { name: 'payee', path: `${P.SET}/ram:PayeeTradeParty`, id: 'BT-60', address: 'EXT-FR-FE-29' };
export const BUYER_AGENT: FrParty = { name: "buyer's agent", path: `${P.AGR}/ram:BuyerAgentTradeParty`, id: 'EXT-FR-FE-06', address: 'EXT-FR-FE-12' };
export const PAYER: FrParty = { name: 'payer', path: `${P.SET}/ram:PayerTradeParty`, id: 'EXT-FR-FE-46', address: 'EXT-FR-FE-52' };
export const SALES_AGENT: FrParty = { name: "seller's agent", path: `${P.AGR}/ram:SalesAgentTradeParty`, id: 'EXT-FR-FE-69', address: 'EXT-FR-FE-75' };
export const INVOICEE: FrParty = { name: 'invoicee', path: `${P.SET}/ram:InvoiceeTradeParty`, id: 'EXT-FR-FE-92', address: 'EXT-FR-FE-98' };
export const INVOICER: FrParty = { name: 'invoicer', path: `${P.SET}/ram:InvoicerTradeParty`, id: 'EXT-FR-FE-115', address: 'EXT-FR-FE-121' };
export const SHIP_TO: FrParty = { name: 'deliver-to party', path: `${P.DEL}/ram:ShipToTradeParty`, id: 'BT-71' };
export const LINE_SHIP_TO: FrParty = { name: 'line deliver-to party', path: `${P.LINE}/ram:SpecifiedLineTradeDelivery/ram:ShipToTradeParty`, id: 'EXT-FR-FE-146' };

/** BR-FR-09 order. */
export const SIRET_PARTIES: readonly FrParty[] = [SELLER, BUYER, PAYEE, BUYER_AGENT, PAYER, SALES_AGENT, INVOICEE, INVOICER, SHIP_TO, LINE_SHIP_TO];
/** BR-FR-23 / BR-FR-25 order (parties with an electronic address). */
export const ADDRESS_PARTIES: readonly FrParty[] = [SELLER, BUYER, BUYER_AGENT, PAYEE, PAYER, SALES_AGENT, INVOICEE, INVOICER];
/** BR-FR-CO-10 order. */
export const GLOBAL_ID_PARTIES: readonly FrParty[] = [SELLER, BUYER, PAYEE, BUYER_AGENT, PAYER, SALES_AGENT, INVOICEE, INVOICER, SHIP_TO, LINE_SHIP_TO];
