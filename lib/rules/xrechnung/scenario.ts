/**
 * The verdict of the KoSIT validator under its XRechnung configuration
 * (validator-configuration-xrechnung 2026-01-31, `scenarios.xml`): a scenario
 * is chosen by the root element and the exact specification identifier
 * (BT-24); it runs the XSD, the CEN EN 16931 rules and the XRechnung rules,
 * then gives some rule ids another level (`customLevel`: error, warning or
 * information) and accepts the document when the XSD passes and no error
 * remains. A document whose BT-24 selects no scenario is rejected.
 */
import type { Finding } from '../types.js';
import { XR_CIUS_ID, XR_CVD_ID, XR_EXTENSION_ID } from './common.js';

/** The XRechnung scenarios of the KoSIT configuration. */
export type XRechnungScenario = 'xrechnung' | 'extension' | 'cvd';
/** The document kinds the scenarios are written for. */
export type XRechnungDocumentKind = 'CII' | 'UBL-Invoice' | 'UBL-CreditNote';

type Level = 'error' | 'warning' | 'information';

const CII_ERRORS: Record<string, Level> = { 'CII-SR-452': 'error', 'CII-SR-453': 'error', 'CII-SR-454': 'error' };
const EXTENSION_LOWERED: Record<string, Level> = { 'BR-CL-21': 'information', 'BR-CL-10': 'information', 'BR-CL-11': 'information', 'BR-CL-24': 'information', 'BR-CL-25': 'information', 'BR-CL-26': 'information' };

/** The `customLevel`s of each scenario, by document kind; no entry: no such scenario for that root. */
const LEVELS: Readonly<Record<XRechnungDocumentKind, Partial<Record<XRechnungScenario, Readonly<Record<string, Level>>>>>> = {
  CII: {
    xrechnung: { 'BR-CL-23': 'warning', 'BR-CL-21': 'warning', ...CII_ERRORS },
    extension: { 'BR-CL-23': 'warning', ...EXTENSION_LOWERED, ...CII_ERRORS },
    cvd: { 'BR-CL-13': 'information', 'BR-CL-23': 'warning', 'BR-CL-21': 'warning', ...CII_ERRORS },
  },
  'UBL-Invoice': {
    xrechnung: { 'BR-CL-23': 'warning', 'BR-CL-21': 'warning', 'UBL-CR-646': 'error' },
    extension: { 'BR-CL-23': 'warning', ...EXTENSION_LOWERED, 'BR-CO-16': 'information', 'UBL-CR-470': 'information', 'UBL-CR-646': 'information' },
    cvd: { 'BR-CL-13': 'information', 'BR-CL-23': 'warning', 'BR-CL-21': 'warning', 'UBL-CR-646': 'error' },
  },
  'UBL-CreditNote': {
    xrechnung: { 'BR-CL-23': 'warning', 'BR-CL-21': 'warning' },
    cvd: { 'BR-CL-13': 'information', 'BR-CL-23': 'warning', 'BR-CL-21': 'warning', 'UBL-CR-646': 'error' },
  },
};

const SCENARIO_IDS: ReadonlyArray<[XRechnungScenario, string]> = [
  ['xrechnung', XR_CIUS_ID],
  ['extension', XR_EXTENSION_ID],
  ['cvd', XR_CVD_ID],
];

/** The scenario a document's BT-24 (as written, untrimmed) selects, or null (the KoSIT validator then rejects it). */
export function xrechnungScenario(kind: XRechnungDocumentKind, specificationId: string | undefined): XRechnungScenario | null {
  for (const [scenario, id] of SCENARIO_IDS) if (specificationId === id && LEVELS[kind][scenario] !== undefined) return scenario;
  return null;
}

/** Our id of the finding that no XRechnung scenario applies (not an official rule id). */
export const XR_NO_SCENARIO = 'XRECHNUNG-SCENARIO';

/**
 * Sorts the findings of a document (CEN and XRechnung) by the levels of its
 * scenario: an id raised to `error` is an error, one lowered to `warning` or
 * `information` a warning; others keep their severity. Without a scenario,
 * an error {@link XR_NO_SCENARIO} at `location` says the KoSIT validator rejects
 * the document.
 */
export function applyXRechnungLevels<F extends Finding>(
  kind: XRechnungDocumentKind,
  scenario: XRechnungScenario | null,
  findings: { errors: F[]; warnings: F[] },
  location: string,
): { errors: Finding[]; warnings: Finding[] } {
  if (scenario === null) {
    const missing: Finding = {
      rule: XR_NO_SCENARIO,
      severity: 'fatal',
      message: `The specification identifier (BT-24) is not that of XRechnung 3.0 (${XR_CIUS_ID}, its extension or CVD variant): the KoSIT validator selects no XRechnung scenario and rejects the document.`,
      path: 'process.specificationId',
      location,
    };
    return { errors: [...findings.errors, missing], warnings: findings.warnings };
  }
  const levels = LEVELS[kind][scenario] ?? {};
  const errors: Finding[] = [];
  const warnings: Finding[] = [];
  for (const f of [...findings.errors, ...findings.warnings]) {
    const level = levels[f.rule] ?? (f.severity === 'fatal' ? 'error' : 'warning');
    if (level === 'error') errors.push(f.severity === 'fatal' ? f : { ...f, severity: 'fatal' });
    else warnings.push(f.severity === 'warning' ? f : { ...f, severity: 'warning' });
  }
  return { errors, warnings };
}
