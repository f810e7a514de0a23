import { isUtf8 } from 'node:buffer';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findInvalidUtf8, findUnpairedSurrogate } from './utf8.js';

const hex = (text: string): Buffer => Buffer.from(text.replace(/\s+/g, ''), 'hex');

/** What `offset` must be: the longest prefix that is valid UTF-8 (every longer prefix is not). */
function expectFaultAt(bytes: Uint8Array, offset: number): void {
  expect(isUtf8(bytes.subarray(0, offset))).toBe(true);
  for (let m = offset + 1; m <= bytes.length; m++) expect(isUtf8(bytes.subarray(0, m)), `prefix of ${m} bytes`).toBe(false);
}

describe('findInvalidUtf8', () => {
  it.each([
    ['ASCII', '3c723e3c2f723e'],
    ['accents and the euro sign', Buffer.from('<r>é €</r>').toString('hex')],
    ['a character outside the BMP', Buffer.from('<r>😀</r>').toString('hex')],
    ['a UTF-8 byte order mark', 'efbbbf3c722f3e'],
    ['U+FFFD written by the client', Buffer.from('\ufffd').toString('hex')],
    ['nothing', ''],
  ])('accepts well-formed UTF-8: %s', (_name, bytes) => {
    expect(findInvalidUtf8(hex(bytes))).toBeUndefined();
  });

  it.each([
    // [name, bytes, offset of the first bad sequence, truncated]
    ['Latin-1 é', '3c723e e9 3c2f723e', 3, false],
    ['Windows-1252 euro sign', '3c723e 80 3c2f723e', 3, false],
    ['a lone continuation byte after a valid é', '41 c3a9 a9 41', 3, false],
    ['overlong "/" (C0 AF)', '41 c0af', 1, false],
    ['overlong NUL (C0 80)', 'c080', 0, false],
    ['overlong 3-byte form (E0 80 AF)', '4142 e080af', 2, false],
    ['overlong 4-byte form (F0 80 80 AF)', 'f08080af', 0, false],
    ['an encoded high surrogate (ED A0 80)', '41 eda080 41', 1, false],
    ['an encoded low surrogate (ED B0 80)', 'eda080edb080', 0, false],
    ['a code point past U+10FFFF (F4 90 80 80)', '41 f4908080', 1, false],
    ['F5..FF never start a sequence', '41 f5 41', 1, false],
    ['a 3-byte sequence broken by ASCII', '41 e282 41', 1, false],
    ['a 2-byte sequence cut at the end', '4142 c3', 2, true],
    ['a 4-byte sequence cut at the end', '41 f09f98', 1, true],
    ['UTF-16LE with its byte order mark', 'fffe3c00', 0, false],
  ] as const)('finds %s', (_name, bytes, offset, truncated) => {
    const data = hex(bytes);
    const fault = findInvalidUtf8(data);
    expect(fault).toEqual({ offset, byte: data[offset], truncated });
    expectFaultAt(data, offset);
  });

  it('finds a fault far into a large body, across the chunks it decodes by, whatever the alignment', () => {
    // Three-byte characters straddle every chunk boundary; the fault lands on, before and after one.
    const text = Buffer.from('€'.repeat(70_000));
    for (const at of [0, 3, 65_532, 65_535, 65_538, 131_070, text.length - 3]) {
      const data = Buffer.concat([text.subarray(0, at), hex('e9'), text.subarray(at)]);
      expect(findInvalidUtf8(data)?.offset).toBe(at);
      // The first byte of a euro sign left alone, followed by a new one: the fault is the cut sequence.
      const cut = Buffer.concat([text.subarray(0, at), hex('e2'), text.subarray(at)]);
      expect(findInvalidUtf8(cut)?.offset).toBe(at);
    }
    expect(findInvalidUtf8(Buffer.concat([text, hex('e282')]))).toEqual({ offset: text.length, byte: 0xe2, truncated: true });
  });

  it('agrees with isUtf8 and names the longest valid prefix, for any bytes (property)', () => {
    // Valid text with random bytes spliced in, so faults land among multi-byte characters.
    const pieces = fc.array(
      fc.oneof(fc.string({ unit: 'binary', maxLength: 6 }).map((s) => Buffer.from(s)), fc.uint8Array({ minLength: 1, maxLength: 3 }).map((b) => Buffer.from(b))),
      { maxLength: 12 },
    );
    fc.assert(
      fc.property(pieces, (parts) => {
        const data = Buffer.concat(parts);
        const fault = findInvalidUtf8(data);
        expect(fault === undefined).toBe(isUtf8(data));
        if (fault) expectFaultAt(data, fault.offset);
      }),
      { numRuns: 500 },
    );
  });
});

describe('findUnpairedSurrogate', () => {
  it('finds a lone high or low surrogate and says where it is in UTF-8 bytes', () => {
    expect(findUnpairedSurrogate('a\ud800b')).toEqual({ index: 1, codeUnit: 'U+D800', byteOffset: 1 });
    expect(findUnpairedSurrogate('é€\udc00')).toEqual({ index: 2, codeUnit: 'U+DC00', byteOffset: 5 });
    expect(findUnpairedSurrogate('x\udbff')).toEqual({ index: 1, codeUnit: 'U+DBFF', byteOffset: 1 });
  });

  it('accepts surrogate pairs and ordinary text', () => {
    expect(findUnpairedSurrogate('😀 \ud83d\ude00 é')).toBeUndefined();
    expect(findUnpairedSurrogate('')).toBeUndefined();
  });
});
