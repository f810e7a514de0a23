/**
 * Labels of the rendered invoice in French, English and German, and the
 * choice of language.
 *
 * Language (spec: renderInvoicePdf): the explicit option wins; else the
 * seller's country (BT-40): FR, BE, LU, MC -> French; DE, AT, LI -> German;
 * CH -> French for Romandy post codes (1000-2999: Geneva, Vaud, Neuchâtel,
 * Jura, French-speaking Fribourg and Valais), German otherwise; anything else
 * -> English. Belgium and Switzerland have more languages than we print; the
 * post-code rule for Switzerland is an approximation, documented as such.
 */
import type { Invoice } from '../../model/invoice.js';
import { COUNTRY_CODES } from '../../rules/codelists/iso-3166.js';
import type { Lang } from './format.js';

/** Picks the label language (see the module comment). */
export function chooseLanguage(invoice: Invoice, requested?: Lang): Lang {
  if (requested === 'fr' || requested === 'en' || requested === 'de') return requested;
  const country = invoice.seller.address.countryCode?.trim().toUpperCase();
  if (country === 'FR' || country === 'BE' || country === 'LU' || country === 'MC') return 'fr';
  if (country === 'DE' || country === 'AT' || country === 'LI') return 'de';
  if (country === 'CH') {
    const pc = Number.parseInt(invoice.seller.address.postcode?.trim() ?? '', 10);
    return pc >= 1000 && pc <= 2999 ? 'fr' : 'de';
  }
  return 'en';
}

type Labels = Record<string, string>;

const FR: Labels = {
  seller: 'Vendeur',
  buyer: 'Client',
  payee: 'Bénéficiaire du paiement',
  taxRepresentative: 'Représentant fiscal',
  delivery: 'Livraison',
  number: 'N°',
  issueDate: 'Date',
  dueDate: 'Échéance',
  taxPointDate: 'Date d’exigibilité de la TVA',
  vatDue: 'TVA exigible',
  deliveryDate: 'Date de livraison',
  period: 'Période de facturation',
  currency: 'Devise',
  vatCurrency: 'Devise de comptabilisation de la TVA',
  buyerReference: 'Référence acheteur',
  projectReference: 'Projet',
  contractReference: 'Contrat',
  purchaseOrder: 'Bon de commande',
  salesOrder: 'Commande vendeur',
  receivingAdvice: 'Avis de réception',
  despatchAdvice: 'Avis d’expédition',
  tender: 'Appel d’offres / lot',
  invoicedObject: 'Objet facturé',
  buyerAccounting: 'Compte comptable acheteur',
  precedingInvoice: 'Facture précédente',
  of: 'du',
  vatId: 'N° TVA',
  taxRegistration: 'N° fiscal',
  registration: 'Immatriculation',
  identifier: 'Identifiant',
  electronicAddress: 'Adresse électronique',
  contact: 'Contact',
  location: 'Lieu',
  colId: 'N°',
  colDescription: 'Désignation',
  colQuantity: 'Qté',
  colUnit: 'Unité',
  colUnitPrice: 'Prix unit. HT',
  colVat: 'TVA',
  colNet: 'Montant HT',
  sellerItemId: 'Réf. vendeur',
  buyerItemId: 'Réf. acheteur',
  standardItemId: 'ID standard',
  classification: 'Classification',
  origin: 'Origine',
  orderLine: 'Ligne de commande',
  accountingReference: 'Compte',
  objectId: 'Objet',
  note: 'Note',
  grossPrice: 'Prix brut',
  priceDiscount: 'remise',
  per: 'pour',
  allowance: 'Remise',
  charge: 'Frais',
  documentAllowancesCharges: 'Remises et frais sur le document',
  colReason: 'Motif',
  colBase: 'Base',
  colPercent: '%',
  colAmount: 'Montant',
  vatBreakdown: 'Détail de la TVA',
  colCategory: 'Catégorie',
  colRate: 'Taux',
  colTaxable: 'Base HT',
  colTax: 'Montant TVA',
  exemption: 'Exonération',
  lineTotal: 'Total des lignes HT',
  allowanceTotal: 'Remises',
  chargeTotal: 'Frais',
  taxExclusive: 'Total HT',
  vatTotal: 'Total TVA',
  taxInclusive: 'Total TTC',
  prepaid: 'Déjà payé',
  rounding: 'Arrondi',
  amountDue: 'Net à payer',
  payment: 'Paiement',
  paymentMeans: 'Moyen de paiement',
  remittance: 'Référence à rappeler',
  iban: 'IBAN',
  account: 'Compte',
  bic: 'BIC',
  accountName: 'Titulaire',
  card: 'Carte',
  cardHolder: 'Titulaire de la carte',
  mandate: 'Mandat de prélèvement',
  creditorId: 'Identifiant créancier',
  debitedAccount: 'Compte débité',
  paymentTerms: 'Conditions de paiement',
  notes: 'Notes',
  supportingDocuments: 'Documents joints',
  page: 'page',
  continued: 'suite',
};

