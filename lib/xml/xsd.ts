/**
 * XSD validation with libxml2-wasm: the UN/CEFACT CII D16B schema and the
 * Factur-X 1.09 profile schemas (Factur-X 1.0 specification, XML schema
 * conformance is the first of its validation layers, before the EN 16931
 * schematron rules).
 *
 * The schema location is always a parameter; lib/ never reads configuration.
 * Compiled validators are cached per absolute path for the life of the process
 * (a schema is compiled once per Lambda container).
 *
 * File access: the WebAssembly libxml2 has no file system, so `xsd:import` and
 * `xsd:include` are served by an input provider registered here. It answers only
 * while a schema is being compiled, only for `.xsd` files inside the schema's
 * own directory (or the `root` given), so documents parsed elsewhere can never
 * read files through it.
 */
import { readFileSync, statSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { XmlDocument, XmlLibError, XsdValidator, xmlRegisterInputProvider } from 'libxml2-wasm';
import type { XmlInputProvider } from 'libxml2-wasm';
import { parseXml, SAFE_PARSE_OPTIONS } from './parse.js';
import type { ParseXmlOptions } from './parse.js';

/** One schema violation. */
export interface XsdError {
  /** 1-based line in the validated document, when libxml2 knows it. */
  line?: number;
  /** libxml2's message, e.g. "Element '{...}Foo': This element is not expected." */
  message: string;
}

/** Outcome of validating one document against a schema. */
export interface XsdValidationResult {
  valid: boolean;
  errors: XsdError[];
}

/** A compiled schema, ready to validate documents. */
export interface XsdSchemaValidator {
  /** Absolute path of the schema's root file. */
  readonly path: string;
  /**
   * Validates a document. A string or byte input is parsed with the safe
   * parser first (and may throw its XmlSyntaxError / XmlSecurityError); a parsed
   * XmlDocument is validated as is and stays owned by the caller.
   */
  validate(xml: string | Uint8Array | XmlDocument, opts?: ParseXmlOptions): XsdValidationResult;
}

/** Options of {@link loadXsdValidator}. */
export interface LoadXsdOptions {
  /**
   * Directory that imports and includes may be read from; default the
   * directory of the schema file. Files outside it are never served.
   */
  root?: string;
}

/** The schema could not be read or compiled. */
export class XsdLoadError extends Error {
  /** Stable error code. */
  readonly code = 'XSD_LOAD' as const;

  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'XsdLoadError';
  }
}

const cache = new Map<string, { validator: XsdSchemaValidator; compiled: XsdValidator }>();

/**
 * Compiles the XSD at `xsdPath` (imports and includes resolved against its own
 * directory) or returns the cached validator for that path.
 *
 * @throws XsdLoadError when the file is missing or the schema does not compile
 */
export function loadXsdValidator(xsdPath: string, opts: LoadXsdOptions = {}): XsdSchemaValidator {
  const path = resolve(xsdPath);
  const cached = cache.get(path);
  if (cached !== undefined) return cached.validator;
  const compiled = compileSchema(path, resolve(opts.root ?? dirname(path)));
  const validator: XsdSchemaValidator = {
    path,
    validate: (xml, parseOpts) => {
      // After clearXsdCache, the validator the cache holds now (compiled again if need be), so that one kept by a caller stays usable.
      const current = cache.get(path);
      if (current?.compiled !== compiled) return loadXsdValidator(path, opts).validate(xml, parseOpts);
      return validateWith(compiled, xml, parseOpts);
    },
  };
  cache.set(path, { validator, compiled });
  return validator;
}

/**
 * Drops and frees every cached schema (a schema file changed on disk; tests).
 * A validator obtained before compiles its schema again when next used.
 */
export function clearXsdCache(): void {
  for (const { compiled } of cache.values()) compiled.dispose();
  cache.clear();
}

function compileSchema(path: string, root: string): XsdValidator {
  let source: Uint8Array;
  try {
    source = readFileSync(path);
  } catch (err) {
    throw new XsdLoadError(`Cannot read schema ${path}.`, { cause: err });
  }
  let doc: XmlDocument | undefined;
  ensureProvider();
  activeRoot = root;
  try {
    doc = XmlDocument.fromBuffer(source, { url: path, option: SAFE_PARSE_OPTIONS });
    return XsdValidator.fromDoc(doc);
  } catch (err) {
    const detail = err instanceof XmlLibError ? err.details.map((d) => d.message.trim()).join('; ') : String(err);
    throw new XsdLoadError(`Cannot compile schema ${path}: ${detail}`, { cause: err });
  } finally {
    activeRoot = undefined;
    openFiles.clear();
    doc?.dispose();
  }
}

function validateWith(schema: XsdValidator, xml: string | Uint8Array | XmlDocument, opts?: ParseXmlOptions): XsdValidationResult {
  if (xml instanceof XmlDocument) return runValidation(schema, xml);
  const doc = parseXml(xml, opts);
  try {
    return runValidation(schema, doc);
  } finally {
    doc.dispose();
  }
}

function runValidation(schema: XsdValidator, doc: XmlDocument): XsdValidationResult {
  try {
    schema.validate(doc);
    return { valid: true, errors: [] };
  } catch (err) {
    if (!(err instanceof XmlLibError)) throw err;
    const errors: XsdError[] = err.details.map((d) => {
      const e: XsdError = { message: d.message.trim() };
      if (d.line > 0) e.line = d.line;
      return e;
    });
    if (errors.length === 0) errors.push({ message: err.message.trim() || 'Schema validation failed.' });
    return { valid: false, errors };
  }
}

// ---- input provider: schema files only, only during compilation ----------------

let activeRoot: string | undefined;
let providerRegistered = false;
const openFiles = new Map<number, { data: Uint8Array; pos: number }>();
let nextHandle = 1;

function schemaFilePath(filename: string): string | undefined {
  if (activeRoot === undefined) return undefined;
  let path: string;
  if (filename.startsWith('file:')) {
    try {
      path = fileURLToPath(filename);
    } catch {
      return undefined;
    }
  } else if (isAbsolute(filename)) {
    path = filename;
  } else {
    return undefined;
  }
  path = resolve(path);
  const rel = relative(activeRoot, path);
  if (rel === '' || rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) return undefined;
  if (!path.toLowerCase().endsWith('.xsd')) return undefined;
  try {
    return statSync(path).isFile() ? path : undefined;
  } catch {
    return undefined;
  }
}

const schemaProvider: XmlInputProvider = {
  match: (filename) => schemaFilePath(filename) !== undefined,
  open: (filename) => {
    const path = schemaFilePath(filename);
    if (path === undefined) return undefined;
    try {
      const handle = nextHandle++;
      openFiles.set(handle, { data: readFileSync(path), pos: 0 });
      return handle;
    } catch {
      return undefined;
    }
  },
  read: (fd, buf) => {
    const file = openFiles.get(fd);
    if (file === undefined) return -1;
    const n = Math.min(buf.byteLength, file.data.byteLength - file.pos);
    buf.set(file.data.subarray(file.pos, file.pos + n));
    file.pos += n;
    return n;
  },
  close: (fd) => openFiles.delete(fd),
};

function ensureProvider(): void {
  if (providerRegistered) return;
  if (!xmlRegisterInputProvider(schemaProvider)) {
    throw new XsdLoadError('libxml2 refused the schema input provider (its callback table is full).');
  }
  providerRegistered = true;
}
