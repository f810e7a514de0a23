/**
 * What stands between a PDF and PDF/A-3b (ISO 19005-3, which takes its
 * content rules from ISO 19005-2, clause 6), found in one walk over the
 * document, and optionally repaired where a structural change suffices.
 *
 * The walk visits every content holder: pages, form XObjects, annotation
 * appearance streams, Type 3 glyph procedures, tiling patterns and soft-mask
 * groups, each with its resources (fonts, XObjects, colour spaces, patterns,
 * shadings, graphics states), plus the catalog, the outlines, the form and
 * every stream object.
 *
 * Two remedies:
 * - `repair`: a structural change leaves what is printed unchanged and makes
 *   the point conform: JavaScript and other forbidden actions removed,
 *   additional-actions (AA) entries removed, annotation print flags set and
 *   hidden flags cleared, forbidden annotation types (3D, Sound, Screen,
 *   Movie, RichMedia) removed, appearance dictionaries reduced to N, the
 *   form's NeedAppearances and XFA removed, LZW streams re-encoded with
 *   Flate, image Interpolate/Alternates/OPI removed, PostScript XObjects
 *   removed, a catalog /Version above 1.7 removed, page PresSteps removed,
 *   optional-content configurations named and without AS.
 * - `rerender`: the content itself must change: fonts not embedded, device
 *   colours that do not match the output intent, annotations without an
 *   appearance stream, transfer functions, non-standard blend modes, reference
 *   XObjects, streams with external data or crypt filters. Only a re-render
 *   (Ghostscript) can fix these.
 *
 * Transparency is not an issue: PDF/A-2 and -3 allow it (only PDF/A-1
 * forbids it), under the blend-mode rule checked here and the device-colour
 * rule, which the output intent we install satisfies for DeviceRGB/Gray
 * content and a transparency group's /CS is checked like any colour space.
 *
 * Limits (lib/limits.ts): content decoded here goes through the capped
 * decoder (./decode.ts), and content drawn inside content (forms, patterns,
 * soft masks, Type 3 glyphs, image soft-mask chains, nested colour spaces)
 * deeper than `pdf-nesting-depth` stops the walk with a
 * DocumentTooComplexError instead of overflowing the stack.
 */
import {
  PDFArray,
  PDFBool,
  PDFContext,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFNumber,
  PDFObject,
  PDFRawStream,
  PDFRef,
  PDFStream,
} from '@cantoo/pdf-lib';
import { PDF_MAX_NESTING_DEPTH, rethrowLimit, tooComplex } from '../limits.js';
import { scanDeviceColours, type DeviceColourUse } from './content-scan.js';
import { assertStreamsWithinLimits } from './decode.js';
import { checkOptionalContent } from './optional-content.js';
import { checkObjectLimits, checkPageBoxes, MAX_Q_NESTING, maxQNesting } from './pdfa-limits.js';
import {
  arrayOf,
  asDict,
  decodeStream,
  filtersOf,
  forEachPage,
  get,
  getArray,
  getDict,
  getName,
  getNumber,
  items,
  N,
  resolve,
} from './objects.js';

/** How an issue can be remedied (see the module comment); `refuse`: neither, the document is refused. */
export type Remedy = 'repair' | 'rerender' | 'refuse';

const REMEDY_RANK: Record<Remedy, number> = { repair: 0, rerender: 1, refuse: 2 };

/** One PDF/A-3 issue found in a document, with the objects concerned. */
export interface PdfAIssue {
  /** Stable code, e.g. `FONT_NOT_EMBEDDED`, `JAVASCRIPT`, `DEVICE_COLOUR`. */
  code: string;
  message: string;
  remedy: Remedy;
}

/** The result of {@link analyzePdfA}. */
export interface PdfAAnalysis {
  /** Every issue found (in repair mode, the `repair` ones have been fixed). */
  issues: PdfAIssue[];
  /** Device colour spaces used without a Default colour space in scope. */
  deviceColours: DeviceColourUse;
  /** Base names of the fonts that are not embedded. */
  nonEmbeddedFonts: string[];
  /** Number of pages walked. */
  pageCount: number;
}

/** Options of {@link analyzePdfA}. */
export interface AnalyzeOptions {
  /** Apply the structural repairs; default false (report only). */
  repair?: boolean;
  /**
   * Scan page contents for device colours (`deviceColours`); default true.
   * The issues never depend on it: a caller that only wants them (or the
   * repairs) can skip that scan (contents are still decoded for their q/Q
   * nesting).
   */
  scanColours?: boolean;
}

