/**
 * The EN 16931-1 semantic data model of an invoice.
 *
 * Every field is named after the business term (BT) or group (BG) it holds and
 * documented with its id. The model is syntax-neutral: the CII binding
 * (lib/cii) says where each term lives in XML. Amounts, quantities and
 * percentages are decimals (see ./decimal.ts), never binary floats. Dates are
 * ISO `YYYY-MM-DD` strings. Optional terms are `undefined` when absent;
 * repeatable groups are arrays (possibly empty).
 *
 * The model also carries invoices read from outside (lib/cii reader), which
 * may lack terms EN 16931 requires: mandatory amounts are therefore typed as
 * optional (the rules report their absence: BR-12..BR-15, BR-24, ...), and a
 * mandatory text term that is missing is the empty string. Invoices we build
 * ourselves always have them.
 */
import type { Decimal } from './decimal.js';

/** An identifier with an optional scheme identifier (e.g. BT-29 with its scheme, ICD / EAS codes). */
export interface Identifier {
  id: string;
  /** Scheme identifier (ISO 6523 ICD for party ids, EAS for electronic addresses). */
  scheme?: string;
}

/** A postal address (BG-5 seller, BG-8 buyer, BG-12 tax representative, BG-15 deliver-to). */
export interface PostalAddress {
  /** Address line 1 (BT-35 / BT-50 / BT-64 / BT-75). */
  line1?: string;
  /** Address line 2 (BT-36 / BT-51 / BT-65 / BT-76). */
  line2?: string;
  /** Address line 3 (BT-162 / BT-163 / BT-164 / BT-165). */
  line3?: string;
  /** City (BT-37 / BT-52 / BT-66 / BT-77). */
  city?: string;
  /** Post code (BT-38 / BT-53 / BT-67 / BT-78). */
  postcode?: string;
  /** Country subdivision (BT-39 / BT-54 / BT-68 / BT-79). */
  subdivision?: string;
  /** Country code, ISO 3166-1 alpha-2 (BT-40 / BT-55 / BT-69 / BT-80). */
  countryCode?: string;
}

/** A contact (BG-6 seller, BG-9 buyer). */
export interface Contact {
  /** Contact point (BT-41 / BT-56). */
  name?: string;
  /** Contact telephone number (BT-42 / BT-57). */
  phone?: string;
  /** Contact email address (BT-43 / BT-58). */
  email?: string;
}

/** SELLER (BG-4). */
export interface Seller {
  /** Seller name (BT-27). */
  name: string;
  /** Seller trading name (BT-28). */
  tradingName?: string;
  /** Seller identifiers (BT-29), each with an optional scheme (BT-29-1). */
  identifiers: Identifier[];
  /** Seller legal registration identifier (BT-30) and its scheme (BT-30-1), e.g. SIREN with ICD 0002. */
  legalRegistrationId?: Identifier;
  /** Seller VAT identifier (BT-31), with its country prefix. */
  vatId?: string;
  /** Seller tax registration identifier (BT-32), a local tax id (CII scheme "FC"). */
  taxRegistrationId?: string;
  /** Seller additional legal information (BT-33). */
  additionalLegalInfo?: string;
  /** Seller electronic address (BT-34) with its EAS scheme (BT-34-1). */
  electronicAddress?: Identifier;
  /** SELLER POSTAL ADDRESS (BG-5). */
  address: PostalAddress;
  /** SELLER CONTACT (BG-6). */
  contact?: Contact;
}

/** BUYER (BG-7). */
export interface Buyer {
  /** Buyer name (BT-44). */
  name: string;
  /** Buyer trading name (BT-45). */
  tradingName?: string;
  /** Buyer identifier (BT-46) with its scheme (BT-46-1). */
  identifier?: Identifier;
  /** Buyer legal registration identifier (BT-47) with its scheme (BT-47-1). */
  legalRegistrationId?: Identifier;
  /** Buyer VAT identifier (BT-48). */
  vatId?: string;
  /** Buyer electronic address (BT-49) with its EAS scheme (BT-49-1). */
  electronicAddress?: Identifier;
  /** BUYER POSTAL ADDRESS (BG-8). */
  address: PostalAddress;
  /** BUYER CONTACT (BG-9). */
  contact?: Contact;
}

