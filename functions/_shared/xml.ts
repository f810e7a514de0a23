/** XML validation as every handler runs it: with the service's XSD schemas (SCHEMA_DIR, read once at cold start). */
import { validateCiiXml, type XmlValidationResult } from '../../lib/validate-xml.js';
import { config } from './config.js';

/** Validates a CII XML invoice (lib/validate-xml.ts) against the rules and the configured schemas. */
export function validateXml(text: string | Uint8Array): XmlValidationResult {
  return validateCiiXml(text, { schemaDir: config.schemaDir });
}
