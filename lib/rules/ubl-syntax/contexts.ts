/**
 * The rule contexts of the EN 16931 UBL syntax binding in the official order
 * of the pattern `UBL-syntax` (CEN validation artefacts 1.3.16,
 * ubl/schematron/UBL/EN16931-UBL-syntax.sch): the UBL-SR cardinality rules,
 * the UBL-DT data type rules and the irregular UBL-CR rules, each citing its
 * official test. Order matters where contexts overlap: an allowance or charge
 * whose repeated indicator is both false and true is checked by UBL-SR-30
 * only. The root context also carries the UBL-CR table (./restrictions.ts).
 */
import type { CiiElement } from '../../cii/reader/tree.js';
import { all, castBoolean, first, kids, normalizeSpace, stringValue } from '../../ubl/reader/context.js';
import type { Severity } from '../types.js';
import type { UblDocumentIndex, UblSyntaxCheck, UblSyntaxContext, UblSyntaxFailure } from './types.js';

const sr = (n: number): string => `UBL-SR-${String(n).padStart(2, '0')}`;
const dt = (n: number): string => `UBL-DT-${String(n).padStart(2, '0')}`;

/** A rule of the table: official id, severity, test as written, our message and the check. */
function rule(id: string, severity: Severity, xpath: string, message: string, test: UblSyntaxCheck['test']): UblSyntaxCheck {
  return { id, severity, xpath, message, test };
}

/** `count(path) <= bound`, reported at the first node past the bound; a path may end with an attribute (`.../@name`). */
function atMost(id: string, path: string, bound: number, message: string, severity: Severity = 'fatal'): UblSyntaxCheck {
  const steps = path.split('/');
  const attr = steps.at(-1)!.startsWith('@') ? steps.pop()!.slice(1) : undefined;
  return rule(id, severity, `count(${path}) <= ${bound}`, message, (el) => {
    const found = attr === undefined ? all(el, ...steps) : all(el, ...steps).filter((e) => attr in e.attrs);
    if (found.length <= bound) return undefined;
    return attr === undefined ? { at: found[bound]! } : { at: found[bound]!, attr };
  });
}

/** `count(nodes) <= bound` over a computed node list. */
function countAtMost(nodes: readonly CiiElement[], bound: number): UblSyntaxFailure | undefined {
  return nodes.length > bound ? { at: nodes[bound]! } : undefined;
}

/** `cac:TaxScheme/upper-case(cbc:ID) = 'VAT'` (no normalize-space), or `!= 'VAT'`: some scheme's upper-cased id (or '' for none) compares so. */
function schemeUpper(partyTaxScheme: CiiElement, vat: boolean): boolean {
  return kids(partyTaxScheme, 'cac:TaxScheme').some((s) => {
    const id = first(s, 'cbc:ID');
    const v = id === undefined ? '' : stringValue(id).toUpperCase();
    return vat ? v === 'VAT' : v !== 'VAT';
  });
}

/** `upper-case(@schemeID) = 'SEPA'` / `!= 'SEPA'` (no attribute: '' compared). */
const sepa = (id: CiiElement): boolean => (id.attrs.schemeID ?? '').toUpperCase() === 'SEPA';

/** The element names a local name ends with (`//*[ends-with(name(), 'Amount')]`), whatever its prefix. */
function localName(name: string): string {
  const brace = name.lastIndexOf('}');
  if (brace >= 0) return name.slice(brace + 1);
  const colon = name.indexOf(':');
  return colon >= 0 ? name.slice(colon + 1) : name;
}

/** `count(//X[not(preceding::X/. = .)]) <= 1`: at most one distinct value of X in the document (UBL-SR-44, 47), reported at the first other value. */
function oneDistinctValue(index: UblDocumentIndex, name: string): UblSyntaxFailure | undefined {
  const all = index.byName.get(name) ?? [];
  const first = all[0];
  if (first === undefined) return undefined;
  const v = stringValue(first);
  const other = all.find((el) => stringValue(el) !== v);
  return other === undefined ? undefined : { at: other };
}

