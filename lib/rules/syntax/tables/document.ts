/**
 * Syntax rules on the message root, the document context (BG-2) and the
 * document header (BT-1..BT-3, BG-1 notes), and on payment instructions
 * (BG-16) taken document-wide: CII-SR-001..034, CII-SR-04/05, CII-SR-438,
 * CII-SR-464, CII-SR-467..469, CII-DT-013/014.
 */
import type { CiiElement } from '../../../cii/reader/tree.js';
import { absent, absentAs, atMost, custom, exactly, rules, sr } from '../build.js';
import type { SyntaxContext } from '../types.js';
import { normalizeSpace, stringValue } from '../xpath-values.js';
import { DOCUMENT_CONTEXT, EXCHANGED_DOCUMENT, INVOICE } from './paths.js';

const has = (el: CiiElement, name: string): boolean => el.children.some((c) => c.name === name);

/**
 * `//ram:SpecifiedTradeSettlementPaymentMeans` (BG-16). CII-SR-464 in
 * release 1.3.16 tests `not(ram:PayerSpecifiedDebtorFinancialInstitution)`.
 */
export const PAYMENT_MEANS: SyntaxContext = {
  name: 'Specified_Trade_Settlement_PaymentMeans',
  xpath: '//ram:SpecifiedTradeSettlementPaymentMeans',
  match: { kind: 'name', name: 'ram:SpecifiedTradeSettlementPaymentMeans' },
  checks: [
    custom(
      sr(464),
      'warning',
      'not(ram:PayerSpecifiedDebtorFinancialInstitution)',
      'The payer financial institution (PayerSpecifiedDebtorFinancialInstitution) shall not be used.',
      (pm) => (has(pm, 'ram:PayerSpecifiedDebtorFinancialInstitution') ? { at: pm } : undefined),
    ),
  ],
};

/** `/rsm:CrossIndustryInvoice/rsm:ExchangedDocumentContext` (BG-2, BT-23, BT-24). */
export const DOCUMENT_CONTEXT_RULES: SyntaxContext = {
  name: 'Document_Context',
  xpath: DOCUMENT_CONTEXT,
  match: { kind: 'path', paths: [DOCUMENT_CONTEXT] },
  checks: rules(
    absent('SR', 'warning', [
      [1, 'SpecifiedTransactionID'],
      [2, 'TestIndicator'],
    ]),
    atMost(sr(3), 'warning', 'BusinessProcessSpecifiedDocumentContextParameter', 1, 'The business process (BT-23) should be given at most once.'),
    absent('SR', 'warning', [
      [6, 'BIMSpecifiedDocumentContextParameter'],
      [7, 'ScenarioSpecifiedDocumentContextParameter'],
      [8, 'ApplicationSpecifiedDocumentContextParameter'],
    ]),
    exactly(sr(9), 'fatal', 'GuidelineSpecifiedDocumentContextParameter', 1, 'The specification identifier group (BT-24) must be present exactly once.'),
    exactly(sr(10), 'fatal', 'GuidelineSpecifiedDocumentContextParameter/ID', 1, 'The specification identifier (BT-24) must be present exactly once.'),
    absent('SR', 'warning', [
      [11, 'SubsetSpecifiedDocumentContextParameter'],
      [12, 'MessageStandardSpecifiedDocumentContextParameter'],
    ]),
  ),
};

/** `/rsm:CrossIndustryInvoice/rsm:ExchangedDocument` (BT-1, BT-2, BT-3, BG-1). */
export const EXCHANGED_DOCUMENT_RULES: SyntaxContext = {
  name: 'Exchanged_Document',
  xpath: EXCHANGED_DOCUMENT,
  match: { kind: 'path', paths: [EXCHANGED_DOCUMENT] },
  checks: rules(
    absent('SR', 'warning', [[13, 'Name']]),
    exactly(sr(14), 'fatal', 'TypeCode', 1, 'The invoice type code (BT-3) must be present exactly once.'),
    absent('SR', 'warning', [
      [15, 'IssueDateTime/udt:DateTime'],
      [16, 'CopyIndicator'],
      [17, 'Purpose'],
      [18, 'ControlRequirementIndicator'],
      [19, 'LanguageID'],
      [20, 'PurposeCode'],
      [21, 'RevisionDateTime'],
      [22, 'VersionID'],
      [23, 'GlobalID'],
      [24, 'RevisionID'],
      [25, 'PreviousRevisionID'],
      [26, 'CategoryCode'],
      [27, 'IncludedNote/Subject'],
      [28, 'IncludedNote/ContentCode'],
      [32, 'IncludedNote/ID'],
      [33, 'EffectiveSpecifiedPeriod'],
      [34, 'IssuerTradeParty'],
    ]),
  ),
};

