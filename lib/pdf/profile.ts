/**
 * The Factur-X profile of an invoice XML and what it implies for the PDF.
 *
 * Factur-X 1.0 (= ZUGFeRD 2.1+) names five profiles in the XMP property
 * `fx:ConformanceLevel`: MINIMUM, BASIC WL, BASIC, EN 16931, EXTENDED; from
 * Factur-X 1.0.07 / ZUGFeRD 2.2 also XRECHNUNG (the German CIUS in CII). The
 * profile is read from the XML's Specification identifier (BT-24,
 * `GuidelineSpecifiedDocumentContextParameter/ID`, see lib/cii/reader/profile.ts).
 *
 * Associated-file relationship (`/AFRelationship` of the embedded file): the
 * Factur-X specification asks for `Data` when the XML is only accounting data
 * next to the legal invoice (MINIMUM and BASIC WL are not EN 16931 invoices:
 * the PDF stays the invoice) and `Alternative` when the XML is a complete,
 * equivalent representation of the invoice (BASIC, EN 16931, EXTENDED,
 * XRECHNUNG). We follow that choice; `Source` (also admitted for the full
 * profiles) is accepted by the checker but never written.
 */
import { CII_ROOT } from '../cii/detect.js';
import { detectProfile, type CiiProfile } from '../cii/reader/profile.js';
import { toElementTree, type CiiElement } from '../cii/reader/tree.js';
import { withXmlDocument } from '../xml/parse.js';
import { FacturXXmlError } from './errors.js';

/** A Factur-X profile as written in XMP `fx:ConformanceLevel`. */
export type FacturXProfile = 'MINIMUM' | 'BASIC WL' | 'BASIC' | 'EN 16931' | 'EXTENDED' | 'XRECHNUNG';

/** Every profile, from the smallest. */
export const FACTURX_PROFILES: readonly FacturXProfile[] = ['MINIMUM', 'BASIC WL', 'BASIC', 'EN 16931', 'EXTENDED', 'XRECHNUNG'];

/** The associated-file relationship of the embedded XML for a profile (see the module comment). */
export function afRelationshipFor(profile: FacturXProfile): 'Data' | 'Alternative' {
  return profile === 'MINIMUM' || profile === 'BASIC WL' ? 'Data' : 'Alternative';
}

/** Relationships the checker accepts for a profile: `Data` for MINIMUM / BASIC WL, else `Alternative` or `Source`. */
export function acceptedRelationships(profile: FacturXProfile): readonly string[] {
  return profile === 'MINIMUM' || profile === 'BASIC WL' ? ['Data'] : ['Alternative', 'Source'];
}

/** Whether a string is a Factur-X profile name (as written in XMP). */
export function isFacturXProfile(value: string): value is FacturXProfile {
  return (FACTURX_PROFILES as readonly string[]).includes(value);
}

/** What the PDF code needs to know about an invoice XML. */
export interface InvoiceXmlInfo {
  /** The profile its BT-24 names (`UNKNOWN` when unrecognised). */
  profile: CiiProfile;
  /** BT-24 as written (trimmed), `''` when missing. */
  specificationId: string;
  /** Invoice number (BT-1), when present. */
  number?: string;
  /** Invoice type code (BT-3), when present. */
  typeCode?: string;
  /** Seller name (BT-27), when present. */
  sellerName?: string;
}


function child(el: CiiElement | undefined, ...names: string[]): CiiElement | undefined {
  let cur = el;
  for (const n of names) {
    if (cur === undefined) return undefined;
    cur = cur.children.find((c) => c.name === n);
  }
  return cur;
}

function text(el: CiiElement | undefined): string | undefined {
  const t = el?.text.trim();
  return t === undefined || t === '' ? undefined : t;
}

/**
 * Parses an invoice XML safely (lib/xml/parse.ts: UTF-8 only, no DTD, size
 * cap) and reads its profile (BT-24), number (BT-1), type (BT-3) and seller
 * name (BT-27).
 * @throws XmlSyntaxError / XmlSecurityError when it is not acceptable XML
 * @throws FacturXXmlError when the root is not a CII D16B `rsm:CrossIndustryInvoice` (e.g. ZUGFeRD 1.0, UBL)
 */
