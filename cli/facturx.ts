/**
 * The command line: `npx facturx validate FILE...` (CII or UBL 2.1 Invoice / CreditNote XML, told by the root element)
 * Prints one JSON line per file ({file, valid, syntax, profile, errors, warnings, xsd, summary})
 * and exits 0 when every file is valid, 1 when one is not, 2 on a usage error.
 * Options: --schemas DIR (XSD folder; default SCHEMA_DIR or the repository's schemas/), --quiet (only the verdict line fields),
 * --rules auto|en16931|fr|xrechnung|peppol, or several separated by commas (lib/rules/rule-sets.ts: auto adds BR-FR
 * for a seller in France and XRechnung for an XRechnung BT-24).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ServiceError } from '../lib/errors.js';
import { parseRuleRequest, RULE_SELECTIONS, type RuleRequest } from '../lib/rules/rule-sets.js';
import { publicXmlValidation, validateInvoiceXml } from '../lib/validate-xml.js';
import { config } from '../functions/_shared/config.js';

const USAGE = `Usage: facturx validate [--schemas DIR] [--rules auto|en16931|fr|xrechnung|peppol[,...]] [--quiet] FILE...
  Validates CII XML invoices against EN 16931 (CEN rules 1.3.16) and the CII D16B / Factur-X XSDs;
  with --rules fr (or auto, the default, for a seller in France) also the French BR-FR rules 1.4.0.02;
  with --rules xrechnung (or auto for an XRechnung BT-24) the XRechnung 3.0.2 rules and the KoSIT verdict.
  One JSON line per file; exit status 0 if all are valid, 1 otherwise, 2 on a usage error.`;

/** Runs the CLI; returns the exit status. */
export function main(argv: readonly string[], out: (line: string) => void = (l) => process.stdout.write(l + '\n')): number {
  const [command, ...rest] = argv;
  if (command !== 'validate') {
    process.stderr.write(USAGE + '\n');
    return command === '--help' || command === '-h' ? 0 : 2;
  }
  let schemaDir = config.schemaDir;
  let quiet = false;
  let rules: RuleRequest | undefined;
  const files: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    if (arg === '--schemas') schemaDir = resolve(rest[++i] ?? '');
    else if (arg === '--quiet') quiet = true;
    else if (arg === '--rules') {
      const value = parseRuleRequest(rest[++i]);
      if (value === undefined) {
        process.stderr.write(`--rules takes one of ${RULE_SELECTIONS.join(', ')}, or several separated by commas (e.g. peppol,fr)\n${USAGE}\n`);
        return 2;
      }
      rules = value;
    } else if (arg.startsWith('--')) {
      process.stderr.write(`Unknown option ${arg}\n${USAGE}\n`);
      return 2;
    } else files.push(arg);
  }
  if (files.length === 0) {
    process.stderr.write(USAGE + '\n');
    return 2;
  }
  let allValid = true;
  for (const file of files) {
    let line: Record<string, unknown>;
    try {
      const v = publicXmlValidation(validateInvoiceXml(readFileSync(file), { schemaDir, maxBytes: 64 * 1024 * 1024, ...(rules === undefined ? {} : { rules }) }));
      allValid &&= v.valid;
      line = quiet
        ? { file, valid: v.valid, syntax: v.syntax, profile: v.profile, errors: [...new Set(v.errors.map((e) => e.rule))] }
        : { file, ...v };
    } catch (err) {
      allValid = false;
      const code = err instanceof ServiceError ? err.code : (err as NodeJS.ErrnoException).code ?? 'ERROR';
      line = { file, valid: false, error: { code, message: (err as Error).message } };
    }
    out(JSON.stringify(line));
  }
  return allValid ? 0 : 1;
}
