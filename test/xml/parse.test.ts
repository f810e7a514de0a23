import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ParseOption } from 'libxml2-wasm';
import { describe, expect, it } from 'vitest';
import {
  declaredXmlEncoding,
  DEFAULT_MAX_XML_BYTES,
  parseXml,
  SAFE_PARSE_OPTIONS,
  withXmlDocument,
  XmlSecurityError,
  XmlSyntaxError,
} from '../../lib/xml/parse.js';
import { cpuMsSince } from '../timing.js';

const fixture = (name: string): Uint8Array => readFileSync(resolve(import.meta.dirname, 'fixtures', name));
const fixtureText = (name: string): string => readFileSync(resolve(import.meta.dirname, 'fixtures', name), 'utf8');

/**
 * Runs `fn`, returns what it threw and the CPU time it took (../timing.ts): a parser that expands entities or
 * backtracks burns CPU whatever the machine's load; wall clock on a loaded machine also counts the wait for a core.
 */
function failure(fn: () => unknown): { error: unknown; ms: number } {
  const start = process.cpuUsage();
  try {
    fn();
  } catch (error) {
    return { error, ms: cpuMsSince(start) };
  }
  throw new Error('expected a failure, but the call returned');
}

/** CPU time allowed to refuse a hostile input (each is refused in a few ms). */
const FAST_MS = 1000;

describe('parseXml: hostile inputs are refused quickly with the right error', () => {
  const refused: Array<[string, () => Uint8Array | string, typeof XmlSecurityError | typeof XmlSyntaxError, string?]> = [
    ['XXE with file:///etc/passwd', () => fixture('xxe-file.xml'), XmlSecurityError, 'dtd'],
    ['XXE through a parameter entity', () => fixture('xxe-parameter-entity.xml'), XmlSecurityError, 'dtd'],
    ['billion laughs', () => fixture('billion-laughs.xml'), XmlSecurityError, 'dtd'],
    ['external DTD', () => fixture('external-dtd.xml'), XmlSecurityError, 'dtd'],
    ['DOCTYPE after a comment and a processing instruction', () => fixture('doctype-after-comment-and-pi.xml'), XmlSecurityError, 'dtd'],
    ['100,000-deep nesting', () => '<a>'.repeat(100_000) + '</a>'.repeat(100_000), XmlSecurityError, 'depth'],
    ['7 MB input (string)', () => `<r>${'x'.repeat(7 * 1024 * 1024)}</r>`, XmlSecurityError, 'size'],
    ['7 MB input (bytes)', () => new Uint8Array(7 * 1024 * 1024).fill(0x20), XmlSecurityError, 'size'],
    ['binary garbage', () => fixture('binary-garbage.bin'), XmlSyntaxError],
    ['UTF-16 declared, UTF-8 given', () => fixture('utf16-declared-utf8-given.xml'), XmlSyntaxError],
    ['real UTF-16 with BOM', () => fixture('utf16-bom.xml'), XmlSyntaxError],
    ['ISO-8859-1 declared', () => fixture('latin1-declared.xml'), XmlSyntaxError],
    ['invalid UTF-8 bytes', () => fixture('invalid-utf8.xml'), XmlSyntaxError],
    ['undeclared entity reference', () => fixture('undeclared-entity.xml'), XmlSyntaxError],
    ['JSON instead of XML', () => fixture('not-xml.json'), XmlSyntaxError],
    ['truncated document', () => fixture('truncated.xml'), XmlSyntaxError],
    ['empty input', () => '', XmlSyntaxError],
    ['character XML 1.0 forbids', () => '<r>\u0001</r>', XmlSyntaxError],
    ['overlong UTF-8 (C0 AF for "/")', () => Buffer.concat([Buffer.from('<r>'), Buffer.from([0xc0, 0xaf]), Buffer.from('</r>')]), XmlSyntaxError],
    ['a surrogate encoded in UTF-8 (ED A0 80)', () => Buffer.concat([Buffer.from('<r>'), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from('</r>')]), XmlSyntaxError],
    ['a sequence cut short (E2 82 then "<")', () => Buffer.concat([Buffer.from('<r>'), Buffer.from([0xe2, 0x82]), Buffer.from('</r>')]), XmlSyntaxError],
    ['a string with an unpaired surrogate (never turned into U+FFFD)', () => '<r>a\ud800b</r>', XmlSyntaxError],
  ];

  it.each(refused)('%s', (_name, input, errorClass, reason) => {
    const data = input();
    const { error, ms } = failure(() => parseXml(data));
    expect(error).toBeInstanceOf(errorClass);
    if (errorClass === XmlSecurityError) {
      expect((error as XmlSecurityError).code).toBe('XML_FORBIDDEN');
      expect((error as XmlSecurityError).reason).toBe(reason);
    } else {
      expect((error as XmlSyntaxError).code).toBe('XML_SYNTAX');
    }
    expect(ms).toBeLessThan(FAST_MS);
  });

  it('never shows the content of /etc/passwd in an error', () => {
    const { error } = failure(() => parseXml(fixture('xxe-file.xml')));
    expect(String((error as Error).message)).not.toMatch(/root:/);
  });

  it('libxml2 itself stops a depth bomb at its default limit of 256 levels', () => {
    expect(() => withXmlDocument('<a>'.repeat(256) + '</a>'.repeat(256), () => undefined)).not.toThrow();
    const { error } = failure(() => parseXml('<a>'.repeat(257) + '</a>'.repeat(257)));
    expect(error).toBeInstanceOf(XmlSecurityError);
    expect((error as XmlSecurityError).reason).toBe('depth');
  });

  it('reports line and column of a syntax error and keeps the libxml2 error as cause', () => {
    const { error } = failure(() => parseXml(fixture('invalid-utf8.xml')));
    const e = error as XmlSyntaxError;
    expect(e.line).toBe(3);
    expect(e.column).toBeGreaterThan(0);
    expect(e.cause).toBeInstanceOf(Error);
  });

  it('checks the size cap in UTF-8 bytes, not string length', () => {
    const text = `<r>${'é'.repeat(3 * 1024 * 1024)}</r>`; // ~3 M chars, ~6 MB + 7 bytes
    expect(text.length).toBeLessThan(DEFAULT_MAX_XML_BYTES);
    const { error } = failure(() => parseXml(text));
    expect((error as XmlSecurityError).reason).toBe('size');
  });

  it('honours a custom maxBytes', () => {
    const text = '<r>0123456789</r>';
    expect(() => withXmlDocument(text, () => undefined, { maxBytes: text.length })).not.toThrow();
    const { error } = failure(() => parseXml(text, { maxBytes: text.length - 1 }));
    expect((error as XmlSecurityError).reason).toBe('size');
  });
});

