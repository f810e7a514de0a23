import { describe, expect, it } from 'vitest';
import { escapeAttr, escapeText, XmlBuilder } from '../../lib/xml/xml-builder.js';

describe('XmlBuilder', () => {
  it('drops lazy elements that stay empty, nested ones included', () => {
    const w = new XmlBuilder();
    w.open('a');
    w.open('b', '', true);
    w.open('c', '', true);
    w.close();
    w.close();
    w.leaf('d', 'x');
    w.close();
    expect(w.toString()).toBe('<a>\n  <d>x</d>\n</a>\n');
  });

  it('writes lazy ancestors once something is written inside them', () => {
    const w = new XmlBuilder();
    w.open('a');
    w.open('b', ' k="v"', true);
    w.open('c', '', true);
    w.leaf('d', 'x');
    w.close();
    w.close();
    w.close();
    expect(w.toString()).toBe('<a>\n  <b k="v">\n    <c>\n      <d>x</d>\n    </c>\n  </b>\n</a>\n');
  });

  it('self-closes an empty mandatory element', () => {
    const w = new XmlBuilder();
    w.raw('<?xml version="1.0" encoding="UTF-8"?>');
    w.open('a');
    w.open('b');
    w.close();
    w.close();
    expect(w.toString()).toBe('<?xml version="1.0" encoding="UTF-8"?>\n<a>\n  <b/>\n</a>\n');
  });

  it('writes a document of many chunks as the same text, however often it is read', () => {
    // Prepare: more than 65,536 characters, so the text is flattened chunk by chunk; an empty element closes a chunk too.
    const w = new XmlBuilder();
    w.raw('<?xml version="1.0"?>');
    w.open('root', ' a="1"');
    const expected = ['<?xml version="1.0"?>', '<root a="1">'];
    for (let i = 0; i < 3000; i++) {
      w.open('line', i % 2 === 0 ? '' : ` n="${i}"`);
      w.leaf('id', String(i));
      w.leaf('name', `Article ${i} « é »`, ' lang="fr"');
      w.open('empty');
      w.close();
      w.close();
      expected.push(i % 2 === 0 ? '  <line>' : `  <line n="${i}">`, `    <id>${i}</id>`, `    <name lang="fr">Article ${i} « é »</name>`, '    <empty/>', '  </line>');
    }
    w.close();
    expected.push('</root>', '');
    // Act and assert
    const text = w.toString();
    expect(text.length).toBeGreaterThan(3 * 65_536);
    expect(text).toBe(expected.join('\n'));
    expect(w.toString()).toBe(text);
  });

  it('writes a root that is a leaf, and a first line without a line break', () => {
    const w = new XmlBuilder();
    w.leaf('a', 'x', ' k="v"');
    expect(w.toString()).toBe('<a k="v">x</a>\n');
    const e = new XmlBuilder();
    e.open('b');
    e.close();
    expect(e.toString()).toBe('<b/>\n');
  });

  it('refuses to serialise with an element left open, and to close what is not open', () => {
    const w = new XmlBuilder();
    w.open('a');
    expect(() => w.toString()).toThrow(/unclosed <a>/);
    w.close();
    expect(() => w.close()).toThrow();
  });
});

describe('escaping', () => {
  it('escapes markup characters in text and quotes in attributes', () => {
    expect(escapeText(`a & b < c > d "e" 'f'`)).toBe(`a &amp; b &lt; c &gt; d "e" 'f'`);
    expect(escapeAttr(`a & b < c > d "e" 'f'`)).toBe(`a &amp; b &lt; c &gt; d &quot;e&quot; 'f'`);
  });

  it('keeps astral characters and drops what XML 1.0 forbids', () => {
    expect(escapeText('🧾\u0000x\u0008\ud83d\uffff')).toBe('🧾x');
  });

  it('protects CR everywhere and TAB/LF in attributes from normalisation', () => {
    expect(escapeText('a\tb\nc\rd')).toBe('a\tb\nc&#13;d');
    expect(escapeAttr('a\tb\nc\rd')).toBe('a&#9;b&#10;c&#13;d');
  });

  it('returns plain strings unchanged', () => {
    const s = 'Atelier Dupont SARL, 12 rue de la Paix';
    expect(escapeText(s)).toBe(s);
    expect(escapeAttr(s)).toBe(s);
  });
});