/** The first attribute named `attr` in the document (`//@attr`), in document order. */
function anyAttribute(index: UblDocumentIndex, attr: string): UblSyntaxFailure | undefined {
  const el = index.byAttribute.get(attr)?.[0];
  return el === undefined ? undefined : { at: el, attr };
}

/** `[cbc:ChargeIndicator = false()]` / `true()`: some indicator casting to that boolean. */
function indicator(ac: CiiElement, value: boolean): boolean {
  return kids(ac, 'cbc:ChargeIndicator').some((c) => castBoolean(stringValue(c)) === value);
}

/** `cac:AdditionalDocumentReference[cbc:DocumentTypeCode = '130']`: some type code written exactly 130. */
const invoicedObject = (d: CiiElement): boolean => kids(d, 'cbc:DocumentTypeCode').some((c) => stringValue(c) === '130');

/** `(cac:PartyName/cbc:Name) != (../cac:AccountingSupplierParty/cac:Party/cac:PartyLegalEntity/cbc:RegistrationName)`: some pair differs (false when either side is empty). */
function payeeNameDiffers(payee: CiiElement): boolean {
  const names = all(payee, 'cac:PartyName', 'cbc:Name').map(stringValue);
  const seller = all(payee.parent, 'cac:AccountingSupplierParty', 'cac:Party', 'cac:PartyLegalEntity', 'cbc:RegistrationName').map(stringValue);
  return names.some((n) => seller.some((s) => n !== s));
}

const SEPA_DUPLICATE = 'Only one bank assigned creditor identifier (BT-90, a party identifier with scheme SEPA) may be present.';
const PAYEE_IS_SELLER = ' The Payee (BG-10) must also have a name (BT-59) other than the Seller name (BT-27).';