/** Actions PDF/A-2/3 forbid (ISO 19005-2, 6.5.1); Named actions are checked apart. */
const FORBIDDEN_ACTIONS = new Set([
  'Launch',
  'Sound',
  'Movie',
  'ResetForm',
  'ImportData',
  'Hide',
  'SetOCGState',
  'Rendition',
  'Trans',
  'GoTo3DView',
  'JavaScript',
]);
const ALLOWED_NAMED_ACTIONS = new Set(['NextPage', 'PrevPage', 'FirstPage', 'LastPage']);

/** Annotation types ISO 32000-1 defines; PDF/A-2/3 (6.3.1) forbid the others and 3D, Sound, Screen, Movie. */
const ALLOWED_ANNOTATIONS = new Set([
  'Text',
  'Link',
  'FreeText',
  'Line',
  'Square',
  'Circle',
  'Polygon',
  'PolyLine',
  'Highlight',
  'Underline',
  'Squiggly',
  'StrikeOut',
  'Stamp',
  'Caret',
  'Ink',
  'Popup',
  'FileAttachment',
  'Widget',
  'PrinterMark',
  'TrapNet',
  'Watermark',
  'Redact',
]);

/** Blend modes of ISO 32000-1, 11.3.5 (PDF/A-2, 6.2.10.4). */
const STANDARD_BLEND_MODES = new Set([
  'Normal',
  'Compatible',
  'Multiply',
  'Screen',
  'Overlay',
  'Darken',
  'Lighten',
  'ColorDodge',
  'ColorBurn',
  'HardLight',
  'SoftLight',
  'Difference',
  'Exclusion',
  'Hue',
  'Saturation',
  'Color',
  'Luminosity',
]);

const MESSAGES: Record<string, (details: string[]) => string> = {
  FONT_NOT_EMBEDDED: (d) => `Fonts are not embedded: ${d.join(', ')}.`,
  JAVASCRIPT: (d) => `JavaScript is present (${d.join(', ')}).`,
  FORBIDDEN_ACTION: (d) => `Actions PDF/A forbids are present: ${d.join(', ')}.`,
  ADDITIONAL_ACTIONS: (d) => `Additional-actions (AA) entries are present: ${d.join(', ')}.`,
  ANNOTATION_FLAGS: (d) => `Annotations are not flagged printable or are hidden: ${d.join(', ')}.`,
  ANNOTATION_FORBIDDEN: (d) => `Annotation types PDF/A forbids are present: ${d.join(', ')}.`,
  ANNOTATION_APPEARANCE: (d) => `Annotations have no appearance stream: ${d.join(', ')}.`,
  ANNOTATION_APPEARANCE_KEYS: (d) => `Annotation appearance dictionaries have entries other than N: ${d.join(', ')}.`,
  FORM_NEED_APPEARANCES: () => 'The interactive form sets NeedAppearances.',
  FORM_XFA: () => 'The interactive form carries XFA.',
  CATALOG_VERSION: (d) => `The catalog declares PDF version ${d.join(', ')} (PDF/A-3 is based on PDF 1.7).`,
  CATALOG_NEEDS_RENDERING: () => 'The catalog sets NeedsRendering.',
  PAGE_PRESSTEPS: (d) => `Pages have presentation steps: ${d.join(', ')}.`,
  OPTIONAL_CONTENT_CONFIG: (d) => `Optional content configurations are not as PDF/A wants them (6.9): ${d.join(', ')}.`,
  LZW_FILTER: (d) => `Streams use the LZW filter: ${d.join(', ')}.`,
  EXTERNAL_STREAM: (d) => `Streams have external data or crypt filters: ${d.join(', ')}.`,
  IMAGE_INTERPOLATE: (d) => `Images request interpolation: ${d.join(', ')}.`,
  IMAGE_ALTERNATES: (d) => `Images have alternates: ${d.join(', ')}.`,
  OPI: (d) => `XObjects carry OPI entries: ${d.join(', ')}.`,
  POSTSCRIPT_XOBJECT: (d) => `PostScript XObjects are present: ${d.join(', ')}.`,
  REFERENCE_XOBJECT: (d) => `Reference XObjects are present: ${d.join(', ')}.`,
  TRANSFER_FUNCTION: (d) => `Graphics states use transfer functions: ${d.join(', ')}.`,
  BLEND_MODE: (d) => `Graphics states use non-standard blend modes: ${d.join(', ')}.`,
  IMPLEMENTATION_LIMIT: (d) => `Objects are past the PDF/A implementation limits (ISO 19005-2, 6.1.13): ${d.join('; ')}.`,
  PAGE_BOX: (d) => `Page boundaries are outside 3..14,400 units (ISO 19005-2, 6.1.13): ${d.join('; ')}.`,
  DEVICEN_COLORANTS: (d) => `DeviceN colour spaces use spot colours without an entry in their Colorants dictionary (ISO 19005-2, 6.2.4.4): ${d.join(', ')}.`,
  CIDSET: (d) => `Fonts carry a CIDSet, which must list every CID of the font program (6.2.11.4.2); removed: ${d.join(', ')}.`,
};

