/**
 * BR-DEC rules of the CEN 1.3.16 catalogue that we deliberately do not check.
 * Every BR-DEC rule is decidable from the semantic model, so the list is empty.
 */
import type { NotImplementedRule } from '../br/not-implemented.js';

/** BR-DEC rules not implemented (none). */
export const notImplemented: NotImplementedRule[] = [];