const EN: Labels = {
  seller: 'Seller',
  buyer: 'Buyer',
  payee: 'Payee',
  taxRepresentative: 'Tax representative',
  delivery: 'Delivery',
  number: 'No.',
  issueDate: 'Date',
  dueDate: 'Due date',
  taxPointDate: 'Tax point date',
  vatDue: 'VAT due',
  deliveryDate: 'Delivery date',
  period: 'Invoicing period',
  currency: 'Currency',
  vatCurrency: 'VAT accounting currency',
  buyerReference: 'Buyer reference',
  projectReference: 'Project',
  contractReference: 'Contract',
  purchaseOrder: 'Purchase order',
  salesOrder: 'Sales order',
  receivingAdvice: 'Receiving advice',
  despatchAdvice: 'Despatch advice',
  tender: 'Tender or lot',
  invoicedObject: 'Invoiced object',
  buyerAccounting: 'Buyer accounting reference',
  precedingInvoice: 'Preceding invoice',
  of: 'of',
  vatId: 'VAT no.',
  taxRegistration: 'Tax reg. no.',
  registration: 'Registration',
  identifier: 'ID',
  electronicAddress: 'Electronic address',
  contact: 'Contact',
  location: 'Location',
  colId: 'No.',
  colDescription: 'Description',
  colQuantity: 'Qty',
  colUnit: 'Unit',
  colUnitPrice: 'Unit price',
  colVat: 'VAT',
  colNet: 'Net amount',
  sellerItemId: 'Seller ref.',
  buyerItemId: 'Buyer ref.',
  standardItemId: 'Standard ID',
  classification: 'Classification',
  origin: 'Origin',
  orderLine: 'Order line',
  accountingReference: 'Account',
  objectId: 'Object',
  note: 'Note',
  grossPrice: 'Gross price',
  priceDiscount: 'discount',
  per: 'per',
  allowance: 'Allowance',
  charge: 'Charge',
  documentAllowancesCharges: 'Document allowances and charges',
  colReason: 'Reason',
  colBase: 'Base',
  colPercent: '%',
  colAmount: 'Amount',
  vatBreakdown: 'VAT breakdown',
  colCategory: 'Category',
  colRate: 'Rate',
  colTaxable: 'Taxable amount',
  colTax: 'VAT amount',
  exemption: 'Exemption',
  lineTotal: 'Sum of lines',
  allowanceTotal: 'Allowances',
  chargeTotal: 'Charges',
  taxExclusive: 'Total excl. VAT',
  vatTotal: 'Total VAT',
  taxInclusive: 'Total incl. VAT',
  prepaid: 'Paid',
  rounding: 'Rounding',
  amountDue: 'Amount due',
  payment: 'Payment',
  paymentMeans: 'Payment means',
  remittance: 'Payment reference',
  iban: 'IBAN',
  account: 'Account',
  bic: 'BIC',
  accountName: 'Account name',
  card: 'Card',
  cardHolder: 'Card holder',
  mandate: 'Direct debit mandate',
  creditorId: 'Creditor ID',
  debitedAccount: 'Debited account',
  paymentTerms: 'Payment terms',
  notes: 'Notes',
  supportingDocuments: 'Supporting documents',
  page: 'page',
  continued: 'continued',
};