/** Process colorants need no Colorants entry (veraPDF's reading of 6.2.4.4), nor does None. */
const NON_SPOT_COLORANTS = new Set(['Cyan', 'Magenta', 'Yellow', 'Black', 'None', 'All']);

/** The spot colorants of a DeviceN array that its attributes' Colorants dictionary does not define (6.2.4.4). */
export function deviceNSpotsWithoutColorants(ctx: PDFContext, deviceN: PDFArray): string[] {
  const colorants = getDict(ctx, asDict(resolve(ctx, deviceN.get(4))), 'Colorants');
  const list = resolve(ctx, deviceN.get(1));
  const names = items(ctx, list instanceof PDFArray ? list : undefined).filter((n): n is PDFName => n instanceof PDFName);
  return names.map((n) => n.decodeText()).filter((n) => !NON_SPOT_COLORANTS.has(n) && !colorants?.has(N(n)));
}

class IssueCollector {
  private readonly byCode = new Map<string, { remedy: Remedy; details: Set<string> }>();

  add(code: string, remedy: Remedy, detail: string): void {
    let entry = this.byCode.get(code);
    if (entry === undefined) {
      entry = { remedy, details: new Set() };
      this.byCode.set(code, entry);
    }
    if (REMEDY_RANK[remedy] > REMEDY_RANK[entry.remedy]) entry.remedy = remedy;
    if (entry.details.size < 20) entry.details.add(detail);
  }

  list(): PdfAIssue[] {
    return [...this.byCode].map(([code, { remedy, details }]) => ({
      code,
      remedy,
      message: (MESSAGES[code] ?? ((d: string[]) => `${code}: ${d.join(', ')}.`))([...details]),
    }));
  }
}

/**
 * Walks the whole document and reports (and, with `repair`, fixes) what keeps
 * it from PDF/A-3b; see the module comment for the rules and remedies.
 * Device colour use is returned as facts: whether it is an issue depends on
 * the output intent (see {@link deviceColourIssue}).
 */
export function analyzePdfA(doc: PDFDocument, opts: AnalyzeOptions = {}): PdfAAnalysis {
  return new Walker(doc.context, opts.repair === true, opts.scanColours !== false).run();
}

/**
 * The DEVICE_COLOUR issue, if the device colours used do not match an output
 * intent of `components` colour components (ISO 19005-2, 6.2.4.3: DeviceRGB
 * needs an RGB intent, DeviceCMYK a CMYK one; DeviceGray goes with any).
 */
export function deviceColourIssue(use: DeviceColourUse, components: 1 | 3 | 4): PdfAIssue | undefined {
  const wrong: string[] = [];
  if (use.rgb && components !== 3) wrong.push('DeviceRGB');
  if (use.cmyk && components !== 4) wrong.push('DeviceCMYK');
  if (wrong.length === 0) return undefined;
  const intent = components === 3 ? 'an RGB' : components === 4 ? 'a CMYK' : 'a Gray';
  return {
    code: 'DEVICE_COLOUR',
    remedy: 'rerender',
    message: `The content uses ${wrong.join(' and ')} colours, which ${intent} output intent does not cover.`,
  };
}

/**
 * A stream the walk scans byte by byte: content streams and forms; not images, font programs (`Length1`..`Length3`,
 * FontFile3's Subtype), ICC profiles (`N`), metadata, embedded files, object and cross-reference streams (`Type`; a
 * form may say `/Type /XObject`).
 */
function isScannedContent(stream: PDFRawStream): boolean {
  const dict = stream.dict;
  const subtype = dict.get(N('Subtype'));
  const type = dict.get(N('Type'));
  if ((subtype !== undefined && subtype !== N('Form')) || (type !== undefined && type !== N('XObject'))) return false;
  return !(dict.has(N('Length1')) || dict.has(N('Length2')) || dict.has(N('Length3')) || dict.has(N('N')));
}

class Walker {
  private readonly issues = new IssueCollector();
  private readonly colours: DeviceColourUse = { rgb: false, cmyk: false };
  private readonly fonts = new Set<string>();
  private readonly seenHolders = new Set<PDFObject>();
  private readonly seenResources = new Set<PDFDict>();
  private readonly seenFonts = new Set<PDFDict>();
  private readonly seenColourSpaces = new Set<PDFObject>();
  private pageCount = 0;
  /** How deep the walk is in content drawn inside content. */
  private depth = 0;

  constructor(
    private readonly ctx: PDFContext,
    private readonly repair: boolean,
    private readonly scanColours: boolean,
  ) {}

