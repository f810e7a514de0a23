/**
 * French invoices (the 2026 e-invoicing reform, XP Z12-012 V1.4 / BR-FR):
 * the defaults we write when the caller leaves a French term out, and the
 * input field each BR-FR finding on a JSON invoice points at. Every default is
 * overridden by what the caller gives (README, "French e-invoicing reform").
 */
import type { Identifier, Invoice } from '../model/invoice.js';
import { FR_BILLING_FRAMEWORKS } from '../rules/br-fr/BR-FR-08.js';
import type { Finding } from '../rules/types.js';

/** EAS scheme of the French directory's SIREN-based electronic addresses (BT-34-1 / BT-49-1). */
export const SCHEME_FR_DIRECTORY = '0225';

/** The legal mentions (BR-FR-05) written when the caller gives no note with that subject (BT-21). */
export const FR_DEFAULT_NOTES: Readonly<Record<'PMT' | 'PMD' | 'AAB', string>> = {
  PMT: "Indemnité forfaitaire pour frais de recouvrement en cas de retard de paiement : 40 euros (article L441-10 du Code de commerce).",
  PMD: "Pénalités de retard exigibles dès le lendemain de la date d'échéance : taux d'intérêt appliqué par la Banque centrale européenne à son opération de refinancement la plus récente, majoré de 10 points (article L441-10 du Code de commerce).",
  AAB: "Pas d'escompte pour paiement anticipé.",
};

/** The SIREN inside a French VAT number (FR + 2-character key + SIREN). */
function sirenOfVatNumber(vatId: string | undefined): string | undefined {
  const m = /^FR[0-9A-Z]{2}([0-9]{9})$/.exec(vatId ?? '');
  return m?.[1];
}

function withFrenchIds(party: { legalRegistrationId?: Identifier; vatId?: string; electronicAddress?: Identifier; address: { countryCode?: string } }): void {
  if (party.legalRegistrationId === undefined) {
    const siren = sirenOfVatNumber(party.vatId);
    if (siren !== undefined) party.legalRegistrationId = { id: siren, scheme: '0002' };
  }
  const siren = party.legalRegistrationId?.scheme === '0002' ? party.legalRegistrationId.id : undefined;
  if (party.electronicAddress === undefined && siren !== undefined && (party.address.countryCode === 'FR' || party.address.countryCode === undefined)) {
    party.electronicAddress = { id: siren, scheme: SCHEME_FR_DIRECTORY };
  }
}

/**
 * Completes a French invoice in place with the documented defaults: SIREN
 * (BT-30 / BT-47, scheme 0002) from the French VAT number when neither siren
 * nor siret gave one; the SIREN-based electronic address (scheme 0225) of a
 * French party that has a SIREN and no electronic address; the PMT, PMD and
 * AAB notes for the subjects the caller did not give.
 */
export function applyFrenchDefaults(inv: Invoice): void {
  withFrenchIds(inv.seller);
  withFrenchIds(inv.buyer);
  for (const subject of ['PMT', 'PMD', 'AAB'] as const) {
    if (!inv.notes.some((n) => n.subjectCode === subject)) inv.notes.push({ subjectCode: subject, text: FR_DEFAULT_NOTES[subject] });
  }
}

const ADDRESS_HINT = (party: 'seller' | 'buyer', term: string) => ({
  path: `${party}.electronicAddress`,
  message: `${party}.electronicAddress (${term}) is required on a French invoice: give ${party}.siren (or ${party}.siret, or a French ${party}.vatNumber), which yields the default address {scheme 0225, id SIREN}, or ${party}.electronicAddress.`,
});

/** The input field (and a message naming it) of BR-FR findings a caller of the JSON API fixes in the input. */
const FIELD_HINTS: Readonly<Record<string, { path: string; message: string }>> = {
  'BR-FR-08_BT-23': {
    path: 'businessProcess',
    message: `businessProcess (BT-23) is required on a French invoice: one of ${FR_BILLING_FRAMEWORKS.join(' ')} (e.g. B1 goods, S1 services, M1 mixed).`,
  },
  'BR-FR-10_BT-30': { path: 'seller.siren', message: 'seller.siren (BT-30) is required on a French invoice: 9 digits (or seller.siret, or a French seller.vatNumber).' },
  'BR-FR-11_BT-47': { path: 'buyer.siren', message: 'buyer.siren (BT-47) is required on a B2B invoice (BAR note B2B): 9 digits (or buyer.siret, or a French buyer.vatNumber).' },
  'BR-FR-12_BT-49': ADDRESS_HINT('buyer', 'BT-49'),
  'BR-FR-13_BT-34': ADDRESS_HINT('seller', 'BT-34'),
  'BR-FR-21_BT-49': { path: 'buyer.electronicAddress', message: 'On a B2B invoice (BAR note B2B), buyer.electronicAddress (BT-49) must have scheme 0225 and begin with buyer.siren (BT-47).' },
  'BR-FR-CO-12_BT-5': {
    path: 'vatAccountingCurrency',
    message: 'A French invoice not in EUR needs vatAccountingCurrency "EUR" (BT-6) and totals.vatTotalAccountingCurrency, the VAT total in euros (BT-111).',
  },
  'BR-FR-CO-04_BT-4': { path: 'precedingInvoice', message: 'A French corrective invoice (384) needs precedingInvoice {number, date} (BT-25, BT-26).' },
  'BR-FR-CO-05_BT-3': { path: 'precedingInvoice', message: 'A French credit note (381) needs precedingInvoice {number, date} (BT-25, BT-26).' },
  'BR-FR-01_BT-1': { path: 'invoiceNumber', message: 'invoiceNumber (BT-1) must be at most 35 characters on a French invoice.' },
  'BR-FR-02_BT-1': { path: 'invoiceNumber', message: 'invoiceNumber (BT-1) may only contain A-Z, a-z, 0-9 and + - _ / on a French invoice (no spaces, no dots).' },
  'BR-FR-01_BT-25': { path: 'precedingInvoice.number', message: 'precedingInvoice.number (BT-25) must be at most 35 characters.' },
  'BR-FR-02_BT-25': { path: 'precedingInvoice.number', message: 'precedingInvoice.number (BT-25) may only contain A-Z, a-z, 0-9 and + - _ / (no spaces, no dots).' },
  'BR-FR-03_BT-26': { path: 'precedingInvoice.date', message: 'precedingInvoice.date (BT-26) must be a date between 2000 and 2099.' },
  'BR-FR-16_BT-152': { path: 'items', message: 'A line VAT rate (BT-152) is not a French VAT rate (20, 10, 5.5, 2.1, 0, ...).' },
  'BR-FR-16_BT-119': { path: 'items', message: 'A VAT breakdown rate (BT-119) is not a French VAT rate (20, 10, 5.5, 2.1, 0, ...).' },
};

/** A BR-FR finding on the XML written from JSON input, re-pointed at the input field to fix (the XML location kept). */
export function toInputFinding(f: Finding): Finding {
  const hint = FIELD_HINTS[f.rule];
  return hint === undefined ? f : { ...f, path: hint.path, message: hint.message };
}