/** PAYEE (BG-10), when different from the seller. */
export interface Payee {
  /** Payee name (BT-59). */
  name: string;
  /** Payee identifier (BT-60). */
  identifier?: Identifier;
  /** Payee legal registration identifier (BT-61). */
  legalRegistrationId?: Identifier;
}

/** SELLER TAX REPRESENTATIVE PARTY (BG-11). */
export interface TaxRepresentative {
  /** Seller tax representative name (BT-62). */
  name: string;
  /** Seller tax representative VAT identifier (BT-63). */
  vatId?: string;
  /** SELLER TAX REPRESENTATIVE POSTAL ADDRESS (BG-12). */
  address: PostalAddress;
}

/** INVOICING PERIOD (BG-14) or INVOICE LINE PERIOD (BG-26). */
export interface Period {
  /** Start date (BT-73 / BT-134). */
  start?: string;
  /** End date (BT-74 / BT-135). */
  end?: string;
}

/** DELIVERY INFORMATION (BG-13). */
export interface Delivery {
  /** Deliver to party name (BT-70). */
  name?: string;
  /** Deliver to location identifier (BT-71) with scheme (BT-71-1). */
  locationId?: Identifier;
  /** Actual delivery date (BT-72). */
  actualDate?: string;
  /** DELIVER TO ADDRESS (BG-15). */
  address?: PostalAddress;
}

/** CREDIT TRANSFER (BG-17). */
export interface CreditTransfer {
  /** Payment account identifier (BT-84), e.g. an IBAN. */
  accountId?: string;
  /** Payment account name (BT-85). */
  accountName?: string;
  /** Payment service provider identifier (BT-86), e.g. a BIC. */
  serviceProviderId?: string;
}

/** PAYMENT INSTRUCTIONS (BG-16). */
export interface PaymentInstructions {
  /** Payment means type code (BT-81), UNTDID 4461 (e.g. 30 credit transfer, 58 SEPA credit transfer). */
  typeCode: string;
  /** Payment means text (BT-82). */
  text?: string;
  /** Remittance information (BT-83). */
  remittanceInformation?: string;
  /** CREDIT TRANSFER (BG-17), repeatable. */
  creditTransfers: CreditTransfer[];
  /** PAYMENT CARD INFORMATION (BG-18). */
  card?: {
    /** Payment card primary account number (BT-87). */
    accountNumber: string;
    /** Payment card holder name (BT-88). */
    holderName?: string;
  };
  /** DIRECT DEBIT (BG-19). */
  directDebit?: {
    /** Mandate reference identifier (BT-89). */
    mandateReference?: string;
    /** Bank assigned creditor identifier (BT-90). */
    creditorId?: string;
    /** Debited account identifier (BT-91). */
    debitedAccountId?: string;
  };
}

/** DOCUMENT LEVEL ALLOWANCES (BG-20) and DOCUMENT LEVEL CHARGES (BG-21). */
export interface DocumentAllowanceCharge {
  /** Amount (BT-92 allowance / BT-99 charge). Absent only in documents read from outside. */
  amount?: Decimal;
  /** Base amount (BT-93 / BT-100). */
  baseAmount?: Decimal;
  /** Percentage (BT-94 / BT-101). */
  percentage?: Decimal;
  /** VAT category code (BT-95 / BT-102). */
  vatCategory?: string;
  /** VAT rate (BT-96 / BT-103). */
  vatRate?: Decimal;
  /** Reason (BT-97 / BT-104). */
  reason?: string;
  /** Reason code (BT-98 UNTDID 5189 / BT-105 UNTDID 7161). */
  reasonCode?: string;
}

/** INVOICE LINE ALLOWANCES (BG-27) and INVOICE LINE CHARGES (BG-28). */
export interface LineAllowanceCharge {
  /** Amount (BT-136 / BT-141). Absent only in documents read from outside. */
  amount?: Decimal;
  /** Base amount (BT-137 / BT-142). */
  baseAmount?: Decimal;
  /** Percentage (BT-138 / BT-143). */
  percentage?: Decimal;
  /** Reason (BT-139 / BT-144). */
  reason?: string;
  /** Reason code (BT-140 / BT-145). */
  reasonCode?: string;
}