export function inspectInvoiceXml(xml: Uint8Array): InvoiceXmlInfo {
  const root = withXmlDocument(xml, (doc) => toElementTree(doc));
  if (root.name !== CII_ROOT) {
    const local = root.name.replace(/^\{[^}]*\}/, '').replace(/^\w+:/, '');
    throw new FacturXXmlError(
      `The XML is not a Factur-X invoice: its root element is "${local}", not rsm:CrossIndustryInvoice (UN/CEFACT CII D16B).`,
    );
  }
  const specificationId = text(child(root, 'rsm:ExchangedDocumentContext', 'ram:GuidelineSpecifiedDocumentContextParameter', 'ram:ID')) ?? '';
  const info: InvoiceXmlInfo = { profile: detectProfile(specificationId), specificationId };
  const number = text(child(root, 'rsm:ExchangedDocument', 'ram:ID'));
  if (number !== undefined) info.number = number;
  const typeCode = text(child(root, 'rsm:ExchangedDocument', 'ram:TypeCode'));
  if (typeCode !== undefined) info.typeCode = typeCode;
  const sellerName = text(
    child(root, 'rsm:SupplyChainTradeTransaction', 'ram:ApplicableHeaderTradeAgreement', 'ram:SellerTradeParty', 'ram:Name'),
  );
  if (sellerName !== undefined) info.sellerName = sellerName;
  return info;
}

/**
 * ZUGFeRD 1.0 guideline ids (`urn:ferd:CrossIndustryDocument:invoice:1p0:<profile>`)
 * that some producers still write in BT-24 of CII D16B invoices; the CEN
 * validator accepts any BT-24, so such an invoice can be a valid EN 16931
 * one. Its profile for `fx:ConformanceLevel` (which only admits the Factur-X
 * names): comfort is EN 16931, basic BASIC, extended EXTENDED.
 */
const ZUGFERD1_PROFILES: Readonly<Record<string, FacturXProfile>> = { basic: 'BASIC', comfort: 'EN 16931', extended: 'EXTENDED' };

/**
 * The Factur-X profile an XML's BT-24 names: a Factur-X / ZUGFeRD 2.x /
 * XRechnung id (lib/cii/reader/profile.ts), or a ZUGFeRD 1.0 id mapped as
 * above; undefined when it names none.
 */
export function facturXProfileOf(info: Pick<InvoiceXmlInfo, 'profile' | 'specificationId'>): FacturXProfile | undefined {
  if (info.profile !== 'UNKNOWN') return info.profile;
  const m = /^urn:ferd:crossindustrydocument:invoice:1p0:(basic|comfort|extended)$/.exec(info.specificationId.trim().toLowerCase());
  return m === null ? undefined : ZUGFERD1_PROFILES[m[1]!];
}

/**
 * The profile to declare: the one BT-24 names (see {@link facturXProfileOf}); `requested` when BT-24 names
 * none we know. A requested profile that contradicts BT-24 is an error, as
 * `fx:ConformanceLevel` must match the XML.
 * @throws FacturXXmlError on a contradiction, or when no profile can be told
 */
export function resolveProfile(info: Pick<InvoiceXmlInfo, 'profile' | 'specificationId'>, requested?: FacturXProfile): FacturXProfile {
  const detected = facturXProfileOf(info);
  if (requested !== undefined && !isFacturXProfile(requested)) {
    throw new FacturXXmlError(`Unknown Factur-X profile "${String(requested)}"; expected one of ${FACTURX_PROFILES.join(', ')}.`);
  }
  if (detected !== undefined && requested !== undefined && detected !== requested) {
    throw new FacturXXmlError(
      `The XML declares the ${detected} profile (BT-24 "${info.specificationId}") but ${requested} was asked for; fx:ConformanceLevel must match the XML.`,
    );
  }
  const profile = detected ?? requested;
  if (profile === undefined) {
    throw new FacturXXmlError(
      `The Factur-X profile cannot be told from the XML's specification identifier (BT-24 "${info.specificationId}"); pass the profile explicitly.`,
    );
  }
  return profile;
}
