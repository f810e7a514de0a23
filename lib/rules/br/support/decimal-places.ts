/**
 * Shared check of the BR-DEC rules: named amounts may have at most two
 * fraction digits. Absent amounts are not checked (the official string test
 * is then vacuously true). Digits are counted with `fractionDigits`, which for
 * an amount read from XML is the official lexical test
 * `string-length(substring-after(., '.')) <= 2` (so `10.500` fails, as it
 * does in the CEN artefacts).
 */
import { Decimal, fractionDigits } from '../../../model/decimal.js';
import type { Invoice } from '../../../model/invoice.js';
import type { RuleDefinition } from '../../types.js';

/** One amount to check: its value (possibly absent) and its model path. */
export interface LocatedAmount {
  value: unknown;
  path: string;
}

/** Builds a rule check reporting every located amount that has more than two fraction digits (BR-DEC-*). */
export function checkAmountDecimals(amounts: (inv: Invoice) => LocatedAmount[]): RuleDefinition['check'] {
  return (inv, report) => {
    for (const { value, path } of amounts(inv)) {
      if (Decimal.isDecimal(value) && fractionDigits(value as Decimal) > 2) report({ path });
    }
  };
}
