/**
 * Public real-world invoice PDFs found in registry packages (issue 25, point 4; test/fixtures/public): the local
 * extractor reads what they print. Today one: microinvoice's example invoice (MIT).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalExtractor } from '../../lib/extract/local/index.js';
import { PUBLIC_PDFS } from '../fixtures/public/index.js';
import { scoreExpected } from '../fixtures/synthetic/score.js';

const extractor = createLocalExtractor({ pdftoppm: false });
afterAll(() => extractor.dispose());

describe('public real-world invoice PDFs', () => {
  it.each(PUBLIC_PDFS.map((p) => [p.id, p] as const))('%s: every printed field read exactly', async (_id, pub) => {
    const got = await extractor.extract({ bytes: pub.read(), mimeType: 'application/pdf', fileName: `${pub.id}.pdf` });
    const scores = scoreExpected(pub.expected, got);
    const misses = Object.entries(scores).filter(([, s]) => !s!.ok).map(([f, s]) => `${f}: expected ${s!.expected}, got ${s!.got}`);
    expect(misses).toEqual([]);
  });
});