  run(): PdfAAnalysis {
    const ctx = this.ctx;
    const catalog = ctx.lookup(ctx.trailerInfo.Root);
    checkObjectLimits(ctx, this.repair, (code, remedy, detail) => this.issues.add(code, remedy, detail));
    this.measureContent();
    if (catalog instanceof PDFDict) {
      this.catalog(catalog);
      forEachPage(ctx, getDict(ctx, catalog, 'Pages'), (page, inherited) => {
        this.pageCount++;
        this.page(page, inherited.resources, `page ${this.pageCount}`);
      });
      this.outlines(catalog);
    }
    this.streams();
    return {
      issues: this.issues.list(),
      deviceColours: { ...this.colours },
      nonEmbeddedFonts: [...this.fonts],
      pageCount: this.pageCount,
    };
  }

  /**
   * Decodes (and drops) every stream the walk scans byte by byte (page contents, form XObjects), so that a document
   * past the decoding limits is refused after zlib's native inflate alone, before any scan: a few small streams each
   * decoding to 45 MiB cost four JavaScript passes over 180 MiB (4 s of CPU) before the total went past its limit. A
   * stream decoded here is not counted again when the walk decodes it; undecodable ones are left to the walk.
   */
  private measureContent(): void {
    assertStreamsWithinLimits(this.ctx, isScannedContent);
  }

  /** Runs `fn` one level deeper in nested content; past `pdf-nesting-depth` the document is refused. */
  private nested(fn: () => void): void {
    if (this.depth >= PDF_MAX_NESTING_DEPTH) {
      throw tooComplex('pdf-nesting-depth', `Content of the PDF (forms, patterns, soft masks or colour spaces inside one another) is nested more than ${PDF_MAX_NESTING_DEPTH} levels deep.`);
    }
    this.depth++;
    try {
      fn();
    } finally {
      this.depth--;
    }
  }

  // -- document level ---------------------------------------------------------

  private catalog(catalog: PDFDict): void {
    const ctx = this.ctx;
    const names = getDict(ctx, catalog, 'Names');
    if (names?.has(N('JavaScript'))) {
      this.issues.add('JAVASCRIPT', 'repair', 'document JavaScript name tree');
      if (this.repair) names.delete(N('JavaScript'));
    }
    if (catalog.has(N('AA'))) {
      this.issues.add('ADDITIONAL_ACTIONS', 'repair', 'document catalog');
      if (this.repair) catalog.delete(N('AA'));
    }
    const open = get(ctx, catalog, 'OpenAction');
    if (open instanceof PDFDict && this.actionChainForbidden(open, 'open action')) {
      if (this.repair) catalog.delete(N('OpenAction'));
    }
    const version = getName(ctx, catalog, 'Version');
    if (version !== undefined && !/^1\.[0-7]$/.test(version)) {
      this.issues.add('CATALOG_VERSION', 'repair', version);
      if (this.repair) catalog.delete(N('Version'));
    }
    if (catalog.has(N('NeedsRendering'))) {
      this.issues.add('CATALOG_NEEDS_RENDERING', 'repair', 'catalog');
      if (this.repair) catalog.delete(N('NeedsRendering'));
    }
    const form = getDict(ctx, catalog, 'AcroForm');
    if (form !== undefined) {
      const need = get(ctx, form, 'NeedAppearances');
      if (need instanceof PDFBool && need.asBoolean()) {
        this.issues.add('FORM_NEED_APPEARANCES', 'repair', 'form');
        if (this.repair) form.delete(N('NeedAppearances'));
      }
      if (form.has(N('XFA'))) {
        this.issues.add('FORM_XFA', 'repair', 'form');
        if (this.repair) form.delete(N('XFA'));
      }
      this.fields(getArray(ctx, form, 'Fields'), 0, new Set());
    }
    checkOptionalContent(ctx, catalog, this.repair, (detail) => this.issues.add('OPTIONAL_CONTENT_CONFIG', 'repair', detail));
  }

  private fields(fields: PDFArray | undefined, depth: number, seen: Set<PDFDict>): void {
    if (depth > 32) return;
    for (const f of items(this.ctx, fields)) {
      const field = asDict(f);
      if (field === undefined || seen.has(field)) continue;
      seen.add(field);
      if (field.has(N('AA'))) {
        this.issues.add('ADDITIONAL_ACTIONS', 'repair', 'form field');
        if (this.repair) field.delete(N('AA'));
      }
      this.fields(getArray(this.ctx, field, 'Kids'), depth + 1, seen);
    }
  }

