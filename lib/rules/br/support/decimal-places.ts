/**
 * Shared check of the BR-DEC rules: named amounts may have at most two
 * fraction digits. Absent amounts are not checked (the official string test
 * is then vacuously true).
 */
import type { Invoice } from '../../../model/invoice.js';
import type { RuleDefinition } from '../../types.js';
import { isAmount } from './presence.js';
import { hasAtMostTwoDecimals } from './xpath-numeric.js';

/** One amount to check: its value (possibly absent) and its model path. */
export interface LocatedAmount {
  value: unknown;
  path: string;
}

/** Builds a rule check reporting every located amount that has more than two fraction digits (BR-DEC-*). */
export function checkAmountDecimals(amounts: (inv: Invoice) => LocatedAmount[]): RuleDefinition['check'] {
  return (inv, report) => {
    for (const { value, path } of amounts(inv)) {
      if (isAmount(value) && !hasAtMostTwoDecimals(value)) report({ path });
    }
  };
}
