import { describe, expect, it } from 'vitest';
import { separateFrenchLegalForms, splitFrenchLegalForm } from '../../lib/extract/legal-form.js';
import type { ExtractedParty } from '../../lib/extract/port.js';

const party = (name: string, country?: string): ExtractedParty => ({
  name: { value: name, confidence: 0.9, source: 'page 1, line 1' },
  ...(country === undefined ? {} : { country: { value: country, confidence: 0.9 } }),
});

describe('French legal forms', () => {
  it.each([
    ['Au bon moulin SARL', 'Au bon moulin', 'SARL'],
    ['SAS Dupont Frères', 'Dupont Frères', 'SAS'],
    ['Société Générale S.A.', 'Société Générale', 'S.A.'],
    ['ACME - SASU', 'ACME', 'SASU'],
    ['Boulangerie Martin, EURL', 'Boulangerie Martin', 'EURL'],
  ])('%s is the name %s with the legal form %s', (printed, name, legalForm) => {
    expect(splitFrenchLegalForm(printed)).toEqual({ name, legalForm });
  });

  it.each(['Dupont', 'SARL', 'Les Sas du Port', 'Maison sa famille'])('%s has no legal form to split off', (printed) => {
    expect(splitFrenchLegalForm(printed)).toEqual({ name: printed });
  });
});

describe('separateFrenchLegalForms', () => {
  it('splits a French party and keeps the confidence and source with both parts', () => {
    const seller = party('Au bon moulin SARL', 'FR');
    const buyer = party('Lieferant GmbH', 'DE');
    separateFrenchLegalForms(seller, buyer);
    expect(seller.name).toEqual({ value: 'Au bon moulin', confidence: 0.9, source: 'page 1, line 1' });
    expect(seller.legalForm).toEqual({ value: 'SARL', confidence: 0.9, source: 'page 1, line 1' });
    expect(buyer.name?.value).toBe('Lieferant GmbH');
    expect(buyer.legalForm).toBeUndefined();
  });

  it('takes a party of unknown country as French on a French invoice, and leaves other countries alone', () => {
    const seller = party('Boulangerie Martin SAS', 'FR');
    const buyer = party('Restaurant Le Quai SARL');
    separateFrenchLegalForms(seller, buyer);
    expect([seller.name?.value, buyer.name?.value, buyer.legalForm?.value]).toEqual(['Boulangerie Martin', 'Restaurant Le Quai', 'SARL']);

    const belgian = party('Brasserie du Parc SA', 'BE');
    const unknown = party('Durand SA');
    separateFrenchLegalForms(belgian, unknown);
    expect([belgian.name?.value, unknown.name?.value]).toEqual(['Brasserie du Parc SA', 'Durand SA']);
  });
});