/** The root context: `/ubl:Invoice | /cn:CreditNote`. */
const ROOT: UblSyntaxContext = {
  xpath: '/ubl:Invoice | /cn:CreditNote',
  matches: (el) => el.parent === undefined,
  checks: [
    rule('UBL-CR-002', 'warning', "not(cbc:UBLVersionID) or cbc:UBLVersionID = '2.1'", 'The UBLVersionID should not be present, or be 2.1.', (root) => {
      const versions = kids(root, 'cbc:UBLVersionID');
      return versions.length === 0 || versions.some((v) => stringValue(v) === '2.1') ? undefined : { at: versions[0]! };
    }),
    rule('UBL-CR-412', 'warning', 'not(cac:PaymentMeans/cbc:PaymentDueDate) or ../cn:CreditNote', 'The payment due date in the payment means (cac:PaymentMeans/cbc:PaymentDueDate) is for credit notes: an invoice gives BT-9 in cbc:DueDate.', (root) => {
      // `../cn:CreditNote` from the root element is the root element when it is a CreditNote.
      if (root.name === 'cn:CreditNote') return undefined;
      const due = first(root, 'cac:PaymentMeans', 'cbc:PaymentDueDate');
      return due === undefined ? undefined : { at: due };
    }),
    rule('UBL-CR-665', 'warning', "not(//cac:AdditionalDocumentReference[cbc:DocumentTypeCode != '130' or not(cbc:DocumentTypeCode)]/cbc:ID/@schemeID)", 'A supporting document reference (BT-122) should carry no scheme identifier.', (_root, index) => {
      const docs = named(index, 'cac:AdditionalDocumentReference').filter((d) => {
        const codes = kids(d, 'cbc:DocumentTypeCode');
        return codes.length === 0 || codes.some((c) => stringValue(c) !== '130');
      });
      const id = docs.flatMap((d) => kids(d, 'cbc:ID')).find((i) => 'schemeID' in i.attrs);
      return id === undefined ? undefined : { at: id, attr: 'schemeID' };
    }),
    rule('UBL-CR-666', 'fatal', "not(//cac:AdditionalDocumentReference[cbc:DocumentTypeCode = '130']/cac:Attachment)", 'The invoiced object identifier reference (BT-18, document type 130) must not carry an attachment.', (_root, index) => {
      const att = named(index, 'cac:AdditionalDocumentReference').filter(invoicedObject).flatMap((d) => kids(d, 'cac:Attachment'))[0];
      return att === undefined ? undefined : { at: att };
    }),
    rule('UBL-CR-673', 'fatal', "not(//cac:AdditionalDocumentReference[cbc:DocumentTypeCode = '130']/cbc:DocumentDescription)", 'The invoiced object identifier reference (BT-18, document type 130) must not carry a document description.', (_root, index) => {
      const desc = named(index, 'cac:AdditionalDocumentReference').filter(invoicedObject).flatMap((d) => kids(d, 'cbc:DocumentDescription'))[0];
      return desc === undefined ? undefined : { at: desc };
    }),
    // Data type attributes EN 16931 does not use (warnings).
    ...(
      [
        [8, 'schemeName'],
        [9, 'schemeAgencyName'],
        [10, 'schemeDataURI'],
        [11, 'schemeURI'],
        [12, 'format'],
        [13, 'unitCodeListIdentifier'],
        [14, 'unitCodeListAgencyIdentifier'],
        [15, 'unitCodeListAgencyName'],
        [16, 'listAgencyName'],
        [17, 'listName'],
        [19, 'languageID'],
        [20, 'listURI'],
        [21, 'listSchemeURI'],
        [22, 'languageLocaleID'],
        [23, 'uri'],
        [24, 'currencyCodeListVersionID'],
        [25, 'characterSetCode'],
        [26, 'encodingCode'],
        [27, 'schemeAgencyID'],
        [28, 'listAgencyID'],
      ] as const
    ).map(([n, attr]) => rule(dt(n), 'warning', `not(//@${attr})`, `The attribute ${attr} should not be used: it is not part of the EN 16931 UBL binding.`, (_root, index) => anyAttribute(index, attr))),
    rule(dt(18), 'warning', 'count(//@name) - count(//cbc:PaymentMeansCode/@name) <= 0', 'The attribute name should only be used on the payment means code (BT-82).', (_root, index) => {
      const other = (index.byAttribute.get('name') ?? []).find((el) => el.name !== 'cbc:PaymentMeansCode');
      return other === undefined ? undefined : { at: other, attr: 'name' };
    }),
    atMost(sr(1), 'cac:ContractDocumentReference/cbc:ID', 1, 'Only one contract reference (BT-12) may be present.'),
    atMost(sr(2), 'cac:ReceiptDocumentReference/cbc:ID', 1, 'Only one receiving advice reference (BT-15) may be present.'),
    atMost(sr(3), 'cac:DespatchDocumentReference/cbc:ID', 1, 'Only one despatch advice reference (BT-16) may be present.'),
    rule(sr(4), 'fatal', "count(cac:AdditionalDocumentReference[cbc:DocumentTypeCode='130']/cbc:ID) <= 1", 'Only one invoiced object identifier (BT-18) may be present.', (root) =>
      countAtMost(kids(root, 'cac:AdditionalDocumentReference').filter(invoicedObject).flatMap((d) => kids(d, 'cbc:ID')), 1),
    ),
    atMost(sr(5), 'cac:PaymentTerms/cbc:Note', 1, 'Only one payment terms note (BT-20) may be present.'),
    atMost(sr(8), 'cac:InvoicePeriod', 1, 'Only one invoicing period (BG-14) may be present.'),
    atMost(sr(9), 'cac:AccountingSupplierParty/cac:Party/cac:PartyLegalEntity/cbc:RegistrationName', 1, 'Only one Seller name (BT-27) may be present.'),
    atMost(sr(10), 'cac:AccountingSupplierParty/cac:Party/cac:PartyName/cbc:Name', 1, 'Only one Seller trading name (BT-28) may be present.'),
    atMost(sr(11), 'cac:AccountingSupplierParty/cac:Party/cac:PartyLegalEntity/cbc:CompanyID', 1, 'Only one Seller legal registration identifier (BT-30) may be present.'),
    rule(sr(12), 'fatal', "count(cac:AccountingSupplierParty/cac:Party/cac:PartyTaxScheme[cac:TaxScheme/upper-case(cbc:ID)='VAT']/cbc:CompanyID) <= 1", 'Only one Seller VAT identifier (BT-31) may be present.', (root) =>
      countAtMost(all(root, 'cac:AccountingSupplierParty', 'cac:Party', 'cac:PartyTaxScheme').filter((s) => schemeUpper(s, true)).flatMap((s) => kids(s, 'cbc:CompanyID')), 1),
    ),
    rule(sr(13), 'fatal', "count(cac:AccountingSupplierParty/cac:Party/cac:PartyTaxScheme[cac:TaxScheme/upper-case(cbc:ID)!='VAT']/cbc:CompanyID) <= 1", 'Only one Seller tax registration identifier (BT-32) may be present.', (root) =>
      countAtMost(all(root, 'cac:AccountingSupplierParty', 'cac:Party', 'cac:PartyTaxScheme').filter((s) => schemeUpper(s, false)).flatMap((s) => kids(s, 'cbc:CompanyID')), 1),
    ),
    atMost(sr(14), 'cac:AccountingSupplierParty/cac:Party/cac:PartyLegalEntity/cbc:CompanyLegalForm', 1, 'Only one Seller additional legal information (BT-33) may be present.'),
    atMost(sr(15), 'cac:AccountingCustomerParty/cac:Party/cac:PartyLegalEntity/cbc:RegistrationName', 1, 'Only one Buyer name (BT-44) may be present.'),
    atMost(sr(16), 'cac:AccountingCustomerParty/cac:Party/cac:PartyIdentification/cbc:ID', 1, 'Only one Buyer identifier (BT-46) may be present.'),
    atMost(sr(17), 'cac:AccountingCustomerParty/cac:Party/cac:PartyLegalEntity/cbc:CompanyID', 1, 'Only one Buyer legal registration identifier (BT-47) may be present.'),
    rule(sr(18), 'fatal', "count(cac:AccountingCustomerParty/cac:Party/cac:PartyTaxScheme[cac:TaxScheme/upper-case(cbc:ID)='VAT']/cbc:CompanyID) <= 1", 'Only one Buyer VAT identifier (BT-48) may be present.', (root) =>
      countAtMost(all(root, 'cac:AccountingCustomerParty', 'cac:Party', 'cac:PartyTaxScheme').filter((s) => schemeUpper(s, true)).flatMap((s) => kids(s, 'cbc:CompanyID')), 1),
    ),
    atMost(sr(24), 'cac:Delivery', 1, 'Only one delivery information group (BG-13) may be present.'),
    rule(sr(29), 'fatal', "count(//cac:PartyIdentification/cbc:ID[upper-case(@schemeID) = 'SEPA']) <= 1", SEPA_DUPLICATE, (_root, index) =>
      countAtMost(named(index, 'cac:PartyIdentification').flatMap((p) => kids(p, 'cbc:ID')).filter(sepa), 1),
    ),
    atMost(sr(39), 'cac:ProjectReference/cbc:ID', 1, 'Only one project reference (BT-11) may be present.'),
    atMost(sr(40), 'cac:AccountingCustomerParty/cac:Party/cac:PartyName/cbc:Name', 1, 'Only one Buyer trading name (BT-45) may be present.'),
    rule(sr(44), 'fatal', 'count(//cbc:PaymentID[not(preceding::cbc:PaymentID/. = .)]) <= 1', 'All remittance information (BT-83) must be the same.', (_root, index) => oneDistinctValue(index, 'cbc:PaymentID')),
    atMost(sr(45), 'cac:PaymentMeans/cbc:PaymentDueDate', 1, 'Only one payment due date (BT-9) may be present.'),
    atMost(sr(46), 'cac:PaymentMeans/cbc:PaymentMeansCode/@name', 1, 'Only one payment means text (BT-82) may be present.'),
    rule(sr(47), 'fatal', 'count(//cbc:PaymentMeansCode[not(preceding::cbc:PaymentMeansCode/. = .)]) <= 1', 'All payment means codes (BT-81) must be the same.', (_root, index) => oneDistinctValue(index, 'cbc:PaymentMeansCode')),
    atMost(sr(49), 'cac:InvoicePeriod/cbc:DescriptionCode', 1, 'Only one value added tax point date code (BT-8) may be present.'),
    atMost(sr(54), 'cac:PaymentMeans/cac:CardAccount', 1, 'Only one payment card information group (BG-18) may be present.'),
    atMost(sr(55), 'cac:PaymentMeans/cac:PaymentMandate', 1, 'Only one direct debit mandate (BG-19) may be present.'),
    atMost(sr(56), 'cac:OriginatorDocumentReference/cbc:ID', 1, 'Only one tender or lot reference (BT-17) may be present.'),
  ],
};

