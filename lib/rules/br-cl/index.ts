/** The EN 16931 code-list rules (BR-CL), following the CEN code-list artefact of release 1.3.16. */
import type { RuleDefinition } from '../types.js';
import brCL01 from './BR-CL-01.js';
import brCL03 from './BR-CL-03.js';
import brCL04 from './BR-CL-04.js';
import brCL05 from './BR-CL-05.js';
import brCL06 from './BR-CL-06.js';
import brCL07 from './BR-CL-07.js';
import brCL08 from './BR-CL-08.js';
import brCL10 from './BR-CL-10.js';
import brCL11 from './BR-CL-11.js';
import brCL13 from './BR-CL-13.js';
import brCL14 from './BR-CL-14.js';
import brCL15 from './BR-CL-15.js';
import brCL16 from './BR-CL-16.js';
import brCL17 from './BR-CL-17.js';
import brCL18 from './BR-CL-18.js';
import brCL19 from './BR-CL-19.js';
import brCL20 from './BR-CL-20.js';
import brCL21 from './BR-CL-21.js';
import brCL22 from './BR-CL-22.js';
import brCL23 from './BR-CL-23.js';
import brCL24 from './BR-CL-24.js';
import brCL25 from './BR-CL-25.js';
import brCL26 from './BR-CL-26.js';

/** Every BR-CL rule, in id order. */
export const rules: RuleDefinition[] = [
  brCL01,
  brCL03,
  brCL04,
  brCL05,
  brCL06,
  brCL07,
  brCL08,
  brCL10,
  brCL11,
  brCL13,
  brCL14,
  brCL15,
  brCL16,
  brCL17,
  brCL18,
  brCL19,
  brCL20,
  brCL21,
  brCL22,
  brCL23,
  brCL24,
  brCL25,
  brCL26,
];

/** BR-CL rules of the catalogue we do not run (none). */
export const notImplemented: Array<{ id: string; reason: string }> = [];
