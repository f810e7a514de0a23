/**
 * Is a text a field label? The labels of header data, dates, line-table columns, totals and payment details
 * (./labels.ts) printed on their own, as the label row of a row of labels over a row of values shows them
 * (`Rechnungs-Nr.`, `Data ordine`, `Fecha de entrega`, `Precio unitario`, `Zahlbar bis`): never a party name.
 */
import { PAYEE_LABEL } from './issuer.js';
import {
  COLUMN_LABELS,
  CURRENCY_LABEL,
  DUE_DATE,
  GENERIC_DATE,
  INVOICE_NUMBER,
  ISSUE_DATE,
  OTHER_DATE,
  OTHER_INVOICE,
  ORDER_NUMBER,
  REFERENCE_NUMBER,
  CUSTOMER_REFERENCE,
  TOTAL_LABELS,
  VAT_LABEL,
  matchLabels,
  type LabelSet,
} from './labels.js';
import { fold } from './text.js';

const SETS: readonly LabelSet[] = [
  INVOICE_NUMBER, REFERENCE_NUMBER, ORDER_NUMBER, CUSTOMER_REFERENCE, ISSUE_DATE, GENERIC_DATE, DUE_DATE, OTHER_DATE, OTHER_INVOICE, CURRENCY_LABEL, VAT_LABEL, PAYEE_LABEL,
  ...Object.values(COLUMN_LABELS), ...Object.values(TOTAL_LABELS),
];

/**
 * True when a text is (mostly) a field label: a label of one of the sets starts it and covers at least 60 % of its
 * letters and digits (`Data ordine`, `Rechnungs-Nr.`), or labels cover it all (`Date de livraison`).
 */
export function isFieldLabel(text: string): boolean {
  const f = fold(text.trim()).replace(/[:.\s]+$/, '');
  const significant = f.replace(/[^\p{L}\p{N}]/gu, '').length;
  if (significant === 0) return false;
  for (const set of SETS) {
    for (const m of matchLabels(set, f)) {
      if (m.index > 0) continue;
      const covered = m.text.replace(/[^\p{L}\p{N}]/gu, '').length;
      if (covered >= 0.6 * significant) return true;
    }
  }
  return false;
}
