/**
 * The words French, German, English, Dutch, Spanish and Italian invoices print before their values,
 * grouped by the business term they announce. Labels are written naturally
 * here and folded once (lower case, no accents) into regular expressions that
 * tolerate the spacing accidents of PDF text (letter-spaced headings such as
 * `R E C H N U N G`, or a kerning gap read as a space inside a word).
 */
import { editDistance, fold } from './text.js';

/** A compiled label set. */
export interface LabelSet {
  /** Global regular expression over folded text. */
  re: RegExp;
  /** Folded labels, longest first. */
  labels: string[];
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Turns one folded label into a pattern: spaces match any blank run, letters may be split by one stray space. */
function labelPattern(label: string): string {
  let out = '';
  const chars = [...label];
  chars.forEach((ch, i) => {
    if (ch === ' ') {
      out += String.raw`\s*`;
      return;
    }
    out += escapeRe(ch);
    const next = chars[i + 1];
    if (next !== undefined && next !== ' ' && /\p{L}/u.test(ch) && /\p{L}/u.test(next)) out += ' ?';
  });
  return out;
}

/**
 * Compiles labels into a set. A label must not start inside a word; it must
 * end at a word end unless it ends with punctuation, or `prefix` is true (for
 * German compounds such as `Rechnungsnummer...`).
 */
export function compileLabels(labels: readonly string[], options: { prefix?: boolean } = {}): LabelSet {
  const folded = [...new Set(labels.map((l) => fold(l)))].sort((a, b) => b.length - a.length);
  // A label ending with punctuation (`invoice #`, `rechnungs-nr.`) may have its value glued to it (`Invoice #2231`).
  const end = (label: string): string => (options.prefix || !/[\p{L}\p{N}]$/u.test(label) ? '' : String.raw`(?![\p{L}\p{N}])`);
  const re = new RegExp(String.raw`(?<![\p{L}\p{N}])(?:${folded.map((l) => `${labelPattern(l)}${end(l)}`).join('|')})`, 'gu');
  return { re, labels: folded };
}

/** A label found in a folded text. */
export interface LabelMatch {
  index: number;
  end: number;
  text: string;
}

/** Matches already computed, by label set and text: the parser asks the same set about the same line many times. */
const MATCH_CACHE = new WeakMap<LabelSet, Map<string, readonly LabelMatch[]>>();
const MATCH_CACHE_ENTRIES = 4096;

/** All non-overlapping matches of a label set in a folded text (a fresh array; the parser reuses results across calls). */
export function matchLabels(set: LabelSet, foldedText: string): LabelMatch[] {
  let cache = MATCH_CACHE.get(set);
  if (!cache) MATCH_CACHE.set(set, (cache = new Map()));
  const known = cache.get(foldedText);
  if (known) return known.map((m) => ({ ...m }));
  const out: LabelMatch[] = [];
  set.re.lastIndex = 0;
  for (const m of foldedText.matchAll(set.re)) {
    if (m[0].trim() === '') continue;
    out.push({ index: m.index, end: m.index + m[0].length, text: m[0] });
  }
  // Bounded: a long document (or many) cannot grow it without end.
  if (cache.size >= MATCH_CACHE_ENTRIES) cache.clear();
  cache.set(foldedText, out.map((m) => ({ ...m })));
  return out;
}

/**
 * Labels of a line that a reader glued to the word before them (`CantidadPrecio unitario`, `QuantitéPrix unitaire
 * HT`): a lower-case letter followed by a capital inside a chunk starts a label too. Only the matches such a
 * boundary makes; the others are {@link matchLabels}'s on the whole line.
 */
export function matchGluedLabels(set: LabelSet, line: { text: string; chunks: ReadonlyArray<{ text: string; start: number }> }, foldedText: string): LabelMatch[] {
  const out: LabelMatch[] = [];
  for (const chunk of line.chunks) {
    const cuts = [...chunk.text.matchAll(/(?<=\p{Ll})\p{Lu}/gu)].map((m) => m.index);
    if (cuts.length === 0) continue;
    const starts = [0, ...cuts];
    starts.forEach((from, k) => {
      const to = starts[k + 1] ?? chunk.text.length;
      const base = chunk.start + from;
      for (const m of matchLabels(set, foldedText.slice(base, chunk.start + to))) out.push({ index: base + m.index, end: base + m.end, text: m.text });
    });
  }
  return out;
}

/** Words that title the document (BT-3 is inferred from them). */
export const DOCUMENT_WORDS = {
  invoice: [
    'rechnung', 'facture', 'invoice', 'handelsrechnung', 'tax invoice', 'commercial invoice', 'bill', 'factuur', 'factura', 'fattura', 'faktura', 'lasku', 'számla',
    'fatura',
    // A liberal profession's invoice (a lawyer's, an architect's): `Note d'honoraires`, `Honorarnote`, `Nota de honorarios`.
    "note d'honoraires", 'note d’honoraires', 'honorarnote', 'honorarrechnung', 'nota de honorarios',
    // Slovenian and Croatian, Lithuanian, Estonian, Latvian.
    'račun', 'pvm sąskaita faktūra', 'sąskaita faktūra', 'arve', 'rēķins',
    // Greek and Bulgarian.
    'τιμολόγιο', 'τιμολόγιο παροχής υπηρεσιών', 'τιμολόγιο πώλησης', 'фактура',
  ],
  creditNote: [
    'gutschrift', 'avoir', 'credit note', 'note de credit', 'gutschriftsanzeige', 'creditnote', 'creditnota', 'creditfactuur', 'nota de crédito',
    'nota de abono', 'factura de abono', 'nota di credito',
  ],
  corrected: ['rechnungskorrektur', 'korrekturrechnung', 'facture rectificative', 'corrected invoice', 'stornorechnung', 'factura rectificativa', 'fattura correttiva'],
  prepayment: [
    'facture d’acompte', "facture d'acompte", 'anzahlungsrechnung', 'vorauszahlungsrechnung', 'prepayment invoice', 'advance invoice', 'voorschotfactuur',
    'factura de anticipo', "fattura d'acconto", 'fattura di acconto',
  ],
  selfBilled: ['autofacturation', 'auto-facturation', 'self-billing', 'self billed invoice', 'gutschriftsverfahren'],
};

/**
 * Titles of documents that are not invoices (quotes, orders, delivery notes, statements, reminders): a document titled
 * so, with no invoice title, is no invoice (v1 answers 422 EXTRACTION_FAILED rather than a partial invoice).
 */
export const NOT_INVOICE_TITLES = compileLabels([
  'angebot', 'kostenvoranschlag', 'auftragsbestätigung', 'bestellung', 'lieferschein', 'kontoauszug', 'mahnung', 'zahlungserinnerung',
  'devis', 'bon de commande', 'confirmation de commande', 'bon de livraison', 'relevé de compte', 'relance',
  'quote', 'quotation', 'estimate', 'purchase order', 'order confirmation', 'delivery note', 'packing slip', 'statement of account', 'payment reminder',
  'offerte', 'bestelbon', 'orderbevestiging', 'pakbon', 'leveringsbon', 'presupuesto', 'pedido', 'albarán', 'albaran', 'preventivo', 'ordine',
  'documento di trasporto', 'conferma d\'ordine',
]);

/** Labels announcing the invoice number (BT-1). */
export const INVOICE_NUMBER = compileLabels([
  'rechnungsnummer', 'rechnungs-nummer', 'rechnungs-nr.', 'rechnungs-nr', 'rechnungsnr.', 'rechnungsnr', 'rechnung-nr.', 'rechnung nr.',
  'rechnung nr', 'rechnung no.', 'rechnung #', 'rechnungs nr.', 'belegnummer', 'beleg-nr.', 'beleg-nr', 'beleg nr.', 'belegnr.',
  'gutschriftsnummer', 'gutschrift-nr.', 'gutschrift nr.', 'gutschrift nr', 'dokumentnummer', 'dokument-nr.',
  'invoice number', 'invoice no.', 'invoice no', 'invoice nr.', 'invoice #', 'invoice num.', 'inv. no.', 'inv no', 'inv. #', 'invoice id',
  'invoice ref.', 'invoice ref', 'invoice reference', 'inv. ref.',
  'credit note number', 'credit note no.', 'credit note no', 'credit note #', 'document number', 'document no.', 'bill number',
  'numéro de facture', 'numero de facture', 'n° de facture', 'no de facture', 'n° facture', 'no. facture', 'numéro facture', 'num. facture',
  'facture n°', 'facture no', 'facture no.', 'facture numéro', 'facture #', 'facture nº', 'numéro de la facture',
  "numéro d'avoir", "n° d'avoir", 'avoir n°', 'avoir no', 'avoir numéro', 'référence facture', 'réf. facture',
  'rg.-nr.', 'rg.-nr', 'rg-nr.', 'rg-nr', 'rg. nr.', 're.-nr.', 're-nr.', 'rechnung-nr',
  // Dutch, Spanish, Italian.
  'factuurnummer', 'factuur nummer', 'factuurnr.', 'factuurnr', 'factuur nr.', 'factuur nr', 'factuur no.', 'factuur #', 'nummer factuur',
  'creditnotanummer', 'creditnota nr.', 'creditnota nummer',
  'número de factura', 'numero de factura', 'nº de factura', 'n° de factura', 'no. de factura', 'núm. de factura', 'factura n°', 'factura nº',
  'factura no.', 'factura núm.', 'factura número', 'núm. factura', 'nº factura', 'n.º factura', 'n° factura', 'número factura',
  'numero fattura', 'numero della fattura', 'numero documento', 'n. fattura', 'fattura n.', 'fattura n°', 'fattura nr.', 'fattura numero', 'nr. fattura',
  'num. fattura', 'n° fattura', 'nota di credito n.',
  // The document number of accounting and ERP software (Sage and EBP `N° pièce`, `Nº documento`, `Doc. nr.`). Not
  // `Documento n.`: in a row of labels, `Data documento   N. fattura` would read as one.
  'n° pièce', 'n° de pièce', 'no pièce', 'numéro de pièce', 'nº documento', 'nº de documento', 'n° documento', 'número de documento',
  'documentnummer', 'documentnr.', 'document nr.', 'doc. nr.', 'doc.nr.',
  // Nordic, Finnish, Polish, Czech, Hungarian, Portuguese, Romanian.
  'fakturanr.', 'fakturanr', 'fakturanummer', 'faktura nr.', 'faktura nr', 'faktura nummer', 'laskun numero', 'laskunumero', 'numer faktury',
  'faktura vat nr', 'číslo faktury', 'faktura číslo', 'számlaszám', 'számla sorszáma', 'número da fatura', 'fatura n.º', 'fatura nº', 'număr factură',
  'factura seria',
  'številka računa', 'št. računa', 'račun št.', 'račun številka', 'broj računa', 'račun broj', 'račun br.', 'číslo faktúry', 'faktúra číslo',
  'sąskaitos numeris', 'sąskaitos nr.', 'arve number', 'arve nr', 'arve nr.', 'rēķina numurs', 'rēķina nr.', 'rēķins nr.',
  'αριθμός τιμολογίου', 'αρ. τιμολογίου', 'номер на фактура', 'фактура №', 'фактура номер',
]);

/**
 * Labels of ids that stand in for the invoice number (BT-1) only when the document has no invoice-number label at
 * all (issue 25): booking, reservation and confirmation numbers, the issuer's own document reference.
 */
export const REFERENCE_NUMBER = compileLabels([
  'booking reference', 'booking ref.', 'booking ref', 'booking no.', 'booking number', 'booking id', 'booking code', 'reservation number',
  'reservation no.', 'reservation code', 'confirmation number', 'confirmation no.', 'confirmation code', 'our reference', 'our ref.',
  'buchungsnummer', 'buchungsreferenz', 'buchungs-nr.', 'buchungscode', 'reservierungsnummer', 'unsere referenz', 'unser zeichen',
  'référence de réservation', 'n° de réservation', 'numéro de réservation', 'code de réservation', 'notre référence', 'n° de confirmation',
  'boekingsnummer', 'boekingsreferentie', 'reserveringsnummer', 'onze referentie',
  'nº de reserva', 'número de reserva', 'localizador', 'código de reserva', 'nuestra referencia',
  'codice prenotazione', 'n. prenotazione', 'numero prenotazione', 'ns. riferimento', 'nostro riferimento',
  // A payment receipt's own number (`Receipt #2231-4471`, a paid invoice as card-payment services send it).
  'receipt number', 'receipt no.', 'receipt no', 'receipt #', 'receipt id', 'quittungsnummer', 'quittung nr.', 'beleg #', 'numéro de reçu', 'n° de reçu',
  'reçu n°', 'kwitantienummer', 'número de recibo', 'nº de recibo', 'recibo nº', 'numero ricevuta', 'ricevuta n.',
]);

/**
 * A number label without a word saying whose number (`Numéro :`, `Nummer`, `No.`): the invoice number on an invoice
 * with no invoice-number label, when it starts its chunk (`Numéro : F-2026-0207` under an `ÉMETTEUR` / `DESTINATAIRE`
 * pair); never inside another label (`Kundennummer`, `N° TVA`, `Numéro client` have no identifier right after).
 */
export const BARE_NUMBER = compileLabels(['numéro', 'numero', 'número', 'nummer', 'number', 'n°', 'nº', 'n.º', 'no.', 'nr.', 'num.', 'αριθμός', 'αρ.', 'номер', '№']);

/** Order-style ids: a last resort for BT-1 when neither an invoice-number label nor a booking-style one exists. */
export const ORDER_NUMBER = compileLabels([
  'order number', 'order no.', 'order no', 'order #', 'order id', 'reference', 'ref.', 'document no.', 'document number',
  'bestellnummer', 'bestell-nr.', 'auftragsnummer', 'auftrags-nr.', 'referenz', 'n° de commande', 'numéro de commande', 'référence', 'réf.',
  'ordernummer', 'referentie', 'nº de pedido', 'número de pedido', 'referencia', 'n. ordine', 'numero ordine', 'riferimento',
]);

/** Labels of the buyer's own references (BT-10 / BT-13: `Your reference`, `PO number`): never the invoice number. */
export const CUSTOMER_REFERENCE = compileLabels([
  'your reference', 'your ref.', 'your ref', 'your order', 'po number', 'po no.', 'po #', 'purchase order', 'customer ref.', 'customer reference',
  'ihre referenz', 'ihr zeichen', 'ihre bestellung', 'ihre bestellnummer', 'votre référence', 'votre commande', 'uw referentie', 'uw kenmerk', 'uw bestelling',
  'su referencia', 'su pedido', 'vs. riferimento', 'vostro riferimento', 'vs. ordine', 'kundenreferenz', 'référence client', 'klantreferentie',
]);

/** Labels announcing the issue date (BT-2); `generic` ones need their date right after them. */
export const ISSUE_DATE = compileLabels([
  'rechnungsdatum', 'rechnungs-datum', 'belegdatum', 'beleg-datum', 'datum der rechnung', 'ausstellungsdatum', 'gutschriftsdatum',
  'invoice date', 'date of invoice', 'date of issue', 'issue date', 'issued on', 'invoice dated', 'billing date', 'credit note date',
  'date de facture', 'date de la facture', 'date facture', "date d'émission", "date d'emission", 'émise le', 'émis le', 'date du document',
  "date de l'avoir", "date d'avoir", 'facturé le', 'date de facturation',
  'factuurdatum', 'factuur datum', 'datum factuur', 'fecha de factura', 'fecha factura', 'fecha de emisión', 'fecha de expedición', 'fecha emisión',
  'data fattura', 'data della fattura', 'data di emissione', 'data emissione', 'data documento', 'date issued',
  'fakturadato', 'fakturadatum', 'faktureringsdato', 'utstedelsesdato', 'laskun päivämäärä', 'laskun pvm', 'laskupäivä', 'päiväys',
  'data wystawienia', 'data faktury', 'datum vystavení', 'datum vystaveni', 'számla kelte', 'kiállítás dátuma', 'data da fatura', 'data de emissão',
  'data emiterii', 'data facturii',
  'datum izdaje', 'datum računa', 'datum izdavanja', 'datum izdavanja računa', 'dátum vystavenia', 'dátum vyhotovenia', 'išrašymo data',
  'sąskaitos data', 'sąskaitos išrašymo data', 'arve kuupäev', 'izrakstīšanas datums', 'rēķina datums',
  'ημερομηνία έκδοσης', 'ημερομηνία τιμολογίου', 'дата на издаване', 'дата на фактурата',
]);

/** Generic date words: accepted only with a date right after them. */
export const GENERIC_DATE = compileLabels(['datum', 'date', 'dated', 'le', 'den', 'vom', 'du', 'fecha', 'data', 'del', 'kuupäev', 'datums', 'dátum', 'ημερομηνία', 'ημ/νία', 'дата']);

/** Labels announcing the payment due date (BT-9). */
export const DUE_DATE = compileLabels([
  "date d'échéance", "date d'echeance", 'échéance', 'echeance', 'date limite de paiement', 'date limite', 'à payer avant le', 'a payer avant le', 'à payer avant',
  'payable avant le', 'payable le', 'à régler avant le', 'règlement avant le', 'au plus tard le',
  'fälligkeitsdatum', 'fällig am', 'fällig bis', 'fällig zum', 'fälligkeit', 'zahlbar bis zum', 'zahlbar bis', 'zahlungsziel', 'bis zum', 'spätestens am',
  'due date', 'payment due date', 'payment due', 'due', 'due on', 'due by', 'pay by', 'payable by', 'date due', 'payment date',
  'vervaldatum', 'vervaldag', 'uiterste betaaldatum', 'te betalen voor', 'betalen voor', 'fecha de vencimiento', 'fecha vencimiento', 'vencimiento',
  'data scadenza', 'data di scadenza', 'scadenza pagamento', 'scadenza',
  'forfaldsdato', 'forfallsdato', 'förfallodatum', 'förfallodag', 'betalingsfrist', 'sista betalningsdag', 'eräpäivä', 'termin płatności',
  'datum splatnosti', 'fizetési határidő', 'data de vencimento', 'data scadentă',
  'rok plačila', 'datum zapadlosti', 'datum dospijeća', 'rok plaćanja', 'dospijeće', 'dátum splatnosti', 'splatnosť', 'apmokėti iki', 'mokėjimo terminas',
  'apmokėjimo terminas', 'maksetähtaeg', 'tasumise tähtaeg', 'apmaksas termiņš', 'samaksas termiņš', 'apmaksāt līdz',
  'ημερομηνία λήξης', 'προθεσμία πληρωμής', 'срок за плащане', 'падеж', 'дата на падеж',
]);

/** Dates that are something else than the issue date (delivery, order, period ...). */
export const OTHER_DATE = compileLabels([
  'leistungsdatum', 'lieferdatum', 'liefer- und leistungsdatum', 'liefer-/leistungsdatum', 'leistungszeitraum', 'abrechnungszeitraum',
  'liefer-/leistungszeitraum', 'bestelldatum', 'bestell-datum', 'lieferschein-datum', 'lieferscheindatum', 'auftrag-datum', 'auftragsdatum',
  'auftrag-datum-lief', 'gültig bis', 'gueltig bis', 'druckdatum',
  'date de livraison', 'livraison', 'date de commande', 'commande du', 'période', 'periode', 'date de prestation', "date d'exécution",
  'delivery date', 'date of delivery', 'order date', 'service date', 'period', 'shipping date', 'valid until',
  'leverdatum', 'leveringsdatum', 'besteldatum', 'orderdatum', 'fecha de entrega', 'fecha de pedido', 'fecha pedido', 'periodo',
  'data consegna', 'data di consegna', 'data ordine', "data dell'ordine",
  'leveringsdato', 'leveransdatum', 'data sprzedaży', 'data dostawy', 'datum uskutečnění', 'duzp', 'teljesítés dátuma', 'toimituspäivä',
  'datum opravljene storitve', 'datum storitve', 'datum dobave', 'datum isporuke', 'datum prometa', 'dátum dodania', 'tiekimo data', 'pristatymo data',
  'piegādes datums', 'tarne kuupäev', 'дата на данъчното събитие', 'дата на доставка', 'ημερομηνία αποστολής',
], { prefix: true });

/**
 * Words naming another invoice than this one (a corrected or credited one, BG-3): a number or date they announce is
 * BT-25 / BT-26, never BT-1 / BT-2.
 */
export const OTHER_INVOICE = compileLabels([
  'associated invoice', 'original invoice', 'preceding invoice', 'related invoice', 'referenced invoice', 'corrected invoice number',
  "facture d'origine", 'facture initiale', 'facture rectifiée', 'facture corrigée', 'facture de référence', 'facture associée', 'sur facture',
  'ursprungsrechnung', 'ursprüngliche rechnung', 'bezugsrechnung', 'zugehörige rechnung', 'korrigierte rechnung', 'stornierte rechnung', 'zu rechnung',
  'oorspronkelijke factuur', 'originele factuur', 'factura original', 'factura rectificada', 'fattura originale', 'fattura di riferimento',
], { prefix: true });

/**
 * Words of payment lines (bank details, remittance): a "reference" printed there is the payment reference (BT-83),
 * which takes the invoice number only as a weaker candidate.
 */
export const PAYMENT_CONTEXT = compileLabels([
  'payment reference', 'payment ref', 'remittance', 'please quote', 'please use', 'when paying', 'reference for payment', 'bank transfer',
  'verwendungszweck', 'zahlungsreferenz', 'bitte angeben', 'bitte geben sie', 'bei zahlung', 'überweisung', 'ueberweisung',
  'référence de paiement', 'reference de paiement', 'référence à rappeler', 'à rappeler', 'libellé du virement', 'lors du règlement', 'virement',
  'betalingskenmerk', 'mededeling', 'gestructureerde mededeling', 'onder vermelding', 'referencia de pago', 'concepto de la transferencia',
  'causale', 'riferimento pagamento', 'iban', 'bic', 'swift',
], { prefix: true });

/**
 * Party headings of Hungarian, Romanian, Portuguese, Czech, Polish, Slovak, Slovenian, Croatian, Lithuanian, Estonian,
 * Latvian, Greek and Bulgarian invoices (and Spanish `Receptor`, English `Invoice address`): whole headings and words of
 * a longer heading alike, so one list serves both.
 */
const MORE_SELLER_HEADINGS = [
  'eladó', 'szolgáltató', 'furnizor', 'prestator', 'vânzător', 'fornecedor', 'emitente', 'prodávající', 'wystawca', 'dobavitelj', 'prodavatelj',
  'dodávateľ', 'izdajatelj', 'prodajalec', 'izdavatelj', 'pardavėjas', 'tiekėjas', 'müüja', 'pārdevējs', 'piegādātājs',
  'εκδότης', 'προμηθευτής', 'πωλητής', 'доставчик', 'продавач', 'издател',
];
const MORE_BUYER_HEADINGS = [
  'nabywca', 'odbiorca', 'odběratel', 'kupující', 'vevő', 'cumpărător', 'beneficiar', 'adquirente', 'kupec', 'kupac', 'receptor', 'invoice address',
  'invoicing address', 'odberateľ', 'prejemnik', 'naročnik', 'pirkėjas', 'ostja', 'maksja', 'pircējs', 'saņēmējs',
  'πελάτης', 'αγοραστής', 'λήπτης', 'получател', 'купувач', 'клиент',
];

/**
 * Words that make a short heading the buyer's, wherever they stand in it (`Bill to address:`, `Adresse du client`,
 * `Customer details`, `Datos de facturación`, `Empfänger der Rechnung`): {@link isPartyHeading}.
 */
export const BUYER_HEADING_WORDS = compileLabels(
  [
    'client', 'clients', 'customer', 'buyer', 'bill to', 'billed to', 'billing', 'invoice to', 'invoiced to', 'sold to', 'recipient', 'addressee',
    'kunde', 'kunden', 'käufer', 'rechnungsempfänger', 'leistungsempfänger', 'empfänger', 'rechnungsadresse', 'rechnungsanschrift', 'auftraggeber',
    'facturé à', 'facture à', 'facturer à', 'facturation', 'destinataire', 'acheteur', 'adressé à',
    'klant', 'klantgegevens', 'factuuradres', 'afnemer', 'koper', 'factuur aan', 'gefactureerd aan',
    'cliente', 'facturación', 'facturar a', 'facturado a', 'comprador', 'destinatario', 'fatturazione', 'committente', 'cessionario', 'intestatario',
    'spett.le', 'spettabile', ...MORE_BUYER_HEADINGS,
  ],
  { prefix: true },
);

/** Words that make a short heading the seller's, wherever they stand in it (`Bill from:`, `Datos del emisor`, `Service provider`). */
export const SELLER_HEADING_WORDS = compileLabels(
  [
    'seller', 'supplier', 'vendor', 'provider', 'issuer', 'issued by', 'bill from', 'billed by', 'sold by', 'from', 'verkauft von', 'vendu par',
    'venduto da', 'vendido por', 'verkocht door', 'sprzedawca', 'dodavatel', 'leverandør', 'säljare', 'myyjä', 'szállító',
    'verkäufer', 'lieferant', 'rechnungssteller', 'rechnungsersteller', 'leistungserbringer', 'absender', 'auftragnehmer',
    'vendeur', 'fournisseur', 'émetteur', 'prestataire', 'expéditeur',
    'leverancier', 'verkoper', 'afzender', 'emisor', 'emitido por', 'proveedor', 'vendedor', 'fornitore', 'venditore', 'cedente', 'prestatore', 'mittente',
    ...MORE_SELLER_HEADINGS,
  ],
  { prefix: true },
);

/**
 * A heading read by OCR with a letter or two wrong (`Bi1l to`, `Rechnungsempfanqer`, `Adresse du c1ient`): digits and
 * bars that stand for letters inside words are read as those letters, then a heading word of seven letters or more (`kunden` is a letter from `Kundera`)
 * may differ by one edit (two from twelve letters) from what is printed at the start of a word.
 */
function isNoisyHeadingWord(folded: string, words: LabelSet): boolean {
  const f = folded.replace(/(?<=\p{L})[1|!](?=\p{L}|\s|$)|(?<=^|\s)[1|](?=\p{L})/gu, 'l').replace(/(?<=\p{L})0(?=\p{L}|\s|$)/gu, 'o').replace(/(?<=\p{L})5(?=\p{L})/gu, 's');
  if (/\d/.test(f)) return false;
  if (matchLabels(words, f).length > 0) return true;
  const starts = [0, ...[...f.matchAll(/\s\S/g)].map((m) => m.index + 1)];
  for (const label of words.labels) {
    if (label.length < 7) continue;
    const max = label.length >= 12 ? 2 : 1;
    for (const s of starts) {
      for (let len = label.length - max; len <= label.length + max; len++) {
        if (s + len > f.length) break;
        // A window ends at a word end or inside a word (heading words are prefixes: `kundendaten`).
        if (editDistance(label, f.slice(s, s + len), max) <= max) return true;
      }
    }
  }
  return false;
}

/**
 * True when a chunk is a party heading of the given words: short (at most five words), no digit, a heading word in
 * it (any position: `Adresse du client`, `Bill to address:`), and not a name itself (no legal form). `ocr`: the
 * chunk was read by OCR, and a heading word misread by a letter or two still counts ({@link isNoisyHeadingWord}).
 */
export function isPartyHeading(text: string, words: LabelSet, options: { ocr?: boolean } = {}): boolean {
  const t = text.trim();
  if (options.ocr && t !== '' && t.length <= 45 && !/@|www\.|https?:|\.[a-z]{2,}$/i.test(t) && !hasLegalForm(t)) {
    const f = fold(t).replace(/[:.]\s*$/, '');
    if (f.split(/\s+/).length <= 5 && !NOT_A_HEADING.test(f) && isNoisyHeadingWord(f, words)) return true;
  }
  // An e-mail address or web domain (`billing@chevalier.example`) is contact data, whatever word it holds.
  if (t === '' || t.length > 45 || /\d/.test(t) || /@|www\.|https?:|\.[a-z]{2,}$/i.test(t) || hasLegalForm(t)) return false;
  const f = fold(t).replace(/[:.]\s*$/, '');
  if (f.split(/\s+/).length > 5) return false;
  // "Referenz des Käufers", "Customer number", "N° TVA client": a label of the party's data, not its heading.
  if (NOT_A_HEADING.test(f)) return false;
  return matchLabels(words, f).length > 0;
}

/** Words that make a short line a label of some party's data (reference, number, identifier, contact) rather than its heading. */
const NOT_A_HEADING =
  /(?:nummer|referenz|datum|zeichen)|(?<![\p{L}])(?:referenz|reference|ref|referentie|referencia|riferimento|kenmerk|zeichen|nummer|number|numero|num|nr|no|n°|nº|id|code|cod|codigo|codice|ne|bestell\p{L}*|order|commande|pedido|ordine|vat|tva|ust\p{L}*|mwst|steuer\p{L}*|btw|iva|nif|cif|siret|siren|gln|tel|telefon|phone|fax|e-?mail|mail|iban|konto|account|date|datum|fecha|data)(?![\p{L}])/u;

/** Headings of the seller's block (BG-4). */
export const SELLER_HEADING = compileLabels([
  'verkäufer', 'verkaeufer', 'lieferant', 'rechnungsersteller', 'rechnungssteller', 'leistungserbringer', 'absender', 'auftragnehmer',
  'seller', 'supplier', 'vendor', 'from', 'issued by', 'bill from', 'sold by', 'verkauft von', 'vendu par', 'venduto da', 'vendido por', 'verkocht door',
  'sprzedawca', 'dodavatel', 'leverandør', 'säljare', 'myyjä', 'szállító',
  'vendeur', 'fournisseur', 'émetteur', 'emetteur', 'prestataire', 'expéditeur',
  'van', 'leverancier', 'verkoper', 'afzender', 'proveedor', 'vendedor', 'emisor', 'emitido por', 'fornitore', 'venditore', 'cedente/prestatore', 'cedente',
  'prestatore', 'mittente',
  ...MORE_SELLER_HEADINGS,
]);

/** Headings of the buyer's block (BG-7). */
export const BUYER_HEADING = compileLabels([
  'käufer/leistungsempfänger', 'käufer', 'kaeufer', 'leistungsempfänger', 'rechnungsempfänger', 'rechnungsempfaenger', 'rechnungsanschrift',
  'rechnungsadresse', 'kunde', 'auftraggeber', 'empfänger',
  'buyer', 'customer', 'bill to', 'billed to', 'invoice to', 'invoiced to', 'sold to', 'client', 'recipient',
  'facturé à', 'facture à', 'facturer à', 'adresse de facturation', 'destinataire', 'acheteur', 'client facturé',
  'to', 'an', 'aan', 'rechnung an', 'factuuradres', 'gefactureerd aan', 'factuur aan', 'klant', 'afnemer', 'koper',
  'facturar a', 'facturado a', 'cliente', 'comprador', 'destinatario', 'cessionario/committente', 'cessionario', 'committente', 'spett.le', 'spettabile',
  'intestatario', 'datos del cliente', 'datos cliente', 'dati del cliente', 'dati cliente', 'adressé à', 'adresse client',
  'nabywca', 'odběratel', 'køber', 'köpare', 'kjøper', 'asiakas', 'vevő',
  ...MORE_BUYER_HEADINGS, 'billing address',
  // The name row of a customer, as hotels and shops print it (`Guest Name    Anil Kumar`): not prefixes, so that a
  // Gasthof or a Guesthouse stays a name.
  'customer name', 'client name', 'guest name', 'name of guest', 'guest', 'gast', 'name des gastes', 'nom du client', 'nom client', 'naam klant',
  'nombre del cliente', 'nome cliente', 'nome del cliente', 'huésped', 'ospite',
]);

/** Headings of blocks that are neither party (delivery address, payee ...): they end a party block. */
export const OTHER_PARTY_HEADING = compileLabels([
  'lieferanschrift', 'lieferadresse', 'warenempfänger', 'abweichender warenempfänger', 'abweichender zahlungsempfänger', 'zahlungsempfänger',
  'steuerbevollmächtigter', 'adresse de livraison', 'livré à', 'livraison', 'ship to', 'deliver to', 'delivery address', 'payee',
  'contact commercial', 'bemerkungen', 'bemerkung', 'positionsdaten', 'notes', 'zahlungsbedingungen', 'conditions de paiement',
  'afleveradres', 'leveradres', 'dirección de entrega', 'direccion de entrega', 'enviar a', 'luogo di consegna', 'destinazione merce', 'indirizzo di consegna',
  'betalingsvoorwaarden', 'condiciones de pago', 'condizioni di pagamento',
]);

/** Labels of the name inside a labelled party block ("Name: ..."). */
export const NAME_LABEL = compileLabels(['name', 'firma', 'nom', 'raison sociale', 'company', 'société', 'firmenname', 'naam', 'bedrijfsnaam', 'nombre', 'razón social', 'ragione sociale', 'denominazione']);

/** Row labels inside party blocks that are not names. */
export const PARTY_DETAIL_LABEL = compileLabels([
  'nummer', 'kundennummer', 'kunden-nr', 'kunden nr', 'lieferantennummer', 'globale nummer', 'gln', 'anschrift', 'adresse', 'address',
  'steuernummer', 'ust-idnr', 'ust.-id.-nr', 'ust-id', 'ustid', 'ust-id-nr', 'vat', 'tva', 'siret', 'siren', 'tel', 'telefon', 'téléphone',
  'phone', 'fax', 'e-mail', 'email', 'mail', 'web', 'kontakt', 'contact', 'abteilung', 'registrierungsnummer', 'handelsregister',
  'customer number', 'customer no', 'n° client', 'code client', 'référence client', 'ihre nummer', 'unsere nummer', 'id',
  'btw', 'kvk', 'klantnummer', 'nif', 'cif', 'teléfono', 'telefono', 'partita iva', 'p.iva', 'codice fiscale', 'c.f.', 'codice cliente', 'direccion',
  'indirizzo', 'adres',
], { prefix: true });

/** Labels of totals, by term. `strong` labels are unambiguous, `weak` ones need corroboration. */
export const TOTAL_LABELS = {
  /** Sum of invoice line net amounts (BT-106). */
  lineTotal: compileLabels(['positionssumme', 'summe positionen', 'summe der positionen', 'warenwert', 'total des lignes', 'total lignes', 'sum of line net amounts', 'lines total', 'line total']),
  /** Invoice total amount without VAT (BT-109). */
  net: compileLabels([
    'total ht', 'total h.t.', 'total h.t', 'montant ht', 'montant total ht', 'total hors taxes', 'total hors taxe', 'total hors tva', 'sous-total ht',
    'total net ht', 'montant net ht', 'base ht', 'total (ht)',
    'rechnungssumme ohne ust.', 'rechnungssumme ohne ust', 'rechnungssumme ohne mwst', 'rechnungssumme netto', 'summe netto', 'nettosumme', 'netto summe',
    'gesamtbetrag netto', 'gesamt netto', 'nettobetrag', 'netto-betrag', 'nettorechnungsbetrag', 'gesamtsumme netto', 'summe ohne mwst',
    'summe ohne ust', 'rechnungsbetrag netto', 'netto gesamt', 'zwischensumme netto',
    'total net', 'net total', 'net amount', 'total excl. vat', 'total excluding vat', 'total excl vat', 'total ex vat', 'total ex. vat',
    'total before tax', 'total before vat', 'total without vat', 'total net amount', 'amount excl. vat', 'subtotal excl. vat', 'taxable amount',
    'total excl. tax', 'total (excl. vat)', 'total (excl. tax)', 'nettobeitrag', 'gesamtbeitrag', 'beitrag netto',
    'total exkl. mwst', 'total exkl. mwst.', 'total exkl.', 'summe exkl. mwst', 'betrag exkl. mwst', 'total hors tva', 'totale imponibile',
    'totaal excl. btw', 'totaal excl btw', 'totaal exclusief btw', 'bedrag excl. btw', 'totaal exclusief', 'netto bedrag', 'totaal netto',
    'base imponible', 'total sin iva', 'importe neto', 'total neto', 'subtotal sin iva', 'imponibile', 'totale netto', 'imponibile totale', 'totale senza iva',
    'taxable value', 'total taxable value', 'summa exkl. moms', 'belopp exkl. moms', 'netto exkl. moms', 'nettobeløp', 'sum eks. mva', 'total eks. mva',
    'beløb ekskl. moms', 'i alt ekskl. moms', 'veroton hinta', 'yhteensä ilman alv', 'razem netto', 'wartość netto', 'celkem bez dph', 'základ daně',
    // Slovenian, Croatian, Slovak, Lithuanian, Estonian, Latvian, Hungarian, Romanian.
    'osnova za ddv', 'davčna osnova', 'osnovica', 'osnovica pdv', 'iznos bez pdv', 'ukupno bez pdv', 'základ dph', 'spolu bez dph', 'suma bez dph',
    'suma be pvm', 'iš viso be pvm', 'summa km-ta', 'summa käibemaksuta', 'kokku km-ta', 'summa bez pvn', 'kopā bez pvn', 'nettó összesen',
    'baza de impozitare', 'total fără tva', 'valoare fără tva',
    // Greek and Bulgarian.
    'καθαρή αξία', 'σύνολο καθαρής αξίας', 'αξία προ φπα', 'σύνολο προ φπα', 'данъчна основа', 'сума без ддс', 'стойност без ддс', 'общо без ддс',
  ]),
  netWeak: compileLabels(['netto', 'net', 'sous-total', 'sous total', 'subtotal', 'sub-total', 'sub total', 'zwischensumme', 'zwischentotal', 'summe', 'total net', 'subtotaal', 'subtotale']),
  /** Invoice total VAT amount (BT-110). */
  vat: compileLabels([
    'total tva', 'montant tva', 'montant de la tva', 'montant total tva', 'total taxes', 'total des taxes', 'tva totale', 'total t.v.a.',
    'total mwst', 'mwst-betrag', 'mwst.-betrag', 'mwst betrag', 'summe mwst', 'summe ust', 'ust-betrag', 'ust.-betrag', 'umsatzsteuerbetrag',
    'steuerbetrag', 'gesamt ust', 'ust. gesamt', 'ust gesamt', 'mwst. gesamt', 'mehrwertsteuer gesamt', 'zuzügl. ust', 'zuzügl. ust.',
    'zuzüglich ust', 'zzgl. ust', 'zzgl. mwst', 'zuzügl. mwst', 'zuzüglich mwst', 'zzgl. umsatzsteuer', 'zuzüglich umsatzsteuer', 'summe steuer',
    'total vat', 'vat total', 'vat amount', 'total tax', 'tax total', 'tax amount', 'total sales tax', 'plus vat',
    'btw-bedrag', 'btw bedrag', 'totaal btw', 'total iva', 'importe iva', 'cuota iva', 'cuota de iva', 'totale iva', 'importo iva', 'imposta', 'totale imposta',
    // India's GST, and the names of VAT in the other languages of Europe (Nordic, Polish, Czech, Finnish ...).
    'total gst', 'gst amount', 'gst total', 'total igst', 'igst amount', 'total tax amount',
    'moms i alt', 'momsbelopp', 'moms belopp', 'summa moms', 'mva-beløp', 'mva beløp', 'sum mva', 'kwota vat', 'podatek vat', 'dph celkem',
    'alv yhteensä', 'arvonlisävero yhteensä',
    'znesek ddv', 'ddv skupaj', 'iznos pdv', 'pdv ukupno', 'dph spolu', 'suma dph', 'pvm suma', 'käibemaksu summa', 'pvn summa', 'áfa összesen',
    'σύνολο φπα', 'ποσό φπα', 'начислен ддс', 'сума на ддс', 'сума ддс',
  ]),
  vatWeak: compileLabels([
    'tva', 'mwst', 'mwst.', 'ust', 'ust.', 'umsatzsteuer', 'mehrwertsteuer', 'vat', 'tax', 'taxe', 'taxes', 'steuer', 'versicherungsteuer', 'versicherungssteuer',
    'btw', 'iva', 'i.v.a.',
    'gst', 'igst', 'cgst', 'sgst', 'utgst', 'moms', 'mva', 'merverdiavgift', 'mervärdesskatt', 'alv', 'arvonlisävero', 'dph', 'áfa', 'ddv', 'pdv',
    'pvm', 'pvn', 'fpa', 'ptu', 'käibemaks', 'φπα', 'φ.π.α.', 'ддс',
  ]),
  /** Invoice total amount with VAT (BT-112). */
  gross: compileLabels([
    'total ttc', 'montant ttc', 'total t.t.c.', 'total toutes taxes comprises', 'montant total ttc', 'total (ttc)', 'total facture', 'montant total',
    'bruttosumme', 'brutto summe', 'bruttobetrag', 'gesamtbetrag brutto', 'rechnungsbetrag', 'rechnungssumme brutto', 'rechnungssumme',
    'summe inkl. ust', 'summe inkl. mwst', 'summe brutto', 'gesamtsumme', 'endbetrag', 'gesamtbetrag', 'rechnungsendbetrag', 'bruttorechnungsbetrag',
    'gesamt brutto', 'brutto gesamt', 'rechnungsbetrag brutto', 'gesamtpreis brutto',
    'total incl. vat', 'total including vat', 'total inc vat', 'total incl vat', 'total inc. vat', 'grand total', 'invoice total', 'total amount',
    'total with vat', 'total (incl. vat)', 'total incl. tax', 'total including tax', 'gross total', 'total gross', 'invoice amount',
    'total inkl. mwst', 'total inkl. mwst.', 'total inkl.', 'summe inkl.', 'betrag inkl. mwst', 'rechnungstotal', 'endsumme',
    'totaal incl. btw', 'totaal incl btw', 'totaal inclusief btw', 'totaalbedrag', 'factuurbedrag', 'bedrag incl. btw',
    'total factura', 'importe total', 'total con iva', 'total iva incluido', 'totale fattura', 'totale documento', 'importo totale', 'totale iva inclusa',
    'skupaj z ddv', 'skupni znesek', 'ukupno s pdv', 'ukupan iznos', 'spolu s dph', 'celková suma', 'iš viso su pvm', 'suma su pvm', 'kokku km-ga',
    'summa kokku', 'kopā ar pvn', 'kopsumma', 'bruttó összesen', 'total cu tva', 'total general',
    'γενικό σύνολο', 'συνολική αξία', 'σύνολο τιμολογίου', 'обща сума', 'обща стойност', 'всичко с ддс',
  ]),
  grossWeak: compileLabels(['total', 'brutto', 'gesamt', 'montant', 'betrag', 'amount', 'totaal', 'totale', 'importe', 'importo', 'bedrag', 'totalt', 'summa', 'razem', 'celkem', 'yhteensä', 'skupaj', 'ukupno', 'spolu', 'iš viso', 'kokku', 'kopā', 'összesen', 'σύνολο', 'общо', 'всичко']),
  /** Paid amount (BT-113). */
  prepaid: compileLabels([
    'acompte versé', 'acomptes versés', 'acompte', 'acomptes', 'déjà payé', 'deja paye', 'déjà réglé', 'montant payé', 'montant déjà réglé', 'avance reçue',
    'erhaltene anzahlungen', 'erhaltene anzahlung', 'geleistete anzahlungen', 'geleistete anzahlung', 'anzahlungen', 'anzahlung', 'bereits bezahlt',
    'bereits gezahlt', 'abzüglich anzahlung', 'abschlagszahlungen', 'vorauszahlung',
    'prepaid amount', 'prepaid', 'amount paid', 'paid amount', 'payments received', 'less deposit', 'deposit paid', 'already paid',
  ]),
  /** Amount due for payment (BT-115). */
  due: compileLabels([
    'net à payer', 'net a payer', 'reste à payer', 'reste a payer', 'montant à payer', 'montant a payer', 'montant dû', 'solde à payer', 'solde dû',
    'total à payer', 'total a payer', 'somme à payer',
    'zahlbetrag', 'zu zahlender betrag', 'zu zahlen', 'offener betrag', 'restbetrag', 'noch zu zahlen', 'fälliger betrag', 'zahlungsbetrag',
    'amount due', 'balance due', 'total due', 'amount payable', 'total payable', 'please pay', 'total to pay', 'payable amount', 'amount to pay',
    'due payable', 'now due', 'to be paid',
    'totaal te betalen', 'te betalen', 'openstaand bedrag', 'total a pagar', 'importe a pagar', 'totale da pagare', 'netto a pagare', 'importo da pagare',
    'att betala', 'summa att betala', 'totalt att betala', 'å betale', 'totalt å betale', 'at betale', 'maksettava', 'do zapłaty', 'razem do zapłaty',
    'k úhradě', 'celkem k úhradě',
    'za plačilo', 'za plačati', 'ukupno za platiti', 'za platiti', 'za uplatu', 'spolu na úhradu', 'k úhrade', 'na úhradu', 'mokėti', 'iš viso mokėti',
    'mokėtina suma', 'kokku tasuda', 'tasuda', 'tasumisele kuulub', 'summa apmaksai', 'apmaksai', 'fizetendő', 'total de plată', 'de plată',
    'πληρωτέο ποσό', 'πληρωτέο', 'сума за плащане', 'за плащане',
  ]),
};

/** Words on a totals line that make it something else (allowances, charges, discounts, transport). */
export const NOT_A_TOTAL = compileLabels([
  'zuschläge', 'zuschlag', 'abschläge', 'abschlag', 'rabatt', 'rabatte', 'skonto', 'nachlass', 'fracht', 'versand', 'porto', 'verpackung',
  'remise', 'remises', 'escompte', 'rabais', 'frais de port', 'ristourne',
  'discount', 'discounts', 'allowance', 'allowances', 'charge', 'charges', 'shipping', 'freight', 'rounding', 'rundung', 'arrondi',
  'leergut', 'pfand',
  // Identifier labels: "USt-IdNr.", "N° TVA", "VAT Reg No" announce numbers, not amounts.
  'ust-id', 'ust.-id', 'ustid', 'ust-nr', 'umsatzsteuer-id', 'steuernummer', 'steuer-nr', 'st.-nr', 'mwst-nr', 'uid', 'n° tva', 'no tva',
  'numéro de tva', 'tva intracom', 'vat reg', 'vat no', 'vat number', 'vat id', 'tax id', 'tax number', 'tax reg',
  'btw-nummer', 'btw nummer', 'btw-nr', 'btw nr', 'btw-id', 'btw id', 'nif', 'cif', 'n.i.f', 'partita iva', 'p. iva', 'p.iva', 'codice fiscale',
], { prefix: true });

/** Labels of a VAT rate column or cell. */
export const RATE_LABEL = compileLabels([
  'steuersatz', 'ust-satz', 'ust. satz', 'ust satz', 'mwst-satz', 'mwst satz', 'mwst-%', 'mwst %', 'ust. %', 'ust %', 'ust.-%', 'satz', '%',
  'taux', 'taux tva', 'tva %', 'taux de tva', 'vat rate', 'vat %', 'rate', 'tax rate', 'usts.', 'steuersatz [%]',
  'btw-tarief', 'btw tarief', 'btw %', 'tarief', 'tipo iva', 'tipo', '% iva', 'iva %', 'aliquota', 'aliquota iva',
]);

/** Labels of the taxable base column of a VAT breakdown (BT-116). */
export const BASE_LABEL = compileLabels([
  'basisbetrag', 'steuerbasisbetrag', 'steuerbasis', 'bemessungsgrundlage', 'nettobetrag', 'netto', 'nettopreis', 'nettowert', 'warenwert',
  'base', 'base ht', 'montant ht', 'assiette', 'base imposable', 'taxable amount', 'net amount', 'net', 'basis', 'base amount',
  'grondslag', 'maatstaf', 'base imponible', 'imponibile',
]);

/** Labels of the tax amount column of a VAT breakdown (BT-117). */
export const TAX_AMOUNT_LABEL = compileLabels([
  'steuerbetrag', 'ust.-betrag', 'ust-betrag', 'mwst-betrag', 'mwst betrag', 'ust betrag', 'umsatzsteuer', 'montant tva', 'montant de tva',
  'tva', 'montant', 'vat amount', 'tax amount', 'vat', 'tax', 'betrag', 'btw-bedrag', 'btw', 'cuota', 'iva', 'imposta',
]);

/** Column headers of the line items table, by column. */
export const COLUMN_LABELS = {
  description: compileLabels([
    'désignation', 'designation', 'description', 'libellé', 'libelle', 'bezeichnung', 'beschreibung', 'artikelbeschreibung', 'artikelbezeichnung',
    'leistungsbeschreibung', 'artikel', 'produkt', 'product', 'item', 'items', 'leistung', 'article', 'prestation', 'produit', 'material/beschreibung',
    'details', 'service', 'services', 'text', 'intitulé', 'objet', 'omschrijving', 'descripción', 'descripcion', 'concepto', 'descrizione',
    'articolo', 'artículo', 'articulo',
  ]),
  quantity: compileLabels(['qté', 'qte', 'qté.', 'quantité', 'quantite', 'qty', 'qty.', 'quantity', 'menge', 'anzahl', 'nb', 'stück', 'quant.', 'anz.', 'hours', 'heures', 'std.', 'stunden', 'std', 'jours', 'days', 'tage', 'aantal', 'cantidad', 'cant.', 'quantità', 'qtà', 'q.tà', 'uds.', 'unidades']),
  unit: compileLabels(['unité', 'unite', 'unit', 'einheit', 'me', 'uom', 'meng.-einheit', 'mengeneinheit', 'vke/geb']),
  price: compileLabels([
    'pu', 'p.u.', 'pu ht', 'p.u. ht', 'prix unitaire', 'prix unitaire ht', 'prix unit.', 'prix unit. ht', 'prix', 'prix ht unitaire', 'tarif',
    'unit price', 'price', 'unit cost', 'rate', 'einzelpreis', 'preis', 'nettopreis', 'stückpreis', 'e-preis', 'ep', 'preis/einheit', 'einzel/€',
    'einzel', 'preis/ einheit', 'unit price (excl. vat)', 'ansatz', 'stundensatz', 'taux horaire', 'hourly rate',
    'prijs', 'stukprijs', 'eenheidsprijs', 'precio', 'precio unitario', 'prezzo', 'prezzo unitario',
    'pr. unit.', 'p. unit.', 'p.unit.', 'pr. unitario', 'prezzo unit.', 'precio unit.', 'prix unit',
    'prijs per eenheid', 'price per unit', 'prix par unité', 'preis pro einheit', 'precio por unidad', 'prezzo per unità',
  ]),
  vat: compileLabels(['tva', 'tva %', 'taux tva', 'taux', 'mwst', 'mwst.', 'mwst-%', 'mwst %', 'ust', 'ust.', 'ust. %', 'usts.', 'vat', 'vat %', 'tax', 'tax %', 'steuer', 'steuersatz', 'ust %', 'btw', 'btw %', 'iva', 'iva %', '% iva', 'aliquota', 'aliq.', 'aliq']),
  net: compileLabels([
    'montant', 'montant ht', 'total', 'total ht', 'prix ht', 'prix total', 'prix total ht', 'betrag', 'gesamt', 'gesamtpreis', 'gesamtbetrag', 'summe',
    'nettobetrag', 'nettowert', 'entgelt', 'amount', 'line total', 'net amount', 'positionsbetrag', 'positions-', 'gesamt/€', 'total price', 'net',
    'netto', 'wert', 'bedrag', 'totaal', 'importe', 'importo', 'totale',
  ]),
  position: compileLabels(['pos', 'pos.', 'position', 'nr.', '#', 'n°', 'ligne', 'line', 'lfd. nr.', 'lfd.nr.']),
  /** Article numbers: read as a column so they do not join the description. */
  reference: compileLabels(['référence', 'reference', 'réf.', 'ref.', 'réf', 'art.-nr.', 'art.nr.', 'art-nr', 'art-nr.', 'artikelnummer', 'artikel-nr.', 'sku', 'code', 'item code', 'item no.', 'code article', 'gtin', 'ean']),
};

/** Labels whose value is the currency (BT-5). */
export const CURRENCY_LABEL = compileLabels([
  'währung', 'waehrung', 'rechnungswährung', 'currency', 'devise', 'monnaie', 'beträge in', 'amounts in', 'montants en', 'in währung', 'valuta', 'moneda', 'divisa',
]);

/** Labels of a VAT number (BT-31 / BT-48). */
export const VAT_LABEL = compileLabels([
  'ust-idnr', 'ust-id-nr', 'ust.-id.-nr', 'ust-id', 'ustid', 'ust.-identnr', 'umsatzsteuer-id', 'umsatzsteuer-identifikationsnummer',
  'mwst-nr', 'n° tva', 'no tva', 'tva intracommunautaire', 'n° de tva', 'numéro de tva', 'tva intracom', 'tva', 'vat', 'vat no', 'vat number',
  'vat reg', 'vat id', 'tax id',
  'btw-nummer', 'btw nummer', 'btw-nr', 'btw nr', 'btw-id', 'btw id', 'btw', 'nif', 'cif', 'nif/cif', 'n.i.f.', 'partita iva', 'p.iva', 'p. iva', 'iva',
], { prefix: true });

/** Words saying that an identifier on the same line belongs to the buyer. */
export const BUYER_REFERENCE = compileLabels([
  'client', 'kunde', 'kunden', 'customer', 'buyer', 'acheteur', 'ihre', 'votre', 'your', 'käufer', 'leistungsempfänger', 'empfänger', 'destinataire',
  'klant', 'uw', 'cliente', 'comprador', 'destinatario', 'cessionario', 'committente',
], { prefix: true });

/**
 * Salutations and care-of words printed before a person's or company's name in an address block, on a line of their
 * own: German (`Herrn`, `Frau`, `Firma`), French (`M.`, `Mme`), English, Italian (`Spett.le`, `Gent.mo`, `Sig.ra`),
 * Spanish (`Sr.`, `Sra.`, `D.`, `Dña.`), Dutch (`Dhr.`, `Mevr.`, `De heer`); marks OCR reads from specks after them
 * are allowed (`De heer+`).
 */
export const SALUTATION =
  /^(herrn?|frau|firma|fa\.|m\.|mme\.?|mlle\.?|monsieur|madame|mademoiselle|messieurs|mr\.?|mrs\.?|ms\.?|miss|messrs\.?|dr\.?|c\/o|z\.? ?hd\.?|attn\.?|à l'attention de|spett\.?\s?le|spettabile|spett\.|gent\.?\s?m[oai]|gentile|egr\.?|egregio|egregia|sig\.?(?:ra|na)?|sigg\.?|signor|signora|sr\.?|sra\.?|srta\.?|d\.|dña\.?|dª|don|doña|señor|señora|dhr\.?|de heer|mevr\.?|mevrouw|mw\.?|hr\.?)[\s+*~,;:'"`|_=-]*$/i;

/**
 * A salutation printed on the name's own line (`Herrn Max Mustermann`, `Spett.le Rossi S.r.l.`, `Sra. Carmen Romero`):
 * the form of address, not part of the party's name (BT-44). Words that are also first names or surnames (`Don`,
 * `Gentile`) and titles (`Dr.`) are left; a one-letter abbreviation (`M.`, `D.`) counts only before two words or more,
 * as `M. Dupont` may be an initial.
 */
const SALUTATION_PREFIX =
  /^(?:herrn|herr|frau|firma|fa\.|monsieur|madame|mademoiselle|mme\.?|mlle\.?|mr\.?|mrs\.?|ms\.?|messrs\.?|spett\.?\s?le|spettabile|spett\.|gent\.?\s?m[oai]|egr\.|egregio|egregia|sig\.(?:ra|na)?|sig\.ra|sigg\.|signor|signora|sr\.|sra\.|srta\.|dña\.|dª|doña|señor|señora|dhr\.|de heer|mevr\.|mevrouw|mw\.|hr\.)\s+(?=\S)/iu;
const SHORT_SALUTATION_PREFIX = /^(?:m|d)\.\s+(?=\S+\s+\S)/iu;

/** Removes a salutation printed before a name on its line (`Herrn Max Mustermann` gives `Max Mustermann`); other texts are returned as they are. */
export function stripSalutation(text: string): string {
  const t = text.trim();
  const m = SALUTATION_PREFIX.exec(t) ?? SHORT_SALUTATION_PREFIX.exec(t);
  if (!m) return t;
  const rest = t.slice(m[0].length).trim();
  // A name remains: two letters at least, and not another salutation alone.
  return /\p{L}{2}/u.test(rest) && !SALUTATION.test(rest) ? rest : t;
}

/** Legal forms written in letters (any case). */
const LEGAL_FORM_WORDS =
  /(?<![\p{L}])(gmbh(?: & co\.? kg)?|mbh|e\.\s?v\.|e\.\s?k\.|e\.\s?kfm\.|a\.g\.|s[aà]rl|s\.a\.r\.l\.|sas|sasu|eurl|ltd\.?|limited|llc|llp|plc|inc\.?|corp\.?|b\.v\.|n\.v\.|v\.o\.f\.|s\.r\.l\.|srl|s\.p\.a\.|spa|s\.a\.s\.|s\.n\.c\.|s\.a\.|s\.l\.u\.|s\.l\.|s\.c\.|a\/s|aps|sp\. z o\.o\.|sp\.\s?j\.|kft|zrt|s\.r\.o\.|a\.s\.|ohg|gbr|kgaa|pvt\.? ltd\.?|private limited|bvba|sprl|ltda\.?)(?![\p{L}])/iu;
/** Short legal forms, upper case only (so the French "sa" or English "as" are not taken for one). */
const LEGAL_FORM_CODES = /(?<![\p{L}])(AG|KG|SA|SE|UG|OY|AB|AS|BV|NV|SL|SLU|SAS|SNC|SCI|SCOP|EI|EIRL|OG|KEG|VOF|LLP|SRL|SPA|SARL|OHG)(?![\p{L}])/u;

/** A text that is a legal form and nothing else (`GmbH`, `B.V.`, `S.A.`, `Sp. z o.o.`): printed alone under a name in some footers. */
export function isBareLegalForm(text: string): boolean {
  const t = text.trim().replace(/[,;]$/, '');
  if (t === '' || t.length > 26) return false;
  const rest = t.replace(LEGAL_FORM_WORDS, '').replace(LEGAL_FORM_CODES, '').replace(/[\s&.,()-]/g, '');
  return rest === '' || /^(co|haftungsbeschrankt|haftungsbeschränkt)$/i.test(rest);
}

/** True when a text holds a company legal form (GmbH, AG, SARL, SAS, Ltd, Inc ...): a strong sign of a party name. */
export function hasLegalForm(text: string): boolean {
  return LEGAL_FORM_WORDS.test(text) || LEGAL_FORM_CODES.test(text);
}

/** Lines that are page furniture, generator notices or document titles, never party names. */
export const BOILERPLATE = compileLabels([
  'seite', 'page', 'blatt', 'beispiel-rechnungen', 'beispielrechnung', 'stylesheet', 'copyright', '(c)', 'zugferd', 'zugferd-version', 'factur-x',
  'xrechnung', 'powered by', 'anwendungsempfehlung', 'codelisten-version', 'stylesheet-version', 'lesbarmachung', 'originalrechnung', 'kopie',
  'duplicata', 'copy', 'inhalt', 'inofficial', 'unofficial', 'test invoice', 'sample invoice', 'specimen',
]);
