/**
 * The language of a document, guessed from the invoice labels it prints: each language has a short list of
 * well-known labels (`Factura`, `Fecha`, `IVA` for Spanish, `Rechnung`, `MwSt`, `Betrag` for German ...); the
 * language whose labels the text holds the most of wins. Used by the local extractor to re-read an OCR'd page
 * with that language's own model (lib/extract/local/index.ts); OCR text is noisy, so a label counts when a word
 * starts with it (German and Dutch compounds: `Rechnungsnummer`, `Factuurdatum`), accents and case folded.
 */
import { fold, type TextDocument } from './text.js';

/** The languages told apart (ISO 639-1). */
export type DocumentLanguage = 'fr' | 'en' | 'de' | 'es' | 'it' | 'nl' | 'pl';

/**
 * Label stems per language, folded (lower case, no accents). Words shared by several languages (`date`, `data`,
 * `datum`, `iva`, `cliente`, `total`) count for each of them; the distinctive ones (`factura` / `fattura` /
 * `factuur` / `facture`, `rechnung`, `mwst`, `btw`, `tva`, `importe`, `imponibile`) decide.
 */
const LABELS: Readonly<Record<DocumentLanguage, readonly string[]>> = {
  es: ['factura', 'fecha', 'cliente', 'iva', 'importe', 'vencimiento', 'base imponible', 'forma de pago', 'cantidad', 'precio', 'descripcion', 'numero de factura', 'nif', 'cif'],
  it: ['fattura', 'data', 'cliente', 'iva', 'totale', 'imponibile', 'scadenza', 'partita iva', 'quantita', 'prezzo', 'descrizione', 'codice fiscale', 'importo'],
  nl: ['factuur', 'datum', 'klant', 'btw', 'totaal', 'vervaldatum', 'omschrijving', 'aantal', 'prijs', 'bedrag', 'betaling', 'kvk'],
  de: ['rechnung', 'datum', 'mwst', 'betrag', 'gesamt', 'ust', 'netto', 'brutto', 'menge', 'beschreibung', 'kunde', 'zahlbar', 'steuer'],
  fr: ['facture', 'date', 'tva', 'montant', 'total ht', 'total ttc', 'echeance', 'client', 'designation', 'quantite', 'prix', 'siret', 'reglement'],
  en: ['invoice', 'date', 'vat', 'total', 'amount', 'due date', 'bill to', 'subtotal', 'quantity', 'price', 'description', 'payment', 'tax'],
  // Polish, folded (`ilość` as `ilosc`, `płatności` as `platnosci`: see languageScores).
  pl: ['faktura', 'sprzedawca', 'nabywca', 'nip', 'data wystawienia', 'data sprzedazy', 'termin platnosci', 'razem', 'kwota', 'ilosc', 'cena', 'stawka', 'wartosc', 'sposob platnosci', 'do zaplaty'],
};

const PATTERNS: ReadonlyArray<readonly [DocumentLanguage, readonly RegExp[]]> = (Object.entries(LABELS) as Array<[DocumentLanguage, readonly string[]]>).map(([lang, labels]) => [
  lang,
  // At the start of a word; for a whole-word label (`iva`, `ust`, `vat`) a following letter would make it another word.
  labels.map((label) => new RegExp(`(?<![\\p{L}\\p{N}])${label.replace(/ /g, '\\s+')}${label.length <= 4 ? '(?![\\p{L}])' : ''}`, 'u')),
]);

/** The score of each language on a text: how many of its distinct labels appear (each counted once). */
export function languageScores(text: string): Record<DocumentLanguage, number> {
  // `ł` has no decomposition (fold keeps it): as `l`, so that `płatności` and an OCR's `platnosci` match alike.
  const folded = fold(text).replace(/ł/g, 'l');
  const scores = { fr: 0, en: 0, de: 0, es: 0, it: 0, nl: 0, pl: 0 } satisfies Record<DocumentLanguage, number>;
  for (const [lang, patterns] of PATTERNS) {
    for (const pattern of patterns) if (pattern.test(folded)) scores[lang] += 1;
  }
  return scores;
}

/**
 * The language of a document's text: the one with the most labels found, when it has at least `minLabels`
 * (default 2) and strictly more than any other; undefined otherwise (too little text, or a tie).
 */
export function detectLanguage(source: string | TextDocument, minLabels = 2): DocumentLanguage | undefined {
  const text = typeof source === 'string' ? source : source.lines.map((l) => l.text).join('\n');
  const ranked = (Object.entries(languageScores(text)) as Array<[DocumentLanguage, number]>).sort((a, b) => b[1] - a[1]);
  const [best, second] = ranked;
  if (!best || best[1] < minLabels || (second && second[1] === best[1])) return undefined;
  return best[0];
}