  private outlines(catalog: PDFDict): void {
    const ctx = this.ctx;
    const seen = new Set<PDFDict>();
    const visit = (item: PDFDict | undefined, depth: number): void => {
      let cur = item;
      let guard = 0;
      while (cur !== undefined && !seen.has(cur) && guard++ < 100_000 && depth < 64) {
        seen.add(cur);
        const action = getDict(ctx, cur, 'A');
        if (action !== undefined && this.actionChainForbidden(action, 'bookmark')) {
          if (this.repair) cur.delete(N('A'));
        }
        visit(getDict(ctx, cur, 'First'), depth + 1);
        cur = getDict(ctx, cur, 'Next');
      }
    };
    visit(getDict(ctx, getDict(ctx, catalog, 'Outlines'), 'First'), 0);
  }

  /** Reports forbidden actions in an action and its Next chain; true when the chain must go. */
  private actionChainForbidden(action: PDFDict, where: string): boolean {
    let bad = false;
    const seen = new Set<PDFDict>();
    const visit = (a: PDFDict | undefined): void => {
      if (a === undefined || seen.has(a) || seen.size > 100) return;
      seen.add(a);
      const s = getName(this.ctx, a, 'S');
      if (s === 'JavaScript') {
        this.issues.add('JAVASCRIPT', 'repair', where);
        bad = true;
      } else if (s !== undefined && FORBIDDEN_ACTIONS.has(s)) {
        this.issues.add('FORBIDDEN_ACTION', 'repair', `${s} (${where})`);
        bad = true;
      } else if (s === 'Named') {
        const n = getName(this.ctx, a, 'N');
        if (n === undefined || !ALLOWED_NAMED_ACTIONS.has(n)) {
          this.issues.add('FORBIDDEN_ACTION', 'repair', `Named ${n ?? '?'} (${where})`);
          bad = true;
        }
      }
      const next = get(this.ctx, a, 'Next');
      if (next instanceof PDFDict) visit(next);
      else if (next instanceof PDFArray) for (const x of items(this.ctx, next)) visit(asDict(x));
    };
    visit(action);
    return bad;
  }

  // -- pages and annotations ---------------------------------------------------

  private page(page: PDFDict, resources: PDFDict | undefined, where: string): void {
    const ctx = this.ctx;
    if (page.has(N('AA'))) {
      this.issues.add('ADDITIONAL_ACTIONS', 'repair', where);
      if (this.repair) page.delete(N('AA'));
    }
    if (page.has(N('PresSteps'))) {
      this.issues.add('PAGE_PRESSTEPS', 'repair', where);
      if (this.repair) page.delete(N('PresSteps'));
    }
    checkPageBoxes(ctx, page, where, this.repair, (code, remedy, detail) => this.issues.add(code, remedy, detail));
    const group = getDict(ctx, page, 'Group');
    if (group !== undefined) this.colourSpace(get(ctx, group, 'CS'), where);
    const contents = get(ctx, page, 'Contents');
    const streams = contents instanceof PDFArray ? items(ctx, contents) : contents === undefined ? [] : [contents];
    const defaults = this.defaultSpaces(resources);
    for (const s of streams) if (s instanceof PDFStream) this.scanContent(s, defaults);
    this.resources(resources, where);
    this.annotations(page, where);
  }

  private annotations(page: PDFDict, where: string): void {
    const ctx = this.ctx;
    const annots = getArray(ctx, page, 'Annots');
    if (annots === undefined) return;
    const keep: PDFObject[] = [];
    let removed = false;
    for (let i = 0; i < annots.size(); i++) {
      const raw = annots.get(i);
      const annot = asDict(resolve(ctx, raw));
      if (annot === undefined) continue;
      const subtype = getName(ctx, annot, 'Subtype') ?? '?';
      const label = `${subtype} annotation on ${where}`;
      if (!ALLOWED_ANNOTATIONS.has(subtype)) {
        this.issues.add('ANNOTATION_FORBIDDEN', 'repair', label);
        removed = true;
        continue;
      }
      keep.push(raw);
      if (subtype !== 'Popup') {
        const flags = getNumber(ctx, annot, 'F') ?? 0;
        // Print (4) set; Invisible (1), Hidden (2), NoView (32), ToggleNoView (256) clear.
        const wanted = (flags | 4) & ~(1 | 2 | 32 | 256);
        if (flags !== wanted || !annot.has(N('F'))) {
          this.issues.add('ANNOTATION_FLAGS', 'repair', label);
          if (this.repair) annot.set(N('F'), PDFNumber.of(wanted));
        }
      }
      if (annot.has(N('AA'))) {
        this.issues.add('ADDITIONAL_ACTIONS', 'repair', label);
        if (this.repair) annot.delete(N('AA'));
      }
      const action = getDict(ctx, annot, 'A');
      if (action !== undefined && this.actionChainForbidden(action, label)) {
        if (this.repair) annot.delete(N('A'));
      }
      this.appearance(annot, subtype, label);
    }
    if (removed && this.repair) {
      page.set(N('Annots'), arrayOf(ctx, keep));
    }
  }

