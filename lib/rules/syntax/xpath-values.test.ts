import { describe, expect, it } from 'vitest';
import { normalizeSpace } from './xpath-values.js';

describe('normalizeSpace (XPath normalize-space)', () => {
  it('trims and collapses the four XML white-space characters', () => {
    expect(normalizeSpace(' \t a \r\n b \n')).toBe('a b');
  });

  it('keeps a no-break space or another Unicode space, which XPath does not count as white space', () => {
    expect(normalizeSpace('\u00a0EUR\u2003')).toBe('\u00a0EUR\u2003');
    expect(normalizeSpace(' S\u00a0')).toBe('S\u00a0');
  });
});
