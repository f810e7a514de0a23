/** Our non-official checks (warnings, ids that cannot be mistaken for EN 16931 ones); see README.md. */
import type { RuleDefinition } from '../types.js';
import frSiretBuyer from './FR-SIRET-BUYER.js';
import frSiretChecksum from './FR-SIRET-CHECKSUM.js';
import frSirenChecksum from './FR-SIREN-CHECKSUM.js';
import vatChecksum from './VAT-CHECKSUM.js';

/** Every extra check. */
export const rules: RuleDefinition[] = [vatChecksum, frSirenChecksum, frSiretChecksum, frSiretBuyer];