  private appearance(annot: PDFDict, subtype: string, label: string): void {
    const ctx = this.ctx;
    const ap = getDict(ctx, annot, 'AP');
    if (subtype === 'Popup' || subtype === 'Link') {
      if (ap !== undefined) this.appearanceStreams(ap, label);
      return;
    }
    const rect = items(ctx, getArray(ctx, annot, 'Rect')).map((x) => (x instanceof PDFNumber ? x.asNumber() : 0));
    const zeroArea = rect.length === 4 && (rect[0] === rect[2] || rect[1] === rect[3]);
    if (ap === undefined || !ap.has(N('N'))) {
      if (!zeroArea) this.issues.add('ANNOTATION_APPEARANCE', 'rerender', label);
      return;
    }
    if (ap.has(N('R')) || ap.has(N('D'))) {
      this.issues.add('ANNOTATION_APPEARANCE_KEYS', 'repair', label);
      if (this.repair) {
        ap.delete(N('R'));
        ap.delete(N('D'));
      }
    }
    this.appearanceStreams(ap, label);
  }

  private appearanceStreams(ap: PDFDict, label: string): void {
    for (const key of ['N', 'R', 'D']) {
      const v = get(this.ctx, ap, key);
      if (v instanceof PDFStream) this.form(v, label);
      else if (v instanceof PDFDict) {
        for (const [, state] of v.entries()) {
          const s = resolve(this.ctx, state);
          if (s instanceof PDFStream) this.form(s, label);
        }
      }
    }
  }

  // -- content holders and resources --------------------------------------------

  private form(stream: PDFStream, where: string): void {
    if (this.seenHolders.has(stream)) return;
    this.seenHolders.add(stream);
    this.nested(() => {
      const ctx = this.ctx;
      const dict = stream.dict;
      const group = getDict(ctx, dict, 'Group');
      if (group !== undefined) this.colourSpace(get(ctx, group, 'CS'), where);
      const resources = getDict(ctx, dict, 'Resources');
      this.scanContent(stream, this.defaultSpaces(resources));
      this.resources(resources, where);
    });
  }

  /** Which device spaces have a Default colour space (DefaultRGB / DefaultCMYK) in this resource scope. */
  private defaultSpaces(resources: PDFDict | undefined): { rgb: boolean; cmyk: boolean } {
    const cs = getDict(this.ctx, resources, 'ColorSpace');
    return { rgb: cs?.has(N('DefaultRGB')) ?? false, cmyk: cs?.has(N('DefaultCMYK')) ?? false };
  }

  private scanContent(stream: PDFStream, defaults: { rgb: boolean; cmyk: boolean }): void {
    let data: Uint8Array;
    try {
      data = decodeStream(stream);
    } catch (err) {
      rethrowLimit(err);
      return; // undecodable content: nothing we can say about its colours
    }
    const q = maxQNesting(data);
    if (q > MAX_Q_NESTING) this.issues.add('IMPLEMENTATION_LIMIT', 'refuse', `q/Q nested ${q} deep (limit ${MAX_Q_NESTING})`);
    if (!this.scanColours) return;
    const use: DeviceColourUse = { rgb: false, cmyk: false };
    scanDeviceColours(data, use);
    if (use.rgb && !defaults.rgb) this.colours.rgb = true;
    if (use.cmyk && !defaults.cmyk) this.colours.cmyk = true;
  }

  private resources(resources: PDFDict | undefined, where: string): void {
    if (resources === undefined || this.seenResources.has(resources)) return;
    this.seenResources.add(resources);
    const ctx = this.ctx;
    for (const [, f] of getDict(ctx, resources, 'Font')?.entries() ?? []) {
      const font = asDict(resolve(ctx, f));
      if (font !== undefined) this.font(font, where);
    }
    const cs = getDict(ctx, resources, 'ColorSpace');
    for (const [key, value] of cs?.entries() ?? []) {
      const k = key.decodeText();
      if (k === 'DefaultRGB' || k === 'DefaultCMYK' || k === 'DefaultGray') continue;
      this.colourSpace(value, where);
    }
    const xobjects = getDict(ctx, resources, 'XObject');
    for (const [key, value] of xobjects?.entries() ?? []) {
      const x = resolve(ctx, value);
      if (!(x instanceof PDFStream)) continue;
      const subtype = getName(ctx, x.dict, 'Subtype');
      const label = `XObject ${key.decodeText()} (${where})`;
      if (subtype === 'Image') this.image(x, label);
      else if (subtype === 'Form') this.formXObject(x, label);
      else if (subtype === 'PS') {
        this.issues.add('POSTSCRIPT_XOBJECT', 'repair', label);
        if (this.repair) xobjects?.delete(key);
      }
    }
    for (const [, value] of getDict(ctx, resources, 'Pattern')?.entries() ?? []) {
      const p = resolve(ctx, value);
      const pd = asDict(p);
      if (pd === undefined) continue;
      if (getNumber(ctx, pd, 'PatternType') === 1 && p instanceof PDFStream) this.form(p, `pattern (${where})`);
      else this.shading(asDict(get(ctx, pd, 'Shading')), where);
    }
    for (const [, value] of getDict(ctx, resources, 'Shading')?.entries() ?? []) {
      this.shading(asDict(resolve(ctx, value)), where);
    }
    for (const [key, value] of getDict(ctx, resources, 'ExtGState')?.entries() ?? []) {
      const gs = asDict(resolve(ctx, value));
      if (gs !== undefined) this.extGState(gs, `graphics state ${key.decodeText()} (${where})`);
    }
  }

