/**
 * The renderer's fonts: DejaVu Sans and DejaVu Sans Bold (package
 * dejavu-fonts-ttf; free licence, wide Unicode coverage: Latin, Greek,
 * Cyrillic, Hebrew, Arabic, Armenian, Georgian, symbols, the euro sign).
 *
 * The font files are read and parsed by fontkit once per process; each
 * document embeds a subset (only the glyphs it uses) as a Type 0 /
 * CIDFontType2 font with a ToUnicode map, which PDF/A requires and which
 * keeps the text searchable. Subset names carry fixed tags, so the same
 * invoice renders to the same bytes. Ligatures are off, so each character
 * maps to one glyph (clean text extraction).
 *
 * Characters the font has no glyph for (CJK, emoji, controls) are replaced
 * by U+FFFD: PDF/A forbids showing the .notdef glyph.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@cantoo/fontkit';
import type { Font as FontkitFont } from '@cantoo/fontkit';
import type { PDFDocument, PDFFont } from '@cantoo/pdf-lib';

/** What `PDFDocument.registerFontkit` accepts. */
type Fontkit = Parameters<PDFDocument['registerFontkit']>[0];

/** The two faces the renderer uses. */
export interface RenderFonts {
  regular: PDFFont;
  bold: PDFFont;
}

interface LoadedFace {
  bytes: Uint8Array;
  font: FontkitFont;
  /** Code points checked so far: true when the face has a glyph. */
  coverage: Map<number, boolean>;
}

let faces: { regular: LoadedFace; bold: LoadedFace } | undefined;

/**
 * Scripts and marks that need OpenType shaping (contextual forms, mark
 * positioning, reordering): text holding any goes through fontkit's full
 * layout; everything else (Latin, Greek, Cyrillic, symbols) maps one
 * character to one glyph.
 */
const NEEDS_SHAPING = /[\u0590-\u08ff\u0900-\u0dff\u0e00-\u0fff\u1000-\u109f\u1780-\u18af\ufb1d-\ufdff\ufe70-\ufeff]|\p{M}/u;

/**
 * Wraps a parsed face so that `layout()` (which pdf-lib calls for every
 * measurement and every string drawn) takes a direct character-to-glyph path
 * for text that needs no shaping. With ligatures off, that is the glyph run
 * fontkit's layout gives such text (pdf-lib uses only its glyphs: ids and
 * advance widths), at a fraction of the cost of running the GSUB/GPOS tables.
 */
function withFastLayout(font: FontkitFont): FontkitFont {
  const glyphs = new Map<number, ReturnType<FontkitFont['glyphForCodePoint']>>();
  const fastLayout = (text: string, ...rest: unknown[]): unknown => {
    if (NEEDS_SHAPING.test(text)) return (font.layout as (...a: unknown[]) => unknown).call(font, text, ...rest);
    const run: Array<NonNullable<ReturnType<FontkitFont['glyphForCodePoint']>>> = [];
    for (const ch of text) {
      const cp = ch.codePointAt(0)!;
      let g = glyphs.get(cp);
      if (g === undefined) {
        g = font.glyphForCodePoint(cp);
        glyphs.set(cp, g);
      }
      if (g === null) return (font.layout as (...a: unknown[]) => unknown).call(font, text, ...rest);
      run.push(g);
    }
    return { glyphs: run, positions: run.map((g) => ({ xAdvance: g.advanceWidth, yAdvance: 0, xOffset: 0, yOffset: 0 })) };
  };
  return new Proxy(font, {
    get(target, prop) {
      if (prop === 'layout') return fastLayout;
      const v: unknown = Reflect.get(target, prop, target);
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
  });
}

function loadFace(bytes: Uint8Array): LoadedFace {
  const font = withFastLayout(fontkit.create(bytes) as FontkitFont);
  return { bytes, font, coverage: new Map() };
}

/**
 * Provides the font files explicitly (e.g. from a Lambda layer), instead of
 * resolving the dejavu-fonts-ttf package. Call before the first render.
 */
export function setRenderFontFiles(files: { regular: Uint8Array; bold: Uint8Array }): void {
  faces = { regular: loadFace(files.regular), bold: loadFace(files.bold) };
}

function loadedFaces(): { regular: LoadedFace; bold: LoadedFace } {
  if (faces === undefined) {
    const require = createRequire(import.meta.url);
    const read = (file: string): Uint8Array => new Uint8Array(readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`)));
    faces = { regular: loadFace(read('DejaVuSans.ttf')), bold: loadFace(read('DejaVuSans-Bold.ttf')) };
  }
  return faces;
}

/** A fontkit stand-in that hands pdf-lib the already-parsed face for its bytes. */
const cachedFontkit: Fontkit = {
  create(buffer: Uint8Array) {
    const f = loadedFaces();
    if (buffer === f.regular.bytes) return f.regular.font as never;
    if (buffer === f.bold.bytes) return f.bold.font as never;
    return fontkit.create(buffer) as never;
  },
};

/** Embeds the two faces (subset) into a document. */
export async function embedRenderFonts(doc: PDFDocument): Promise<RenderFonts> {
  const f = loadedFaces();
  doc.registerFontkit(cachedFontkit);
  const features = { liga: false, clig: false, dlig: false };
  const regular = await doc.embedFont(f.regular.bytes, { subset: true, customName: 'DJVSAN+DejaVuSans', features });
  const bold = await doc.embedFont(f.bold.bytes, { subset: true, customName: 'DJVSBD+DejaVuSans-Bold', features });
  return { regular, bold };
}

const REPLACEMENT = '\ufffd';

/**
 * Makes text printable with a face: NFC-normalised, tabs and line breaks as
 * spaces, other control and format characters dropped, characters without a
 * glyph replaced by U+FFFD (combining marks without a glyph dropped).
 */
export function printable(text: string, bold: boolean): string {
  const face = bold ? loadedFaces().bold : loadedFaces().regular;
  let out = '';
  for (const ch of text.normalize('NFC')) {
    const cp = ch.codePointAt(0)!;
    if (cp === 0x09 || cp === 0x0a || cp === 0x0d) {
      out += ' ';
      continue;
    }
    if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0) || cp === 0xad || (cp >= 0x200b && cp <= 0x200f) || cp === 0xfeff || (cp >= 0x2028 && cp <= 0x202e)) {
      continue;
    }
    let has = face.coverage.get(cp);
    if (has === undefined) {
      has = face.font.hasGlyphForCodePoint(cp);
      face.coverage.set(cp, has);
    }
    if (has) out += ch;
    else if (!/\p{M}/u.test(ch)) out += REPLACEMENT;
  }
  return out;
}