/** `/rsm:CrossIndustryInvoice/rsm:ExchangedDocument/ram:IncludedNote` (BG-1). */
export const DOCUMENT_NOTE: SyntaxContext = {
  name: 'Note_Exchanged_Document',
  xpath: `${EXCHANGED_DOCUMENT}/ram:IncludedNote`,
  match: { kind: 'path', paths: [`${EXCHANGED_DOCUMENT}/ram:IncludedNote`] },
  checks: [atMost(sr(30), 'warning', 'Content', 1, 'An invoice note (BG-1) should have at most one note text (BT-22).')],
};

/**
 * `count(X[normalize-space(.) != normalize-space((X)[1])]) = 0`: every value
 * agrees with the first one, compared after normalize-space. Returns the first
 * disagreeing element.
 */
function firstDisagreeing(values: readonly CiiElement[]): CiiElement | undefined {
  const first = values[0];
  if (first === undefined) return undefined;
  const reference = normalizeSpace(stringValue(first));
  return values.find((v) => normalizeSpace(stringValue(v)) !== reference);
}

/**
 * `/rsm:CrossIndustryInvoice`: attributes of the root (CII-DT-013/014), the
 * valuation breakdown (CII-SR-438), and the document-wide payment rules of
 * release 1.3.16 (CII-SR-467..469).
 */
export const INVOICE_RULES: SyntaxContext = {
  name: 'Invoice',
  xpath: INVOICE,
  match: { kind: 'path', paths: [INVOICE] },
  checks: rules(
    absent('DT', 'fatal', [
      [13, '@languageID'],
      [14, '@languageLocaleID'],
    ]),
    absent('SR', 'warning', [[438, 'ValuationBreakdownStatement']]),
    custom(
      sr(467),
      'fatal',
      'count(//ram:SpecifiedTradeSettlementPaymentMeans/ram:TypeCode[normalize-space(.) != normalize-space((//ram:SpecifiedTradeSettlementPaymentMeans/ram:TypeCode)[1])]) = 0',
      'All payment means type codes (BT-81) must have the same value across all payment instructions (BG-16).',
      (_root, facts) => {
        const at = firstDisagreeing(facts.paymentMeansCodes);
        return at === undefined ? undefined : { at };
      },
    ),
    custom(
      sr(468),
      'fatal',
      'count(//ram:SpecifiedTradeSettlementPaymentMeans/ram:Information[normalize-space(.) != normalize-space((//ram:SpecifiedTradeSettlementPaymentMeans/ram:Information)[1])]) = 0',
      'All payment means texts (BT-82) must have the same value across all payment instructions (BG-16).',
      (_root, facts) => {
        const at = firstDisagreeing(facts.paymentMeansTexts);
        return at === undefined ? undefined : { at };
      },
    ),
    custom(
      sr(469),
      'fatal',
      'count(//ram:ApplicableHeaderTradeSettlement/ram:PaymentReference) <= 1',
      'The remittance information (BT-83) must occur at most once in the document.',
      (_root, facts) => {
        const at = facts.paymentReferences[1];
        return at === undefined ? undefined : { at };
      },
    ),
  ),
};

/** `//*[ends-with(name(), 'DocumentContextParameter')]` (BT-23, BT-24 groups). */
export const DOCUMENT_CONTEXT_PARAMETER: SyntaxContext = {
  name: 'DocumentContextParameter',
  xpath: "//*[ends-with(name(), 'DocumentContextParameter')]",
  match: { kind: 'suffix', suffix: 'DocumentContextParameter', anyNamespace: true },
  // The catalogue and the artefacts spell these two ids with two digits.
  checks: [absentAs('CII-SR-04', 'warning', 'Value'), absentAs('CII-SR-05', 'warning', 'SpecifiedDocumentVersion')],
};