const DE: Labels = {
  seller: 'Verkäufer',
  buyer: 'Käufer',
  payee: 'Zahlungsempfänger',
  taxRepresentative: 'Steuervertreter',
  delivery: 'Lieferung',
  number: 'Nr.',
  issueDate: 'Datum',
  dueDate: 'Fällig am',
  taxPointDate: 'Steuerdatum',
  vatDue: 'USt. fällig',
  deliveryDate: 'Lieferdatum',
  period: 'Abrechnungszeitraum',
  currency: 'Währung',
  vatCurrency: 'Steuerwährung',
  buyerReference: 'Käuferreferenz',
  projectReference: 'Projekt',
  contractReference: 'Vertrag',
  purchaseOrder: 'Bestellung',
  salesOrder: 'Auftrag',
  receivingAdvice: 'Wareneingangsmeldung',
  despatchAdvice: 'Lieferschein',
  tender: 'Vergabe / Los',
  invoicedObject: 'Abrechnungsobjekt',
  buyerAccounting: 'Buchungskonto des Käufers',
  precedingInvoice: 'Vorausgegangene Rechnung',
  of: 'vom',
  vatId: 'USt-IdNr.',
  taxRegistration: 'Steuernummer',
  registration: 'Register-Nr.',
  identifier: 'Kennung',
  electronicAddress: 'Elektronische Adresse',
  contact: 'Kontakt',
  location: 'Ort',
  colId: 'Pos.',
  colDescription: 'Bezeichnung',
  colQuantity: 'Menge',
  colUnit: 'Einheit',
  colUnitPrice: 'Einzelpreis',
  colVat: 'USt.',
  colNet: 'Nettobetrag',
  sellerItemId: 'Art.-Nr. Verkäufer',
  buyerItemId: 'Art.-Nr. Käufer',
  standardItemId: 'Standard-ID',
  classification: 'Klassifikation',
  origin: 'Herkunft',
  orderLine: 'Bestellposition',
  accountingReference: 'Konto',
  objectId: 'Objekt',
  note: 'Hinweis',
  grossPrice: 'Bruttopreis',
  priceDiscount: 'Rabatt',
  per: 'je',
  allowance: 'Nachlass',
  charge: 'Zuschlag',
  documentAllowancesCharges: 'Nachlässe und Zuschläge auf Belegebene',
  colReason: 'Grund',
  colBase: 'Basis',
  colPercent: '%',
  colAmount: 'Betrag',
  vatBreakdown: 'Umsatzsteuer',
  colCategory: 'Kategorie',
  colRate: 'Satz',
  colTaxable: 'Nettobetrag',
  colTax: 'Steuerbetrag',
  exemption: 'Befreiung',
  lineTotal: 'Summe Positionen',
  allowanceTotal: 'Nachlässe',
  chargeTotal: 'Zuschläge',
  taxExclusive: 'Gesamt netto',
  vatTotal: 'Umsatzsteuer gesamt',
  taxInclusive: 'Gesamt brutto',
  prepaid: 'Bereits gezahlt',
  rounding: 'Rundung',
  amountDue: 'Zahlbetrag',
  payment: 'Zahlung',
  paymentMeans: 'Zahlungsart',
  remittance: 'Verwendungszweck',
  iban: 'IBAN',
  account: 'Konto',
  bic: 'BIC',
  accountName: 'Kontoinhaber',
  card: 'Karte',
  cardHolder: 'Karteninhaber',
  mandate: 'Lastschriftmandat',
  creditorId: 'Gläubiger-ID',
  debitedAccount: 'Belastetes Konto',
  paymentTerms: 'Zahlungsbedingungen',
  notes: 'Hinweise',
  supportingDocuments: 'Rechnungsbegründende Unterlagen',
  page: 'Seite',
  continued: 'Fortsetzung',
};

const LABELS: Record<Lang, Labels> = { fr: FR, en: EN, de: DE };

/** The labels of a language; a missing key falls back to English, then to the key. */
export function labels(lang: Lang): (key: string) => string {
  const table = LABELS[lang];
  return (key) => table[key] ?? EN[key] ?? key;
}

/** Document titles by invoice type code (BT-3, UNTDID 1001). */
const DOCUMENT_TITLES: Record<string, Record<Lang, string>> = {
  '380': { fr: 'Facture', en: 'Invoice', de: 'Rechnung' },
  '381': { fr: 'Avoir', en: 'Credit note', de: 'Gutschrift' },
  '383': { fr: 'Note de débit', en: 'Debit note', de: 'Belastungsanzeige' },
  '384': { fr: 'Facture rectificative', en: 'Corrected invoice', de: 'Rechnungskorrektur' },
  '386': { fr: 'Facture d’acompte', en: 'Prepayment invoice', de: 'Vorauszahlungsrechnung' },
  '389': { fr: 'Autofacture', en: 'Self-billed invoice', de: 'Gutschrift (Selbstfakturierung)' },
  '261': { fr: 'Avoir autofacturé', en: 'Self-billed credit note', de: 'Selbstfakturierte Gutschrift' },
  '262': { fr: 'Avoir global', en: 'Consolidated credit note', de: 'Sammelgutschrift' },
  '326': { fr: 'Facture partielle', en: 'Partial invoice', de: 'Teilrechnung' },
  '393': { fr: 'Facture d’affacturage', en: 'Factored invoice', de: 'Factoring-Rechnung' },
  '395': { fr: 'Facture de consignation', en: 'Consignment invoice', de: 'Konsignationsrechnung' },
  '396': { fr: 'Avoir d’affacturage', en: 'Factored credit note', de: 'Factoring-Gutschrift' },
  '751': { fr: 'Facture (information comptable)', en: 'Invoice information for accounting', de: 'Rechnungsinformation für Buchhaltung' },
};

