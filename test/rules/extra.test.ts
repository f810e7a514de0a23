/**
 * Our non-official checks (VAT-CHECKSUM, FR-SIREN-CHECKSUM, FR-SIRET-CHECKSUM,
 * FR-SIRET-BUYER): tables of passing and failing cases built from
 * validInvoice(), asserting rule id and path; plus the registry (warnings, not
 * official, ids unlike any official one, documented in the README).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Invoice } from '../../lib/model/invoice.js';
import { runRules } from '../../lib/rules/engine.js';
import { rules } from '../../lib/rules/extra/index.js';
import { validInvoice } from '../fixtures/model.js';
import { requireShared } from '../shared-path.js';

const byId = new Map(rules.map((r) => [r.id, r]));

/** A change applied to a fresh validInvoice(). */
type Change = (inv: Invoice) => void;
/** A case: name, change, expected `rule@path` findings. */
type Case = [string, Change, string[]];

function findings(id: string, change: Change): string[] {
  const rule = byId.get(id);
  if (!rule) throw new Error(`${id} is not in the index`);
  const inv = validInvoice();
  change(inv);
  const report = runRules(inv, [rule]);
  return [...report.errors, ...report.warnings].map((f) => `${f.rule}@${f.path}`);
}

/** Publicly documented example VAT numbers with valid check digits, one or more per supported country. */
const VALID_VAT_IDS = [
  'FR40303265045',
  'FR44732829320',
  'BE0477472701',
  'BE0403019261',
  'DE136695976',
  'IT00743110157',
  'ESB58378431',
  'ESA13585625',
  'ESX2482300W',
  'ES54362315K',
  'NL004495445B01',
  'LU15027442',
  'ATU13585627',
  'PT501964843',
];

/** The same numbers with the digit at index 6 changed: a single substitution every one of these algorithms detects. */
const mistyped = (vat: string): string => `${vat.slice(0, 6)}${(Number(vat[6]) + 1) % 10}${vat.slice(7)}`;

describe('VAT-CHECKSUM', () => {
  it.each(VALID_VAT_IDS)('%s passes', (vat) => {
    expect(findings('VAT-CHECKSUM', (inv) => (inv.seller.vatId = vat))).toEqual([]);
  });

  it.each(VALID_VAT_IDS.map((vat) => [mistyped(vat)]))('%s (one digit changed) is reported', (vat) => {
    expect(findings('VAT-CHECKSUM', (inv) => (inv.seller.vatId = vat))).toEqual(['VAT-CHECKSUM@seller.vatId']);
  });

  it.each<Case>([
    ['separators are ignored', (inv) => (inv.seller.vatId = 'FR 40 303.265-045'), []],
    ['lower case is accepted', (inv) => (inv.buyer.vatId = 'de136695976'), []],
    ['unknown prefix (Greece, EL) is not reported', (inv) => (inv.buyer.vatId = 'EL123456789'), []],
    ['unsupported country is not reported', (inv) => (inv.buyer.vatId = 'SE556000016701'), []],
    ['French alphanumeric key cannot be checked: not reported', (inv) => (inv.seller.vatId = 'FRXY303265045'), []],
    ['blank VAT id is absent', (inv) => (inv.buyer.vatId = '  '), []],
    ['wrong length for the country', (inv) => (inv.buyer.vatId = 'DE12345'), ['VAT-CHECKSUM@buyer.vatId']],
    ['Austrian number without U', (inv) => (inv.buyer.vatId = 'AT13585627'), ['VAT-CHECKSUM@buyer.vatId']],
    [
      'tax representative VAT id',
      (inv) => (inv.taxRepresentative = { name: 'Rep', vatId: 'FR41303265045', address: { countryCode: 'FR' } }),
      ['VAT-CHECKSUM@taxRepresentative.vatId'],
    ],
  ])('%s', (_name, change, expected) => {
    expect(findings('VAT-CHECKSUM', change)).toEqual(expected);
  });
});

describe('FR-SIREN-CHECKSUM', () => {
  it.each<Case>([
    ['the fixture SIREN', () => {}, []],
    ['blanks inside are ignored', (inv) => (inv.seller.legalRegistrationId = { id: '732 829 320', scheme: '0002' }), []],
    ['another scheme is not checked', (inv) => (inv.seller.legalRegistrationId = { id: '123', scheme: '0088' }), []],
    ['wrong key', (inv) => (inv.seller.legalRegistrationId = { id: '732829321', scheme: '0002' }), ['FR-SIREN-CHECKSUM@seller.legalRegistrationId.id']],
    ['a SIRET under scheme 0002', (inv) => (inv.buyer.legalRegistrationId = { id: '73282932000074', scheme: '0002' }), ['FR-SIREN-CHECKSUM@buyer.legalRegistrationId.id']],
    ['electronic address', (inv) => (inv.buyer.electronicAddress = { id: '303265046', scheme: '0002' }), ['FR-SIREN-CHECKSUM@buyer.electronicAddress.id']],
    ['seller identifier with blanks around the scheme', (inv) => inv.seller.identifiers.push({ id: '12345678', scheme: ' 0002 ' }), ['FR-SIREN-CHECKSUM@seller.identifiers[0].id']],
    ['item standard identifier', (inv) => (inv.lines[0]!.item.standardId = { id: '000000001', scheme: '0002' }), ['FR-SIREN-CHECKSUM@lines[0].item.standardId.id']],
  ])('%s', (_name, change, expected) => {
    expect(findings('FR-SIREN-CHECKSUM', change)).toEqual(expected);
  });
});