/** Every element named `name` of the document (`//name`), from the index. */
function named(index: UblDocumentIndex, name: string): readonly CiiElement[] {
  return index.byName.get(name) ?? [];
}

/** A relative context `a/b` matches an element named b whose parent is named a. */
const under = (parent: string, name: string) => (el: CiiElement): boolean => el.name === name && el.parent?.name === parent;
const isOneOf = (...names: string[]) => (el: CiiElement): boolean => names.includes(el.name);

/** `//*[ends-with(name(), 'Amount') and not(ends-with(name(),'PriceAmount')) and not(ancestor::cac:Price/cac:AllowanceCharge)]`. */
function isCheckedAmount(el: CiiElement): boolean {
  const local = localName(el.name);
  if (!local.endsWith('Amount') || local.endsWith('PriceAmount')) return false;
  for (let p = el.parent; p !== undefined; p = p.parent) if (p.name === 'cac:Price' && kids(p, 'cac:AllowanceCharge').length > 0) return false;
  return true;
}

/** Every syntax rule context, in the order the official pattern tries them. */
export const UBL_SYNTAX_CONTEXTS: readonly UblSyntaxContext[] = [
  {
    xpath: '//cac:PostalAddress | //cac:Address',
    matches: isOneOf('cac:PostalAddress', 'cac:Address'),
    checks: [
      rule(sr(51), 'fatal', 'not(cac:AddressLine) or count(cac:AddressLine) = 1', 'An address may have at most one address line 3 (cac:AddressLine: BT-162, BT-163, BT-164, BT-165).', (a) => {
        const lines = kids(a, 'cac:AddressLine');
        return lines.length > 1 ? { at: lines[1]! } : undefined;
      }),
    ],
  },
  {
    xpath: 'cac:AccountingSupplierParty/cac:Party',
    matches: under('cac:AccountingSupplierParty', 'cac:Party'),
    checks: [atMost(sr(42), 'cac:PartyTaxScheme', 2, 'The Seller may have at most two tax schemes (BT-31 VAT identifier, BT-32 tax registration identifier).')],
  },
  {
    xpath: 'cac:AdditionalDocumentReference',
    matches: isOneOf('cac:AdditionalDocumentReference'),
    checks: [
      atMost(sr(33), 'cbc:DocumentDescription', 1, 'Only one supporting document description (BT-123) may be present.'),
      rule(
        sr(43),
        'fatal',
        "(cbc:DocumentTypeCode='130') or ((local-name(/*) = 'CreditNote') and (cbc:DocumentTypeCode='50')) or (not(cbc:ID/@schemeID) and not(cbc:DocumentTypeCode))",
        'A document reference is an invoiced object identifier (BT-18, type 130), in a credit note a project reference (BT-11, type 50), or else a supporting document (BG-24) with neither type code nor scheme.',
        (d) => {
          const codes = kids(d, 'cbc:DocumentTypeCode').map(stringValue);
          let root = d;
          while (root.parent !== undefined) root = root.parent;
          if (codes.includes('130') || (localName(root.name) === 'CreditNote' && codes.includes('50'))) return undefined;
          if (codes.length === 0 && !kids(d, 'cbc:ID').some((i) => 'schemeID' in i.attrs)) return undefined;
          return { at: d };
        },
      ),
    ],
  },
  {
    xpath: "//*[ends-with(name(), 'Amount') and not(ends-with(name(),'PriceAmount')) and not(ancestor::cac:Price/cac:AllowanceCharge)]",
    matches: isCheckedAmount,
    checks: [
      rule(dt(1), 'fatal', "string-length(substring-after(.,'.'))<=2", 'An amount may have at most two decimals.', (a) => {
        const s = stringValue(a);
        const dot = s.indexOf('.');
        return dot >= 0 && [...s.slice(dot + 1)].length > 2 ? { at: a } : undefined;
      }),
    ],
  },
  {
    xpath: "//*[ends-with(name(), 'BinaryObject')]",
    matches: (el) => localName(el.name).endsWith('BinaryObject'),
    checks: [
      rule(dt(6), 'fatal', '(@mimeCode)', 'An attached document (BT-125) must have its MIME code (BT-125-1).', (b) => ('mimeCode' in b.attrs ? undefined : { at: b })),
      rule(dt(7), 'fatal', '(@filename)', 'An attached document (BT-125) must have its file name (BT-125-2).', (b) => ('filename' in b.attrs ? undefined : { at: b })),
    ],
  },
  {
    xpath: 'cac:Delivery',
    matches: isOneOf('cac:Delivery'),
    checks: [atMost(sr(25), 'cac:DeliveryParty/cac:PartyName/cbc:Name', 1, 'Only one deliver to party name (BT-70) may be present.')],
  },
  {
    xpath: 'cac:AllowanceCharge[cbc:ChargeIndicator = false()]',
    matches: (el) => el.name === 'cac:AllowanceCharge' && indicator(el, false),
    checks: [atMost(sr(30), 'cbc:AllowanceChargeReason', 1, 'Only one allowance reason (BT-97, BT-139) may be present.')],
  },
  {
    xpath: 'cac:AllowanceCharge[cbc:ChargeIndicator = true()]',
    matches: (el) => el.name === 'cac:AllowanceCharge' && indicator(el, true),
    checks: [atMost(sr(31), 'cbc:AllowanceChargeReason', 1, 'Only one charge reason (BT-104, BT-144) may be present.')],
  },
  {
    xpath: 'cac:PartyTaxScheme',
    matches: isOneOf('cac:PartyTaxScheme'),
    checks: [
      rule(sr(53), 'fatal', 'exists(cac:TaxScheme/cbc:ID) and exists(cbc:CompanyID)', 'A party tax scheme must have its identifier (cbc:CompanyID) and its tax scheme (cac:TaxScheme/cbc:ID).', (s) =>
        first(s, 'cac:TaxScheme', 'cbc:ID') !== undefined && first(s, 'cbc:CompanyID') !== undefined ? undefined : { at: s },
      ),
    ],
  },
  ROOT,
  {
    xpath: 'cac:InvoiceLine | cac:CreditNoteLine',
    matches: isOneOf('cac:InvoiceLine', 'cac:CreditNoteLine'),
    checks: [
      atMost(sr(34), 'cbc:Note', 1, 'Only one invoice line note (BT-127) may be present.'),
      atMost(sr(35), 'cac:OrderLineReference/cbc:LineID', 1, 'Only one referenced purchase order line reference (BT-132) may be present.'),
      atMost(sr(36), 'cac:InvoicePeriod', 1, 'Only one invoice line period (BG-26) may be present.'),
      atMost(sr(37), 'cac:Price/cac:AllowanceCharge/cbc:Amount', 1, 'Only one item price discount (BT-147) may be present.'),
      rule(sr(48), 'fatal', 'count(cac:Item/cac:ClassifiedTaxCategory) = 1', 'An invoice line must have exactly one line VAT information (BG-30, cac:ClassifiedTaxCategory).', (l) => {
        const cats = all(l, 'cac:Item', 'cac:ClassifiedTaxCategory');
        return cats.length === 1 ? undefined : { at: cats[1] ?? l };
      }),
      atMost(sr(50), 'cac:Item/cbc:Description', 1, 'Only one item description (BT-154) may be present.'),
      atMost(sr(52), 'cac:DocumentReference', 1, 'Only one invoice line object identifier (BT-128) may be present.'),
    ],
  },
  {
    xpath: 'cac:PayeeParty',
    matches: isOneOf('cac:PayeeParty'),
    checks: [
      rule(sr(19), 'fatal', '(count(cac:PartyName/cbc:Name) <= 1) and ((cac:PartyName/cbc:Name) != (../cac:AccountingSupplierParty/cac:Party/cac:PartyLegalEntity/cbc:RegistrationName))', `Only one Payee name (BT-59) may be present.${PAYEE_IS_SELLER}`, (p) =>
        all(p, 'cac:PartyName', 'cbc:Name').length <= 1 && payeeNameDiffers(p) ? undefined : { at: p },
      ),
      rule(sr(20), 'fatal', "(count(cac:PartyIdentification/cbc:ID[upper-case(@schemeID) != 'SEPA']) <= 1) and ((cac:PartyName/cbc:Name) != (../cac:AccountingSupplierParty/cac:Party/cac:PartyLegalEntity/cbc:RegistrationName))", `Only one Payee identifier (BT-60) may be present.${PAYEE_IS_SELLER}`, (p) =>
        all(p, 'cac:PartyIdentification', 'cbc:ID').filter((i) => !sepa(i)).length <= 1 && payeeNameDiffers(p) ? undefined : { at: p },
      ),
      rule(sr(21), 'fatal', '(count(cac:PartyLegalEntity/cbc:CompanyID) <= 1) and ((cac:PartyName/cbc:Name) != (../cac:AccountingSupplierParty/cac:Party/cac:PartyLegalEntity/cbc:RegistrationName))', `Only one Payee legal registration identifier (BT-61) may be present.${PAYEE_IS_SELLER}`, (p) =>
        all(p, 'cac:PartyLegalEntity', 'cbc:CompanyID').length <= 1 && payeeNameDiffers(p) ? undefined : { at: p },
      ),
    ],
  },
  {
    xpath: 'cac:PaymentMeans',
    matches: isOneOf('cac:PaymentMeans'),
    checks: [
      atMost(sr(26), 'cbc:PaymentID', 1, 'Only one remittance information (BT-83) may be present per payment means.'),
      atMost(sr(27), 'cbc:PaymentMeansCode', 1, 'Only one payment means type code (BT-81) may be present per payment means.'),
      atMost(sr(28), 'cac:PaymentMandate/cbc:ID', 1, 'Only one mandate reference identifier (BT-89) may be present.'),
    ],
  },
  {
    xpath: 'cac:BillingReference',
    matches: isOneOf('cac:BillingReference'),
    checks: [
      atMost(sr(6), 'cac:InvoiceDocumentReference', 1, 'Only one preceding invoice (BG-3) may be present per billing reference.'),
      rule(sr(7), 'fatal', '(cac:InvoiceDocumentReference/cbc:ID)', 'A billing reference must have the preceding invoice reference (BT-25).', (b) => (first(b, 'cac:InvoiceDocumentReference', 'cbc:ID') === undefined ? { at: b } : undefined)),
    ],
  },
  {
    xpath: 'cac:TaxRepresentativeParty',
    matches: isOneOf('cac:TaxRepresentativeParty'),
    checks: [
      atMost(sr(22), 'cac:PartyName/cbc:Name', 1, 'Only one Seller tax representative name (BT-62) may be present.'),
      atMost(sr(23), 'cac:PartyTaxScheme/cbc:CompanyID', 1, 'Only one Seller tax representative VAT identifier (BT-63) may be present.'),
    ],
  },
  {
    xpath: 'cac:TaxSubtotal',
    matches: isOneOf('cac:TaxSubtotal'),
    checks: [atMost(sr(32), 'cac:TaxCategory/cbc:TaxExemptionReason', 1, 'Only one VAT exemption reason text (BT-120) may be present.')],
  },
];

export { normalizeSpace };