/** DOCUMENT TOTALS (BG-22). */
export interface DocumentTotals {
  /** Sum of Invoice line net amount (BT-106). */
  lineNetTotal?: Decimal;
  /** Sum of allowances on document level (BT-107). */
  allowanceTotal?: Decimal;
  /** Sum of charges on document level (BT-108). */
  chargeTotal?: Decimal;
  /** Invoice total amount without VAT (BT-109). */
  taxExclusiveAmount?: Decimal;
  /** Invoice total VAT amount (BT-110), in the invoice currency. */
  vatTotal?: Decimal;
  /** Invoice total VAT amount in accounting currency (BT-111), in the VAT accounting currency (BT-6). */
  vatTotalInAccountingCurrency?: Decimal;
  /** Invoice total amount with VAT (BT-112). */
  taxInclusiveAmount?: Decimal;
  /** Paid amount (BT-113). */
  prepaidAmount?: Decimal;
  /** Rounding amount (BT-114). */
  roundingAmount?: Decimal;
  /** Amount due for payment (BT-115). */
  amountDue?: Decimal;
}

/** VAT BREAKDOWN (BG-23), one per VAT category and rate. */
export interface VatBreakdown {
  /** VAT category taxable amount (BT-116). */
  taxableAmount?: Decimal;
  /** VAT category tax amount (BT-117). */
  taxAmount?: Decimal;
  /** VAT category code (BT-118), UNTDID 5305 subset: S, Z, E, AE, K, G, O, L, M. */
  category: string;
  /** VAT category rate (BT-119), percent. */
  rate?: Decimal;
  /** VAT exemption reason text (BT-120). */
  exemptionReason?: string;
  /** VAT exemption reason code (BT-121), VATEX list. */
  exemptionReasonCode?: string;
}

/** ADDITIONAL SUPPORTING DOCUMENTS (BG-24). */
export interface SupportingDocument {
  /** Supporting document reference (BT-122). */
  reference: string;
  /** Supporting document description (BT-123). */
  description?: string;
  /** External document location (BT-124). */
  uri?: string;
  /** Attached document (BT-125), base64 content with its MIME code and filename. */
  attachment?: { content: string; mimeCode?: string; filename?: string };
}

/** INVOICE LINE (BG-25). */
export interface InvoiceLine {
  /** Invoice line identifier (BT-126). */
  id: string;
  /** Invoice line note (BT-127). */
  note?: string;
  /** Invoice line object identifier (BT-128) with scheme (BT-128-1). */
  objectIdentifier?: Identifier;
  /** Invoiced quantity (BT-129). */
  quantity?: Decimal;
  /** Invoiced quantity unit of measure code (BT-130), UN/ECE Rec 20/21. */
  unitCode: string;
  /** Invoice line net amount (BT-131). */
  netAmount?: Decimal;
  /** Referenced purchase order line reference (BT-132). */
  orderLineReference?: string;
  /** Invoice line Buyer accounting reference (BT-133). */
  buyerAccountingReference?: string;
  /** INVOICE LINE PERIOD (BG-26). */
  period?: Period;
  /** INVOICE LINE ALLOWANCES (BG-27). */
  allowances: LineAllowanceCharge[];
  /** INVOICE LINE CHARGES (BG-28). */
  charges: LineAllowanceCharge[];
  /** PRICE DETAILS (BG-29). */
  price: {
    /** Item net price (BT-146). */
    netPrice?: Decimal;
    /** Item price discount (BT-147). */
    discount?: Decimal;
    /** Item gross price (BT-148). */
    grossPrice?: Decimal;
    /** Item price base quantity (BT-149). */
    baseQuantity?: Decimal;
    /** Item price base quantity unit of measure code (BT-150). */
    baseQuantityUnitCode?: string;
  };
  /** LINE VAT INFORMATION (BG-30). */
  vat: {
    /** Invoiced item VAT category code (BT-151). */
    category: string;
    /** Invoiced item VAT rate (BT-152). */
    rate?: Decimal;
  };
  /** ITEM INFORMATION (BG-31). */
  item: {
    /** Item name (BT-153). */
    name: string;
    /** Item description (BT-154). */
    description?: string;
    /** Item Seller's identifier (BT-155). */
    sellerId?: string;
    /** Item Buyer's identifier (BT-156). */
    buyerId?: string;
    /** Item standard identifier (BT-157) with scheme (BT-157-1). */
    standardId?: Identifier;
    /** Item classification identifiers (BT-158) with scheme (BT-158-1) and version (BT-158-2). */
    classifications: Array<Identifier & { version?: string }>;
    /** Item country of origin (BT-159). */
    originCountry?: string;
    /** ITEM ATTRIBUTES (BG-32): name (BT-160) and value (BT-161). */
    attributes: Array<{ name: string; value: string }>;
  };
}

