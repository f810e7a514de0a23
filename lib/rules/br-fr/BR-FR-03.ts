/**
 * BR-FR-03: every date is a real calendar date of the years 2000 to 2099
 * (`custom:is-valid-date-format` on the first eight characters, YYYYMMDD;
 * 30 February fails, 29 February only in a leap year).
 */
import { P } from './document.js';
import { definePattern, type BrFrRule } from './types.js';
import { isValidDate102 } from './values.js';
import { prefix, stringValue } from './xpath.js';

/** `custom:is-valid-date-format` (./values.ts). */
export function isValidFrDate(value: string): boolean {
  return isValidDate102(prefix(value, 8));
}

function dateRule(context: string, term: string, what: string): BrFrRule {
  return {
    context,
    asserts: [
      {
        id: `BR-FR-03_${term}`,
        terms: [term],
        message: `The ${what} (${term}) must be a real calendar date (YYYYMMDD) between 2000 and 2099.`,
        test: (el) => isValidFrDate(stringValue(el)),
      },
    ],
  };
}

const LINE_SETTLEMENT = `${P.LINE}/ram:SpecifiedLineTradeSettlement`;

export default definePattern(
  'BR-FR-03',
  dateRule(`${P.DOC}/ram:IssueDateTime/udt:DateTimeString`, 'BT-2', 'invoice issue date'),
  dateRule(`${P.SET}/ram:ApplicableTradeTax/ram:TaxPointDate/udt:DateString`, 'BT-7', 'VAT point date'),
  dateRule(`${P.SET}/ram:SpecifiedTradePaymentTerms/ram:DueDateDateTime/udt:DateTimeString`, 'BT-9', 'payment due date'),
  dateRule(`${P.SET}/ram:InvoiceReferencedDocument/ram:FormattedIssueDateTime/qdt:DateTimeString`, 'BT-26', 'preceding invoice issue date'),
  dateRule(`${P.DEL}/ram:ActualDeliverySupplyChainEvent/ram:OccurrenceDateTime/udt:DateTimeString`, 'BT-72', 'actual delivery date'),
  dateRule(`${P.SET}/ram:BillingSpecifiedPeriod/ram:StartDateTime/udt:DateTimeString`, 'BT-73', 'invoicing period start date'),
  dateRule(`${P.SET}/ram:BillingSpecifiedPeriod/ram:EndDateTime/udt:DateTimeString`, 'BT-74', 'invoicing period end date'),
  dateRule(`${LINE_SETTLEMENT}/ram:InvoiceReferencedDocument/ram:FormattedIssueDateTime/qdt:DateTimeString`, 'EXT-FR-FE-138', 'line preceding invoice issue date'),
  dateRule(`${P.LINE}/ram:SpecifiedLineTradeDelivery/ram:ActualDeliverySupplyChainEvent/ram:OccurrenceDateTime/udt:DateTimeString`, 'EXT-FR-FE-158', 'line delivery date'),
  dateRule(`${LINE_SETTLEMENT}/ram:BillingSpecifiedPeriod/ram:StartDateTime/udt:DateTimeString`, 'EXT-FR-FE-134', 'line invoicing period start date'),
  dateRule(`${LINE_SETTLEMENT}/ram:BillingSpecifiedPeriod/ram:EndDateTime/udt:DateTimeString`, 'EXT-FR-FE-135', 'line invoicing period end date'),
);