describe('FR-SIRET-CHECKSUM', () => {
  it.each<Case>([
    ['valid SIRET as buyer identifier', (inv) => (inv.buyer.identifier = { id: '73282932000074', scheme: '0009' }), []],
    ['La Poste SIRET: digit sum a multiple of 5 (Luhn would reject it)', (inv) => (inv.buyer.identifier = { id: '35600000049837', scheme: '0009' }), []],
    ['La Poste SIRET: Luhn-valid but digit sum not a multiple of 5', (inv) => (inv.buyer.identifier = { id: '35600000000048', scheme: '0009' }), ['FR-SIRET-CHECKSUM@buyer.identifier.id']],
    ['wrong key', (inv) => (inv.buyer.identifier = { id: '73282932000075', scheme: '0009' }), ['FR-SIRET-CHECKSUM@buyer.identifier.id']],
    ['a SIREN under scheme 0009', (inv) => inv.seller.identifiers.push({ id: '732829320', scheme: '0009' }), ['FR-SIRET-CHECKSUM@seller.identifiers[0].id']],
    ['deliver-to location', (inv) => (inv.delivery = { locationId: { id: '1234', scheme: '0009' } }), ['FR-SIRET-CHECKSUM@delivery.locationId.id']],
    ['payee legal registration, valid', (inv) => (inv.payee = { name: 'Factor', legalRegistrationId: { id: '732 829 320 00074', scheme: '0009' } }), []],
    ['seller electronic address', (inv) => (inv.seller.electronicAddress = { id: '7328293200007', scheme: '0009' }), ['FR-SIRET-CHECKSUM@seller.electronicAddress.id']],
  ])('%s', (_name, change, expected) => {
    expect(findings('FR-SIRET-CHECKSUM', change)).toEqual(expected);
  });
});

describe('FR-SIRET-BUYER', () => {
  it.each<Case>([
    ['French buyer without SIRET (the shared fixture)', () => {}, ['FR-SIRET-BUYER@buyer.identifier']],
    ['SIRET as buyer identifier (BT-46)', (inv) => (inv.buyer.identifier = { id: '30326504500017', scheme: '0009' }), []],
    ['SIRET as legal registration identifier (BT-47)', (inv) => (inv.buyer.legalRegistrationId = { id: '30326504500017', scheme: '0009' }), []],
    ['a SIREN is not a SIRET', (inv) => (inv.buyer.legalRegistrationId = { id: '303265045', scheme: '0002' }), ['FR-SIRET-BUYER@buyer.identifier']],
    ['blank SIRET', (inv) => (inv.buyer.identifier = { id: ' ', scheme: '0009' }), ['FR-SIRET-BUYER@buyer.identifier']],
    ['buyer outside France', (inv) => (inv.buyer.address.countryCode = 'BE'), []],
  ])('%s', (_name, change, expected) => {
    expect(findings('FR-SIRET-BUYER', change)).toEqual(expected);
  });
});

describe('extra checks: registry', () => {
  const catalogue = JSON.parse(readFileSync(requireShared('conformance', 'rules-en16931-cii-1.3.16.json'), 'utf8')) as { rules: Array<{ id: string }> };
  const officialIds = new Set(catalogue.rules.map((r) => r.id));
  const readme = readFileSync(resolve(import.meta.dirname, '..', '..', 'lib', 'rules', 'extra', 'README.md'), 'utf8');

  it('exports exactly the four checks', () => {
    expect(rules.map((r) => r.id).sort()).toEqual(['FR-SIREN-CHECKSUM', 'FR-SIRET-BUYER', 'FR-SIRET-CHECKSUM', 'VAT-CHECKSUM']);
  });

  it.each(rules.map((r) => [r.id, r] as const))('%s is a non-official warning that cannot pass for an official id, documented in the README', (id, rule) => {
    expect(rule.official).toBe(false);
    expect(rule.severity).toBe('warning');
    expect(officialIds.has(id)).toBe(false);
    expect(id.startsWith('BR-')).toBe(false);
    expect(readme).toContain(`\`${id}\``);
    for (const term of rule.terms) expect(rule.message, `${id} names ${term}`).toContain(term);
  });

  it('validInvoice() produces no finding except the FR-SIRET-BUYER recommendation (its French buyer has no SIRET)', () => {
    const report = runRules(validInvoice(), rules);
    expect(report.errors).toEqual([]);
    expect(report.warnings.map((f) => `${f.rule}@${f.path}`)).toEqual(['FR-SIRET-BUYER@buyer.identifier']);
  });
});
