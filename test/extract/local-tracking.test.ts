import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readPdfText } from '../../lib/extract/local/pdf-text.js';
import { repairTracking, trackingRepairs, type GlyphRun } from '../../lib/extract/local/tracking.js';
import { requireShared } from '../shared-path.js';

/** A glyph run written as pdf.js's operator list gives it: letters, and TJ adjustments in thousandths of an em. */
const run = (...parts: Array<string | number>): GlyphRun =>
  parts.flatMap((p): Array<number | { unicode: string }> => (typeof p === 'number' ? [p] : [...p].map((unicode) => ({ unicode }))));

describe('letter-spaced text (tracking)', () => {
  it('joins a word pdf.js split at a gap that is only the tracking plus a narrow glyph', () => {
    // As an XSL-FO producer prints "Lieferant": 0.055 em between letters, 0.110 em after the "r".
    const repairs = trackingRepairs([run('L', -55, 'i', 'e', 'fe', 'r', -110, 'a', -56, 'n', -56, 't', -55)]);
    expect([...repairs]).toEqual([['Liefer ant', 'Lieferant']]);
    expect(repairTracking('Liefer ant GmbH', repairs)).toBe('Lieferant GmbH');
  });

  it('keeps a real word space inside a tracked run', () => {
    // Tracking 0.055 em: 0.400 em is a word space, 0.150 em only the tracking and a narrow glyph.
    const repairs = trackingRepairs([run('A', -55, 'b', -55, 'c', -55, 'd', -400, 'E', -55, 'f', -55, 'g', -150, 'h', -55, 'i')]);
    expect([...repairs]).toEqual([['Abcd Efg hi', 'Abcd Efghi']]);
  });

  it('leaves untracked runs alone: there every gap over 0.102 em is a space', () => {
    expect(trackingRepairs([run('Rech', -150, 'nung')]).size).toBe(0);
    expect(trackingRepairs([run('Re', 20, 'ch', 'nung')]).size).toBe(0);
  });

  it('replaces only whole split forms, never inside a longer word', () => {
    const repairs = new Map([['Fr ankreich', 'Frankreich']]);
    expect(repairTracking('Kunden AG Fr ankreich', repairs)).toBe('Kunden AG Frankreich');
    expect(repairTracking('AFr ankreichs', repairs)).toBe('AFr ankreichs');
  });

  it('reads the seller and buyer of a letter-spaced corpus PDF as printed', async () => {
    const file = requireShared('conformance', 'pdf', 'ZUGFeRDv2__correct__symtrax__Beispiele__MINIMUM__zugferd_2p1_MINIMUM_Rechnung.pdf');
    const text = (await readPdfText(new Uint8Array(readFileSync(file)))).doc.lines.map((l) => l.text);
    expect(text).toContain('Lieferant GmbH');
    expect(text).toContain('Kunden AG Frankreich');
    expect(text.join('\n')).not.toMatch(/Liefer ant|Fr ankreich/);
  });
});
