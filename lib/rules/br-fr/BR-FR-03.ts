/**
 * BR-FR-03: every date is a real calendar date of the years 2000 to 2099
 * (`custom:is-valid-date-format` on the first eight characters, YYYYMMDD;
 * 30 February fails, 29 February only in a leap year).
 */
import { P } from './document.js';
import { definePattern, type BrFrRule } from './types.js';
import { prefix, stringValue, xpathNumber, xsdRegex } from './xpath.js';

const DATE = xsdRegex('^20\\d{2}(0[1-9]|1[0-2])(0[1-9]|[12]\\d|3[01])$');

/** `custom:is-valid-date-format`. */
export function isValidFrDate(value: string): boolean {
  const d = prefix(value, 8);
  if (!DATE.test(d)) return false;
  const year = xpathNumber(d.slice(0, 4));
  const month = xpathNumber(d.slice(4, 6));
  const day = xpathNumber(d.slice(6, 8));
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const max = [1, 3, 5, 7, 8, 10, 12].includes(month) ? 31 : [4, 6, 9, 11].includes(month) ? 30 : month === 2 ? (leap ? 29 : 28) : 0;
  return day <= max;
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
