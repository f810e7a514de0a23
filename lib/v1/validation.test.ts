import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MANDATORY_TERM_RULES, validationScore } from './validation.js';

const finding = (rule: string) => ({ rule, message: rule });
const verdict = (valid: boolean, errors: string[], warnings: string[] = []) => ({ valid, errors: errors.map(finding), warnings: warnings.map(finding), summary: '' });

describe('the v1 score (0-100), meaningful for partial data (issue 12)', () => {
  it('counts the 22 rules of the mandatory terms: BR-01..BR-16 and BR-21..BR-26', () => {
    expect(MANDATORY_TERM_RULES.size).toBe(22);
    for (const rule of ['BR-01', 'BR-09', 'BR-16', 'BR-21', 'BR-26']) expect(MANDATORY_TERM_RULES.has(rule)).toBe(true);
    for (const rule of ['BR-17', 'BR-20', 'BR-27', 'BR-CO-26', 'BR-S-05']) expect(MANDATORY_TERM_RULES.has(rule)).toBe(false);
  });

  it.each([
    ['valid, no warning', verdict(true, []), 100],
    ['valid, two warning rules', verdict(true, [], ['FR-SIRET-BUYER', 'VAT-CHECKSUM']), 96],
    ['one rule that is no missing term', verdict(false, ['BR-CO-15']), 49],
    ['two such rules', verdict(false, ['BR-CO-15', 'BR-E-10']), 39],
    ['the buyer name missing (21 of 22 present)', verdict(false, ['BR-07']), 46],
    ['the buyer missing: BR-07, BR-10, BR-11 (19 of 22, two rules beyond the first)', verdict(false, ['BR-07', 'BR-10', 'BR-11']), 27],
    ['the same finding on several lines counts once', verdict(false, ['BR-22', 'BR-22', 'BR-22']), 46],
    ['one warning beside one error', verdict(false, ['BR-CO-15'], ['VAT-CHECKSUM']), 47],
  ])('%s: %i', (_name, v, score) => {
    expect(validationScore(v)).toBe(score);
  });

  const rules = fc.constantFrom('BR-02', 'BR-03', 'BR-06', 'BR-07', 'BR-08', 'BR-11', 'BR-16', 'BR-22', 'BR-CO-10', 'BR-CO-26', 'BR-S-05', 'BR-E-10', 'BR-FR-08_BT-23');
  const warnings = fc.array(fc.constantFrom('FR-SIRET-BUYER', 'VAT-CHECKSUM', 'BR-CL-23'), { maxLength: 3 });

  it('is at least 50 exactly when the invoice is valid, and within 0-100', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.array(rules, { maxLength: 12 }), warnings, (valid, errors, w) => {
        const score = validationScore(verdict(valid, valid ? [] : errors.length ? errors : ['BR-02'], w));
        expect(Number.isInteger(score)).toBe(true);
        expect(score >= 50).toBe(valid);
        expect(score).toBeGreaterThanOrEqual(0);
        expect(score).toBeLessThanOrEqual(100);
      }),
    );
  });

  it('never drops when a problem is fixed (a missing term added or another rule passing)', () => {
    fc.assert(
      fc.property(fc.uniqueArray(rules, { minLength: 2, maxLength: 12 }), warnings, fc.nat(), (errors, w, pick) => {
        const fixed = errors.filter((_, i) => i !== pick % errors.length);
        expect(validationScore(verdict(false, fixed, w))).toBeGreaterThanOrEqual(validationScore(verdict(false, errors, w)));
      }),
    );
  });

  it('keeps telling partial invoices apart: ten distinct problems still score above zero', () => {
    const tenProblems = ['BR-02', 'BR-03', 'BR-06', 'BR-07', 'BR-08', 'BR-09', 'BR-10', 'BR-11', 'BR-16', 'BR-CO-26'];
    expect(validationScore(verdict(false, tenProblems))).toBe(3);
    expect(validationScore(verdict(false, tenProblems.slice(1)))).toBe(5);
  });
});
