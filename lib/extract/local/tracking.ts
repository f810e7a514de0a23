/**
 * Letter-spaced ("tracked") text: some producers (XSL-FO renderers among
 * them) print every word with a uniform extra gap between letters, written as
 * TJ adjustments, and a wider one after letters whose width their metrics get
 * wrong. pdf.js (like pdftotext) turns any gap wider than 0.102 em into a
 * space, so `Lieferant` comes out as `Liefer ant`. Knowing the glyph runs, a
 * gap is a word space only when it exceeds the run's own tracking by that
 * threshold: this module finds the runs pdf.js split that way and says how to
 * join them again.
 */

/** One shown text run as pdf.js's operator list gives it: glyphs (with their Unicode) and TJ adjustments in thousandths of an em (positive moves left). */
export type GlyphRun = ReadonlyArray<{ unicode?: string } | number | null | undefined>;

/** pdf.js's threshold (TRACKING_SPACE_FACTOR / SPACE_IN_FLOW_MIN_FACTOR): a gap wider than this many ems becomes a space. */
const SPACE_EM = 0.102;
/** pdf.js's SPACE_IN_FLOW_MAX_FACTOR: a gap wider than this starts a new text item, which is not repaired here. */
const NEW_ITEM_EM = 0.6;
/** Below this median letter gap a run is not tracked, and every space pdf.js made in it is a real one. */
const MIN_TRACKING_EM = 0.02;

const LETTER = /^\p{L}+$/u;

/**
 * The runs pdf.js split inside a word because of tracking: a map from the text
 * as pdf.js gives it (`Liefer ant`) to the text as printed (`Lieferant`).
 */
export function trackingRepairs(runs: Iterable<GlyphRun>): Map<string, string> {
  const repairs = new Map<string, string>();
  for (const run of runs) {
    const glyphs: string[] = [];
    const gaps: number[] = []; // gaps[i] sits between glyphs[i] and glyphs[i + 1], in ems
    let pending = 0;
    for (const part of run) {
      if (typeof part === 'number') {
        pending -= part / 1000;
      } else if (part && typeof part.unicode === 'string' && part.unicode !== '') {
        if (glyphs.length > 0) gaps.push(pending);
        glyphs.push(part.unicode);
        pending = 0;
      }
    }
    if (glyphs.length < 4 || glyphs.some((g) => /\s/.test(g))) continue;
    const letterGaps = gaps.filter((_, i) => LETTER.test(glyphs[i]!) && LETTER.test(glyphs[i + 1]!)).sort((a, b) => a - b);
    if (letterGaps.length < 3) continue;
    const tracking = letterGaps[Math.floor(letterGaps.length / 2)]!;
    if (tracking < MIN_TRACKING_EM || tracking > SPACE_EM) continue;
    if (gaps.some((g) => g > NEW_ITEM_EM)) continue;
    let split = glyphs[0]!;
    let joined = glyphs[0]!;
    for (let i = 0; i < gaps.length; i++) {
      const gap = gaps[i]!;
      split += (gap > SPACE_EM ? ' ' : '') + glyphs[i + 1]!;
      joined += (gap - tracking > SPACE_EM ? ' ' : '') + glyphs[i + 1]!;
    }
    if (split !== joined && /\p{L}/u.test(joined)) repairs.set(split, joined);
  }
  return repairs;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Applies {@link trackingRepairs} to a text item: each split form, found as a whole (not inside a longer word), is joined. */
export function repairTracking(text: string, repairs: ReadonlyMap<string, string>): string {
  let out = text;
  for (const [split, joined] of repairs) {
    if (!out.includes(split)) continue;
    out = out.replace(new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(split)}(?![\\p{L}\\p{N}])`, 'gu'), () => joined);
  }
  return out;
}