/** An invoice note (BG-1). */
export interface InvoiceNote {
  /** Invoice note subject code (BT-21), UNTDID 4451. */
  subjectCode?: string;
  /** Invoice note (BT-22). */
  text: string;
}

/** A preceding invoice reference (BG-3). */
export interface PrecedingInvoice {
  /** Preceding Invoice reference (BT-25). */
  reference: string;
  /** Preceding Invoice issue date (BT-26). */
  issueDate?: string;
}

/** INVOICE: the root of the EN 16931 semantic model. */
export interface Invoice {
  /** Invoice number (BT-1). */
  number: string;
  /** Invoice issue date (BT-2). */
  issueDate: string;
  /** Invoice type code (BT-3), UNTDID 1001: 380 invoice, 381 credit note, 384 corrected, 389 self-billed, 386 prepayment. */
  typeCode: string;
  /** Invoice currency code (BT-5), ISO 4217. */
  currency: string;
  /** VAT accounting currency code (BT-6). */
  vatAccountingCurrency?: string;
  /** Value added tax point date (BT-7). */
  taxPointDate?: string;
  /** Value added tax point date code (BT-8), UNTDID 2005 (CII: 5, 29, 72). */
  taxPointDateCode?: string;
  /** Payment due date (BT-9). */
  dueDate?: string;
  /** Buyer reference (BT-10). */
  buyerReference?: string;
  /** Project reference (BT-11). */
  projectReference?: string;
  /** Contract reference (BT-12). */
  contractReference?: string;
  /** Purchase order reference (BT-13). */
  purchaseOrderReference?: string;
  /** Sales order reference (BT-14). */
  salesOrderReference?: string;
  /** Receiving advice reference (BT-15). */
  receivingAdviceReference?: string;
  /** Despatch advice reference (BT-16). */
  despatchAdviceReference?: string;
  /** Tender or lot reference (BT-17). */
  tenderOrLotReference?: string;
  /** Invoiced object identifier (BT-18) with scheme (BT-18-1). */
  invoicedObjectIdentifier?: Identifier;
  /** Buyer accounting reference (BT-19). */
  buyerAccountingReference?: string;
  /** Payment terms (BT-20). */
  paymentTerms?: string;
  /** INVOICE NOTE (BG-1). */
  notes: InvoiceNote[];
  /** PROCESS CONTROL (BG-2): business process type (BT-23) and specification identifier (BT-24). */
  process: { businessProcess?: string; specificationId: string };
  /** PRECEDING INVOICE REFERENCE (BG-3). */
  precedingInvoices: PrecedingInvoice[];
  /** SELLER (BG-4). */
  seller: Seller;
  /** BUYER (BG-7). */
  buyer: Buyer;
  /** PAYEE (BG-10). */
  payee?: Payee;
  /** SELLER TAX REPRESENTATIVE PARTY (BG-11). */
  taxRepresentative?: TaxRepresentative;
  /** DELIVERY INFORMATION (BG-13). */
  delivery?: Delivery;
  /** INVOICING PERIOD (BG-14). */
  invoicingPeriod?: Period;
  /** PAYMENT INSTRUCTIONS (BG-16). */
  paymentInstructions?: PaymentInstructions;
  /** DOCUMENT LEVEL ALLOWANCES (BG-20). */
  allowances: DocumentAllowanceCharge[];
  /** DOCUMENT LEVEL CHARGES (BG-21). */
  charges: DocumentAllowanceCharge[];
  /** DOCUMENT TOTALS (BG-22). */
  totals: DocumentTotals;
  /** VAT BREAKDOWN (BG-23). */
  vatBreakdown: VatBreakdown[];
  /** ADDITIONAL SUPPORTING DOCUMENTS (BG-24). */
  supportingDocuments: SupportingDocument[];
  /** INVOICE LINE (BG-25). */
  lines: InvoiceLine[];
}

/** The specification identifier (BT-24) of the Factur-X EN 16931 (COMFORT) profile. */
export const EN16931_SPECIFICATION_ID = 'urn:cen.eu:en16931:2017';