/** The document title of a type code (BT-3); an unknown code gives the invoice title with the code. */
export function documentTitle(typeCode: string, lang: Lang): string {
  const t = DOCUMENT_TITLES[typeCode.trim()];
  if (t !== undefined) return t[lang];
  const base = DOCUMENT_TITLES['380']![lang];
  return typeCode.trim() === '' ? base : `${base} (${typeCode.trim()})`;
}

/** Unit names of common UN/ECE Recommendation 20 codes (BT-130); others print as their code. */
const UNITS: Record<string, Record<Lang, string>> = {
  C62: { fr: 'u.', en: 'unit', de: 'Stk.' },
  H87: { fr: 'pièce', en: 'piece', de: 'Stück' },
  EA: { fr: 'u.', en: 'each', de: 'Stk.' },
  XPP: { fr: 'pièce', en: 'piece', de: 'Stück' },
  HUR: { fr: 'h', en: 'h', de: 'Std.' },
  MIN: { fr: 'min', en: 'min', de: 'Min.' },
  SEC: { fr: 's', en: 's', de: 's' },
  DAY: { fr: 'jour', en: 'day', de: 'Tag' },
  WEE: { fr: 'semaine', en: 'week', de: 'Woche' },
  MON: { fr: 'mois', en: 'month', de: 'Monat' },
  ANN: { fr: 'an', en: 'year', de: 'Jahr' },
  KGM: { fr: 'kg', en: 'kg', de: 'kg' },
  GRM: { fr: 'g', en: 'g', de: 'g' },
  TNE: { fr: 't', en: 't', de: 't' },
  MTR: { fr: 'm', en: 'm', de: 'm' },
  CMT: { fr: 'cm', en: 'cm', de: 'cm' },
  MMT: { fr: 'mm', en: 'mm', de: 'mm' },
  KMT: { fr: 'km', en: 'km', de: 'km' },
  MTK: { fr: 'm²', en: 'm²', de: 'm²' },
  MTQ: { fr: 'm³', en: 'm³', de: 'm³' },
  LTR: { fr: 'l', en: 'l', de: 'l' },
  KWH: { fr: 'kWh', en: 'kWh', de: 'kWh' },
  SET: { fr: 'lot', en: 'set', de: 'Satz' },
  PR: { fr: 'paire', en: 'pair', de: 'Paar' },
  LS: { fr: 'forfait', en: 'lump sum', de: 'pauschal' },
  E48: { fr: 'service', en: 'service', de: 'Leistung' },
  P1: { fr: '%', en: '%', de: '%' },
};

/** The printed unit of a unit code (BT-130 / BT-150). */
export function unitName(code: string | undefined, lang: Lang): string {
  if (code === undefined || code.trim() === '') return '';
  return UNITS[code.trim()]?.[lang] ?? code.trim();
}

/** Payment means (BT-81, UNTDID 4461) in words. */
const PAYMENT_MEANS: Record<string, Record<Lang, string>> = {
  '1': { fr: 'Non défini', en: 'Not defined', de: 'Nicht definiert' },
  '10': { fr: 'Espèces', en: 'Cash', de: 'Bar' },
  '20': { fr: 'Chèque', en: 'Cheque', de: 'Scheck' },
  '30': { fr: 'Virement', en: 'Credit transfer', de: 'Überweisung' },
  '31': { fr: 'Virement', en: 'Debit transfer', de: 'Überweisung' },
  '42': { fr: 'Paiement sur compte bancaire', en: 'Payment to bank account', de: 'Zahlung auf Bankkonto' },
  '48': { fr: 'Carte bancaire', en: 'Bank card', de: 'Bankkarte' },
  '49': { fr: 'Prélèvement', en: 'Direct debit', de: 'Lastschrift' },
  '57': { fr: 'Accord permanent', en: 'Standing agreement', de: 'Dauerauftrag' },
  '58': { fr: 'Virement SEPA', en: 'SEPA credit transfer', de: 'SEPA-Überweisung' },
  '59': { fr: 'Prélèvement SEPA', en: 'SEPA direct debit', de: 'SEPA-Lastschrift' },
  '97': { fr: 'Compensation', en: 'Clearing between partners', de: 'Verrechnung' },
  ZZZ: { fr: 'Convenu entre les parties', en: 'Mutually defined', de: 'Vereinbart' },
};

