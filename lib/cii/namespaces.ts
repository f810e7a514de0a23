/** The CII D16B namespace URIs (one definition for the reader, the writer and the binding table; no XML library needed). */

/** Namespace URI of the CII message root (`rsm:`). */
export const NS_RSM = 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100';
/** Namespace URI of the reusable aggregate business information entities (`ram:`). */
export const NS_RAM = 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100';
/** Namespace URI of the unqualified data types (`udt:`). */
export const NS_UDT = 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100';
/** Namespace URI of the qualified data types (`qdt:`). */
export const NS_QDT = 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100';