  private shading(shading: PDFDict | undefined, where: string): void {
    if (shading !== undefined) this.colourSpace(get(this.ctx, shading, 'ColorSpace'), where);
  }

  private extGState(gs: PDFDict, label: string): void {
    const ctx = this.ctx;
    if (gs.has(N('TR'))) this.issues.add('TRANSFER_FUNCTION', 'rerender', label);
    const tr2 = get(ctx, gs, 'TR2');
    if (tr2 !== undefined && !(tr2 instanceof PDFName && tr2.decodeText() === 'Default')) {
      this.issues.add('TRANSFER_FUNCTION', 'rerender', label);
    }
    const bm = get(ctx, gs, 'BM');
    const modes = bm instanceof PDFName ? [bm] : bm instanceof PDFArray ? items(ctx, bm) : [];
    for (const m of modes) {
      if (m instanceof PDFName && !STANDARD_BLEND_MODES.has(m.decodeText())) {
        this.issues.add('BLEND_MODE', 'rerender', `${m.decodeText()} in ${label}`);
      }
    }
    const smask = get(ctx, gs, 'SMask');
    if (smask instanceof PDFDict) {
      const g = get(ctx, smask, 'G');
      if (g instanceof PDFStream) this.form(g, label);
    }
  }

  private image(img: PDFStream, label: string): void {
    if (this.seenHolders.has(img)) return;
    this.seenHolders.add(img);
    const ctx = this.ctx;
    const d = img.dict;
    const interpolate = get(ctx, d, 'Interpolate');
    if (interpolate instanceof PDFBool && interpolate.asBoolean()) {
      this.issues.add('IMAGE_INTERPOLATE', 'repair', label);
      if (this.repair) d.delete(N('Interpolate'));
    }
    if (d.has(N('Alternates'))) {
      this.issues.add('IMAGE_ALTERNATES', 'repair', label);
      if (this.repair) d.delete(N('Alternates'));
    }
    if (d.has(N('OPI'))) {
      this.issues.add('OPI', 'repair', label);
      if (this.repair) d.delete(N('OPI'));
    }
    const mask = get(ctx, d, 'ImageMask');
    if (!(mask instanceof PDFBool && mask.asBoolean())) this.colourSpace(get(ctx, d, 'ColorSpace'), label);
    const smask = get(ctx, d, 'SMask');
    if (smask instanceof PDFStream) this.nested(() => this.image(smask, `${label} soft mask`));
  }

  private formXObject(x: PDFStream, label: string): void {
    const ctx = this.ctx;
    const d = x.dict;
    if (d.has(N('OPI'))) {
      this.issues.add('OPI', 'repair', label);
      if (this.repair) d.delete(N('OPI'));
    }
    if (getName(ctx, d, 'Subtype2') === 'PS' || d.has(N('PS'))) {
      this.issues.add('POSTSCRIPT_XOBJECT', 'repair', label);
      if (this.repair) {
        d.delete(N('Subtype2'));
        d.delete(N('PS'));
      }
    }
    if (d.has(N('Ref'))) this.issues.add('REFERENCE_XOBJECT', 'rerender', label);
    this.form(x, label);
  }

  private colourSpace(cs: PDFObject | undefined, where: string): void {
    const ctx = this.ctx;
    const v = resolve(ctx, cs);
    if (v === undefined) return;
    if (v instanceof PDFName) {
      const n = v.decodeText();
      if (n === 'DeviceRGB' || n === 'RGB') this.colours.rgb = true;
      else if (n === 'DeviceCMYK' || n === 'CMYK') this.colours.cmyk = true;
      return;
    }
    if (!(v instanceof PDFArray) || this.seenColourSpaces.has(v)) return;
    this.seenColourSpaces.add(v);
    const family = resolve(ctx, v.get(0));
    const name = family instanceof PDFName ? family.decodeText() : '';
    const base = name === 'Indexed' || name === 'I' || name === 'Pattern' ? v.get(1) : name === 'Separation' || name === 'DeviceN' ? v.get(2) : undefined;
    if (base !== undefined) this.nested(() => this.colourSpace(base, where));
    if (name === 'DeviceN') {
      const missing = deviceNSpotsWithoutColorants(ctx, v);
      // Building the Separation a colorant lacks would mean deriving a one-input tint transform from the
      // n-input one; we refuse instead (Ghostscript passes such spaces through, as veraPDF found).
      if (missing.length > 0) this.issues.add('DEVICEN_COLORANTS', 'refuse', `${missing.join(', ')} (${where})`);
    }
  }

