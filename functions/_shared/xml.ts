/** XML validation as every handler runs it: with the service's XSD schemas (SCHEMA_DIR, read once at cold start). */
import type { Context } from 'aws-lambda';
import { INLINE_XML_BYTES, VALIDATE_BUDGET_MS } from '../../lib/isolate/budgets.js';
import { publicXmlValidation, validateInvoiceXml, type PublicXmlValidation, type XmlValidationResult } from '../../lib/validate-xml.js';
import { config } from './config.js';
import type { RuleRequest } from '../../lib/rules/rule-sets.js';
import { runIsolated } from './isolate.js';

/** Validates an XML invoice, CII or UBL (lib/validate-xml.ts), against the rules and the configured schemas of its syntax. */
export function validateXml(text: string | Uint8Array, rules?: RuleRequest): XmlValidationResult {
  return validateInvoiceXml(text, { schemaDir: config.schemaDir, ...(rules ? { rules } : {}) });
}

/**
 * The public verdict on an XML invoice (CII or UBL): small XML in the request's thread (milliseconds), large XML in the
 * isolation pool within its time budget and the invocation's remaining time.
 */
export async function validateXmlVerdict(
  text: string | Uint8Array,
  context?: Pick<Context, 'getRemainingTimeInMillis'>,
  rules?: RuleRequest,
): Promise<PublicXmlValidation> {
  if (text.length <= INLINE_XML_BYTES) return publicXmlValidation(validateXml(text, rules));
  return runIsolated('validateXml', { xml: text, ...(config.schemaDir ? { schemaDir: config.schemaDir } : {}), ...(rules ? { rules } : {}) }, { timeoutMs: VALIDATE_BUDGET_MS, what: 'validating the XML', context });
}
