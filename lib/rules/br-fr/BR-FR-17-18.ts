/**
 * BR-FR-17: an attached document (BT-122, type 916) describes itself (BT-123)
 * with one of the French attachment codes, or not at all. BR-FR-18: at most
 * one attachment is the readable copy (`LISIBLE`).
 */
import { P } from './document.js';
import { definePattern } from './types.js';
import { kidEq, kids, normalizeSpace, str } from './xpath.js';

/** The attachment descriptions of the French list (BT-123). */
export const FR_ATTACHMENT_CODES: ReadonlySet<string> = new Set([
  'RIB', 'LISIBLE', 'FEUILLE_DE_STYLE', 'PJA', 'BORDEREAU_SUIVI', 'DOCUMENT_ANNEXE', 'BON_LIVRAISON', 'BON_COMMANDE',
  'BORDEREAU_SUIVI_VALIDATION', 'ETAT_ACOMPTE', 'FACTURE_PAIEMENT_DIRECT', 'RECAPITULATIF_COTRAITANCE',
]);

const ATTACHMENTS = `${P.AGR}/ram:AdditionalReferencedDocument`;

export const BR_FR_17 = definePattern('BR-FR-17', {
  context: ATTACHMENTS,
  where: (el) => kidEq(el, 'ram:TypeCode', '916'),
  asserts: [
    {
      id: 'BR-FR-17_BT-123',
      terms: ['BT-123'],
      message: `The description of a supporting document (BT-123) must be one of the French attachment codes: ${[...FR_ATTACHMENT_CODES].join(', ')}.`,
      test: (el) => {
        const code = normalizeSpace(str(kids(el, 'ram:Name')));
        return code === '' || FR_ATTACHMENT_CODES.has(code);
      },
    },
  ],
});

export const BR_FR_18 = definePattern('BR-FR-18', {
  context: 'rsm:CrossIndustryInvoice',
  asserts: [
    {
      id: 'BR-FR-18_BT-123',
      terms: ['BT-123'],
      message: 'At most one supporting document may be the readable copy of the invoice (BT-123 = LISIBLE).',
      test: (_el, doc) => {
        const docs = doc.at(ATTACHMENTS);
        let readable = 0;
        for (let i = 0; i < docs.length; i++) if (kidEq(docs[i], 'ram:Name', 'LISIBLE')) readable++;
        return readable <= 1;
      },
    },
  ],
});