  private font(font: PDFDict, where: string): void {
    if (this.seenFonts.has(font)) return;
    this.seenFonts.add(font);
    const ctx = this.ctx;
    const subtype = getName(ctx, font, 'Subtype');
    const baseFont = getName(ctx, font, 'BaseFont') ?? getName(ctx, font, 'Name') ?? '(unnamed)';
    if (subtype === 'Type3') {
      const resources = getDict(ctx, font, 'Resources');
      for (const [, proc] of getDict(ctx, font, 'CharProcs')?.entries() ?? []) {
        const p = resolve(ctx, proc);
        if (p instanceof PDFStream && !this.seenHolders.has(p)) {
          this.seenHolders.add(p);
          this.scanContent(p, this.defaultSpaces(resources));
        }
      }
      this.nested(() => this.resources(resources, where));
      return;
    }
    let descriptor: PDFDict | undefined;
    if (subtype === 'Type0') {
      const descendant = asDict(items(ctx, getArray(ctx, font, 'DescendantFonts'))[0]);
      descriptor = getDict(ctx, descendant, 'FontDescriptor');
    } else {
      descriptor = getDict(ctx, font, 'FontDescriptor');
    }
    if (descriptor?.has(N('CIDSet'))) {
      // 6.2.11.4.2: a CIDSet must list every CID the font program has; we do not read font programs, and the
      // entry is optional, so it goes (veraPDF found client fonts whose CIDSet did not match).
      this.issues.add('CIDSET', 'repair', `${baseFont} (${where})`);
      if (this.repair) descriptor.delete(N('CIDSet'));
    }
    const embedded =
      descriptor !== undefined &&
      (get(ctx, descriptor, 'FontFile') instanceof PDFStream ||
        get(ctx, descriptor, 'FontFile2') instanceof PDFStream ||
        get(ctx, descriptor, 'FontFile3') instanceof PDFStream);
    if (!embedded) {
      this.fonts.add(baseFont);
      this.issues.add('FONT_NOT_EMBEDDED', 'rerender', `${baseFont} (${where})`);
    }
  }

  // -- every stream ------------------------------------------------------------

  private streams(): void {
    const ctx = this.ctx;
    for (const [ref, obj] of ctx.enumerateIndirectObjects()) {
      if (!(obj instanceof PDFStream)) continue;
      const d = obj.dict;
      const label = `object ${ref.objectNumber}`;
      if (d.has(N('F')) || d.has(N('FFilter')) || d.has(N('FDecodeParms'))) {
        this.issues.add('EXTERNAL_STREAM', 'rerender', label);
      }
      const filters = filtersOf(ctx, d);
      if (filters.includes('Crypt')) this.issues.add('EXTERNAL_STREAM', 'rerender', `${label} (Crypt filter)`);
      if (filters.includes('LZWDecode') || filters.includes('LZW')) this.lzw(ref, obj, filters, label);
    }
  }

  /** LZW is forbidden (ISO 19005-2, 6.1.7.2): re-encode with Flate when the whole chain decodes to plain data. */
  private lzw(ref: PDFRef, stream: PDFStream, filters: string[], label: string): void {
    const imageFilters = ['DCTDecode', 'DCT', 'JPXDecode', 'JBIG2Decode', 'CCITTFaxDecode', 'CCF'];
    if (!(stream instanceof PDFRawStream) || filters.some((f) => imageFilters.includes(f))) {
      this.issues.add('LZW_FILTER', 'rerender', label);
      return;
    }
    this.issues.add('LZW_FILTER', 'repair', label);
    if (!this.repair) return;
    let data: Uint8Array;
    try {
      data = decodeStream(stream);
    } catch (err) {
      rethrowLimit(err);
      this.issues.add('LZW_FILTER', 'rerender', `${label} (undecodable)`);
      return;
    }
    const dict = stream.dict.clone(this.ctx);
    dict.delete(N('Filter'));
    dict.delete(N('DecodeParms'));
    dict.delete(N('Length'));
    const fresh = this.ctx.flateStream(data, {});
    for (const [k, v] of dict.entries()) fresh.dict.set(k, v);
    this.ctx.assign(ref, fresh);
  }
}