describe('parseXml: well-formed UTF-8 XML is accepted', () => {
  it('accepts a BOM and a lower-case utf-8 declaration, keeping astral characters', () => {
    const text = withXmlDocument(fixture('utf8-bom.xml'), (doc) => doc.root.content);
    expect(text).toBe('Café 🧾');
  });

  it('accepts DOCTYPE text that is character data, not a declaration', () => {
    const notes = withXmlDocument(fixture('doctype-text-in-cdata.xml'), (doc) => doc.find('/r/note').map((n) => n.content));
    expect(notes).toEqual(['<!DOCTYPE r SYSTEM "file:///etc/passwd">', '<!DOCTYPE> & co']);
  });

  it('parses strings and bytes alike', () => {
    const fromString = withXmlDocument(fixtureText('doctype-text-in-cdata.xml'), (doc) => doc.root.name);
    const fromBytes = withXmlDocument(fixture('doctype-text-in-cdata.xml'), (doc) => doc.root.name);
    expect(fromString).toBe('r');
    expect(fromBytes).toBe('r');
  });
});

describe('withXmlDocument', () => {
  it('disposes the document after fn returns', () => {
    const leaked = withXmlDocument('<r/>', (doc) => doc);
    expect(() => leaked.root).toThrow();
  });

  it('disposes the document when fn throws, and rethrows', () => {
    let seen: { root: unknown } | undefined;
    expect(() =>
      withXmlDocument('<r/>', (doc) => {
        seen = doc;
        throw new Error('boom');
      }),
    ).toThrow('boom');
    expect(seen).toBeDefined();
    expect(() => seen!.root).toThrow();
  });
});

describe('SAFE_PARSE_OPTIONS', () => {
  it.each([
    ['NOENT', ParseOption.XML_PARSE_NOENT],
    ['DTDLOAD', ParseOption.XML_PARSE_DTDLOAD],
    ['DTDATTR', ParseOption.XML_PARSE_DTDATTR],
    ['DTDVALID', ParseOption.XML_PARSE_DTDVALID],
    ['XINCLUDE', ParseOption.XML_PARSE_XINCLUDE],
    ['HUGE', ParseOption.XML_PARSE_HUGE],
    ['RECOVER', ParseOption.XML_PARSE_RECOVER],
    ['UNZIP', ParseOption.XML_PARSE_UNZIP],
    ['CATALOG_PI', ParseOption.XML_PARSE_CATALOG_PI],
  ])('never enables %s', (_name, flag) => {
    expect(SAFE_PARSE_OPTIONS & flag).toBe(0);
  });

  it('disables network access and external entities', () => {
    expect(SAFE_PARSE_OPTIONS & ParseOption.XML_PARSE_NONET).not.toBe(0);
    expect(SAFE_PARSE_OPTIONS & ParseOption.XML_PARSE_NO_XXE).not.toBe(0);
  });
});

describe('declaredXmlEncoding', () => {
  it('names the encoding of the XML declaration, after an optional UTF-8 BOM', () => {
    expect(declaredXmlEncoding(fixture('latin1-declared.xml'))).toBe('ISO-8859-1');
    expect(declaredXmlEncoding(fixture('utf8-bom.xml'))).toBe('utf-8');
    expect(declaredXmlEncoding(Buffer.from("<?xml version='1.0' encoding='windows-1252'?><r/>"))).toBe('windows-1252');
  });

  it('is undefined without a declaration or without an encoding in it', () => {
    expect(declaredXmlEncoding(Buffer.from('<r/>'))).toBeUndefined();
    expect(declaredXmlEncoding(Buffer.from('<?xml version="1.0"?><r/>'))).toBeUndefined();
    expect(declaredXmlEncoding(Buffer.from(' <?xml version="1.0" encoding="UTF-16"?><r/>'))).toBeUndefined();
  });
});
