/**
 * Absolute CII paths the syntax rule contexts are anchored to (canonical
 * prefixes, see lib/cii/reader/tree.ts).
 */

/** The message root. */
export const INVOICE = '/rsm:CrossIndustryInvoice';
/** BG-2 process control: the document context. */
export const DOCUMENT_CONTEXT = `${INVOICE}/rsm:ExchangedDocumentContext`;
/** The document header (BT-1, BT-2, BT-3, BG-1). */
export const EXCHANGED_DOCUMENT = `${INVOICE}/rsm:ExchangedDocument`;
/** The trade transaction. */
export const TRANSACTION = `${INVOICE}/rsm:SupplyChainTradeTransaction`;
/** BG-25 invoice line. */
export const LINE = `${TRANSACTION}/ram:IncludedSupplyChainTradeLineItem`;
/** Header agreement (seller, buyer, references). */
export const HEADER_AGREEMENT = `${TRANSACTION}/ram:ApplicableHeaderTradeAgreement`;
/** Header delivery (BG-13). */
export const HEADER_DELIVERY = `${TRANSACTION}/ram:ApplicableHeaderTradeDelivery`;
/** Header settlement (currency, payment, VAT breakdown, totals). */
export const HEADER_SETTLEMENT = `${TRANSACTION}/ram:ApplicableHeaderTradeSettlement`;
/** BG-22 document totals. */
export const MONETARY_SUMMATION = `${HEADER_SETTLEMENT}/ram:SpecifiedTradeSettlementHeaderMonetarySummation`;
