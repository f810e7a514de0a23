/**
 * BR rules of the CEN 1.3.16 catalogue that we deliberately do not check.
 * Every BR-nn rule of the catalogue is decidable from the semantic model, so
 * the list is empty; the type is shared with the BR-CO and BR-DEC lists.
 */

/** An official rule id we do not implement, with the reason. */
export interface NotImplementedRule {
  id: string;
  reason: string;
}

/** BR-nn rules not implemented (none). */
export const notImplemented: NotImplementedRule[] = [];
