import { describe, expect, it } from 'vitest';
import {
  contentDisposition,
  FILE_NAME_TRUNCATION_MARKER,
  HEADER_TRUNCATION_MARKER,
  headerList,
  headerValue,
  MAX_FILE_NAME_CHARS,
  MAX_HEADER_DATA_CHARS,
} from './binary.js';

/** The parts of a Content-Disposition value. */
function parts(value: string): { filename: string; filenameStar: string } {
  const m = /^attachment; filename="([^"]*)"; filename\*=UTF-8''(\S*)$/.exec(value);
  expect(m, value).not.toBeNull();
  return { filename: m![1]!, filenameStar: m![2]! };
}

describe('headerValue', () => {
  it('keeps printable ASCII as is and percent-encodes anything else', () => {
    expect(headerValue('FA-2026-0042')).toBe('FA-2026-0042');
    expect(headerValue('Facture n° 12')).toBe('Facture%20n%C2%B0%2012');
    expect(headerValue('a\r\nSet-Cookie: x')).toBe('a%0D%0ASet-Cookie%3A%20x');
  });

  it('cuts a long value to the cap with the marker, between characters', () => {
    const ascii = headerValue('A'.repeat(100_000));
    expect(ascii).toHaveLength(MAX_HEADER_DATA_CHARS);
    expect(ascii).toBe('A'.repeat(MAX_HEADER_DATA_CHARS - HEADER_TRUNCATION_MARKER.length) + HEADER_TRUNCATION_MARKER);

    const encoded = headerValue('é'.repeat(100_000));
    expect(encoded.length).toBeLessThanOrEqual(MAX_HEADER_DATA_CHARS);
    expect(encoded.endsWith(HEADER_TRUNCATION_MARKER)).toBe(true);
    const kept = encoded.slice(0, -HEADER_TRUNCATION_MARKER.length);
    expect(decodeURIComponent(kept)).toBe('é'.repeat(kept.length / 6)); // whole %C3%A9 pairs only
  });

  it('keeps characters outside the BMP whole and does not throw on a lone surrogate', () => {
    const emoji = headerValue('😀'.repeat(1000));
    expect(() => decodeURIComponent(emoji.slice(0, -HEADER_TRUNCATION_MARKER.length))).not.toThrow();
    expect(headerValue('a\ud800b')).toBe('a%EF%BF%BDb');
  });

  it('leaves a value at the cap alone', () => {
    expect(headerValue('B'.repeat(MAX_HEADER_DATA_CHARS))).toBe('B'.repeat(MAX_HEADER_DATA_CHARS));
  });
});

describe('headerList', () => {
  it('lists the words that fit and counts the others', () => {
    expect(headerList('invalid; ', ['BR-01', 'BR-02'])).toBe('invalid; BR-01 BR-02');
    const words = Array.from({ length: 300 }, (_, i) => `BR-CO-${i}`);
    const value = headerList('invalid; ', words);
    expect(value.length).toBeLessThanOrEqual(MAX_HEADER_DATA_CHARS);
    const m = /^invalid; ((?:BR-CO-\d+ )+)\(\+(\d+) more\)$/.exec(value);
    expect(m, value).not.toBeNull();
    const listed = m![1]!.trim().split(' ');
    expect(listed).toEqual(words.slice(0, listed.length));
    expect(listed.length + Number(m![2])).toBe(words.length);
  });
});

describe('contentDisposition', () => {
  it('names the file after the invoice number, ASCII-safe, with the original in filename*', () => {
    expect(contentDisposition('FA-2026-0042')).toBe(`attachment; filename="FA-2026-0042.pdf"; filename*=UTF-8''FA-2026-0042.pdf`);
    expect(parts(contentDisposition('Facture n° 12 (copie)'))).toEqual({ filename: 'Facture_n_12_copie.pdf', filenameStar: 'Facture%20n%C2%B0%2012%20%28copie%29.pdf' });
  });

  it('caps both names of a 100,000-character invoice number, with a marker', () => {
    for (const number of ['A'.repeat(100_000), 'é'.repeat(100_000), `${'x'.repeat(150)}/${'é'.repeat(100_000)}`]) {
      const value = contentDisposition(number);
      const { filename, filenameStar } = parts(value);
      expect(value.length).toBeLessThan(400);
      expect(filename.length).toBeLessThanOrEqual(MAX_FILE_NAME_CHARS + '.pdf'.length);
      expect(filenameStar.length).toBeLessThanOrEqual(MAX_HEADER_DATA_CHARS);
      expect(filenameStar.endsWith(`${FILE_NAME_TRUNCATION_MARKER}.pdf`)).toBe(true);
      expect(number.startsWith(decodeURIComponent(filenameStar.slice(0, -`${FILE_NAME_TRUNCATION_MARKER}.pdf`.length)))).toBe(true);
    }
    expect(parts(contentDisposition('A'.repeat(100_000))).filename).toBe(`${'A'.repeat(MAX_FILE_NAME_CHARS - FILE_NAME_TRUNCATION_MARKER.length)}${FILE_NAME_TRUNCATION_MARKER}.pdf`);
  });

  it('falls back to "invoice" when nothing of the number is safe', () => {
    expect(parts(contentDisposition('ééé')).filename).toBe('invoice.pdf');
  });
});