/** The payment means (BT-81) in words, with its code. */
export function paymentMeansName(code: string, lang: Lang): string {
  const name = PAYMENT_MEANS[code.trim()]?.[lang];
  return name === undefined ? code.trim() : `${name} (${code.trim()})`;
}

/** VAT category codes (BT-118/BT-151, UNTDID 5305 subset) in words. */
const VAT_CATEGORIES: Record<string, Record<Lang, string>> = {
  S: { fr: 'Taux normal', en: 'Standard rate', de: 'Normalsatz' },
  Z: { fr: 'Taux zéro', en: 'Zero rated', de: 'Nullsatz' },
  E: { fr: 'Exonéré', en: 'Exempt', de: 'Steuerbefreit' },
  AE: { fr: 'Autoliquidation', en: 'Reverse charge', de: 'Umkehr der Steuerschuld' },
  K: { fr: 'Livraison intracommunautaire', en: 'Intra-community supply', de: 'Innergemeinschaftliche Lieferung' },
  G: { fr: 'Exportation hors UE', en: 'Export outside the EU', de: 'Ausfuhr' },
  O: { fr: 'Hors champ de la TVA', en: 'Not subject to VAT', de: 'Nicht steuerbar' },
  L: { fr: 'IGIC (Canaries)', en: 'IGIC (Canary Islands)', de: 'IGIC (Kanaren)' },
  M: { fr: 'IPSI (Ceuta et Melilla)', en: 'IPSI (Ceuta and Melilla)', de: 'IPSI (Ceuta und Melilla)' },
};

/** A VAT category in words, with its code: `Taux normal (S)`. */
export function vatCategoryName(code: string, lang: Lang): string {
  const name = VAT_CATEGORIES[code.trim()]?.[lang];
  return name === undefined ? code.trim() : `${name} (${code.trim()})`;
}

/** BT-8 (UNTDID 2005 as CII codes them: 5 issue, 29 delivery, 72 payment) in words. */
export function vatDueDateCodeName(code: string, lang: Lang): string {
  const names: Record<string, Record<Lang, string>> = {
    '5': { fr: 'à la date de facture', en: 'on the invoice date', de: 'mit Rechnungsdatum' },
    '29': { fr: 'à la livraison', en: 'on delivery', de: 'bei Lieferung' },
    '72': { fr: 'au paiement', en: 'on payment', de: 'bei Zahlung' },
  };
  return names[code.trim()]?.[lang] ?? code.trim();
}

/** Names of the schemes of party identifiers (ISO 6523 ICD) we print by name. */
export function schemeName(scheme: string | undefined): string | undefined {
  switch (scheme?.trim()) {
    case '0002':
      return 'SIREN';
    case '0009':
      return 'SIRET';
    case '0088':
      return 'GLN';
    case '0060':
      return 'DUNS';
    case '0204':
      return 'Leitweg-ID';
    case '0225':
      return 'FRCTC';
    case 'EM':
      return 'e-mail';
    default:
      return undefined;
  }
}

const regionNames = new Map<Lang, Intl.DisplayNames>();

/** A country name in the language (ISO 3166-1 alpha-2 code, BT-40 code list), or the code as written when it is not one. */
export function countryName(code: string | undefined, lang: Lang): string {
  const c = code?.trim().toUpperCase() ?? '';
  if (!COUNTRY_CODES.has(c)) return code?.trim() ?? '';
  let names = regionNames.get(lang);
  if (names === undefined) {
    names = new Intl.DisplayNames([lang], { type: 'region', fallback: 'code' });
    regionNames.set(lang, names);
  }
  try {
    return names.of(c) ?? c;
  } catch {
    return c;
  }
}
