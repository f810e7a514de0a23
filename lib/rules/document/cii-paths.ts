/**
 * Absolute paths (canonical names) of the CII D16B aggregates the
 * document-level families (XRechnung, Peppol rules merged into it) test.
 */
export const CII = {
  ROOT: '/rsm:CrossIndustryInvoice',
  CTX: '/rsm:CrossIndustryInvoice/rsm:ExchangedDocumentContext',
  DOC: '/rsm:CrossIndustryInvoice/rsm:ExchangedDocument',
  TX: '/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction',
  AGR: '/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeAgreement',
  DEL: '/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeDelivery',
  SET: '/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement',
  LINE: '/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:IncludedSupplyChainTradeLineItem',
} as const;
