/**
 * XMP metadata of a Factur-X PDF/A-3 file: writing the packet, and reading
 * one back (for the checker) into a simple property list.
 *
 * The packet we write (ISO 19005-3, 6.6; Factur-X 1.0 specification, XMP
 * part) holds, each schema in its own `rdf:Description`, each property once:
 * - `pdfaid:part` 3 and `pdfaid:conformance` B;
 * - `dc:format`, `dc:title` (x-default), `dc:creator` (one author),
 *   `dc:description`, mirroring Info Title / Author / Subject;
 * - `xmp:CreatorTool`, `xmp:CreateDate`, `xmp:ModifyDate`, `xmp:MetadataDate`,
 *   mirroring Info Creator / CreationDate / ModDate;
 * - `pdf:Producer`, `pdf:Keywords`, mirroring Info Producer / Keywords;
 * - the Factur-X properties `fx:DocumentType`, `fx:DocumentFileName`,
 *   `fx:Version`, `fx:ConformanceLevel` (namespace
 *   `urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#`);
 * - the PDF/A extension schema description of the `fx` namespace, which
 *   PDF/A requires for every property outside the predefined XMP schemas
 *   (ISO 19005-2/3, 6.6.2.3).
 * The packet is UTF-8, wrapped in `<?xpacket?>` instructions with padding so
 * tools can edit it in place.
 */
import { escapeText } from '../xml/xml-builder.js';
import { toElementTree, type CiiElement } from '../cii/reader/tree.js';
import { withXmlDocument } from '../xml/parse.js';
import { formatXmpDate } from './dates.js';
import type { FacturXProfile } from './profile.js';

/** Namespace URIs used in our XMP. */
export const XMP_NS = {
  x: 'adobe:ns:meta/',
  rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  xml: 'http://www.w3.org/XML/1998/namespace',
  dc: 'http://purl.org/dc/elements/1.1/',
  xmp: 'http://ns.adobe.com/xap/1.0/',
  pdf: 'http://ns.adobe.com/pdf/1.3/',
  pdfaid: 'http://www.aiim.org/pdfa/ns/id/',
  pdfaExtension: 'http://www.aiim.org/pdfa/ns/extension/',
  pdfaSchema: 'http://www.aiim.org/pdfa/ns/schema#',
  pdfaProperty: 'http://www.aiim.org/pdfa/ns/property#',
  pdfaType: 'http://www.aiim.org/pdfa/ns/type#',
  pdfaField: 'http://www.aiim.org/pdfa/ns/field#',
  fx: 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#',
} as const;

/**
 * Namespaces of the XMP schemas PDF/A-2/3 predefine (XMP specification 2005:
 * Dublin Core, XMP basic, rights, media management, basic job ticket,
 * paged-text, dynamic media, Adobe PDF, Photoshop, Camera Raw, EXIF, TIFF)
 * plus the PDF/A identification and extension schemas. Properties in any
 * other namespace need an extension schema declaration.
 */
export const PREDEFINED_XMP_NAMESPACES: ReadonlySet<string> = new Set([
  XMP_NS.dc,
  XMP_NS.xmp,
  'http://ns.adobe.com/xap/1.0/rights/',
  'http://ns.adobe.com/xap/1.0/mm/',
  'http://ns.adobe.com/xap/1.0/bj/',
  'http://ns.adobe.com/xap/1.0/t/pg/',
  'http://ns.adobe.com/xmp/1.0/DynamicMedia/',
  XMP_NS.pdf,
  'http://ns.adobe.com/photoshop/1.0/',
  'http://ns.adobe.com/camera-raw-settings/1.0/',
  'http://ns.adobe.com/exif/1.0/',
  'http://ns.adobe.com/exif/1.0/aux/',
  'http://ns.adobe.com/tiff/1.0/',
  XMP_NS.pdfaid,
  'http://www.aiim.org/pdfua/ns/id/',
  XMP_NS.pdfaExtension,
  XMP_NS.pdfaSchema,
  XMP_NS.pdfaProperty,
  XMP_NS.pdfaType,
  XMP_NS.pdfaField,
]);

/** The four Factur-X XMP properties, as the extension schema declares them. */
export const FACTURX_XMP_PROPERTIES: ReadonlyArray<{ name: string; description: string }> = [
  { name: 'DocumentFileName', description: 'The name of the embedded XML document' },
  { name: 'DocumentType', description: 'The type of the hybrid document in capital letters, e.g. INVOICE or ORDER' },
  { name: 'Version', description: 'The actual version of the standard applying to the embedded XML document' },
  { name: 'ConformanceLevel', description: 'The conformance level of the embedded XML document' },
];

/** The Factur-X part of the metadata. */
export interface FacturXXmp {
  profile: FacturXProfile;
  /** `fx:DocumentFileName`: the embedded file's name, `factur-x.xml`. */
  fileName: string;
  /** `fx:DocumentType`, `INVOICE`. */
  documentType: string;
  /** `fx:Version`, `1.0`. */
  version: string;
}

/** Document metadata mirrored between the Info dictionary and XMP. */
export interface DocumentMetadata {
  title?: string;
  author?: string;
  subject?: string;
  keywords?: string;
  /** Info Creator / xmp:CreatorTool: the application that made the original document. */
  creator?: string;
  /** Info Producer / pdf:Producer. */
  producer?: string;
  createDate?: Date;
  modifyDate?: Date;
}

/** Everything our XMP packet says. */
export interface XmpContent extends DocumentMetadata {
  /** PDF/A part and conformance level: 3 and B. */
  pdfa: { part: 3; conformance: 'B' };
  facturX?: FacturXXmp;
}

const esc = (s: string): string => escapeText(s);

function description(ns: Record<string, string>, body: string[]): string {
  const decls = Object.entries(ns)
    .map(([p, uri]) => ` xmlns:${p}="${uri}"`)
    .join('');
  return `  <rdf:Description rdf:about=""${decls}>\n${body.map((l) => `   ${l}\n`).join('')}  </rdf:Description>\n`;
}

function facturXExtensionSchema(): string {
  const props = FACTURX_XMP_PROPERTIES.map(
    (p) =>
      '<rdf:li rdf:parseType="Resource">' +
      `<pdfaProperty:name>${p.name}</pdfaProperty:name>` +
      '<pdfaProperty:valueType>Text</pdfaProperty:valueType>' +
      '<pdfaProperty:category>external</pdfaProperty:category>' +
      `<pdfaProperty:description>${esc(p.description)}</pdfaProperty:description>` +
      '</rdf:li>',
  ).join('');
  return (
    '<pdfaExtension:schemas><rdf:Bag><rdf:li rdf:parseType="Resource">' +
    '<pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>' +
    `<pdfaSchema:namespaceURI>${XMP_NS.fx}</pdfaSchema:namespaceURI>` +
    '<pdfaSchema:prefix>fx</pdfaSchema:prefix>' +
    `<pdfaSchema:property><rdf:Seq>${props}</rdf:Seq></pdfaSchema:property>` +
    '</rdf:li></rdf:Bag></pdfaExtension:schemas>'
  );
}

/** Padding after the packet body (XMP specification: 2 KB or so, lets tools update in place). */
const PADDING = `${' '.repeat(99)}\n`.repeat(20);

/**
 * Builds the XMP packet (see the module comment). Absent metadata fields are
 * left out, so Info and XMP hold the same set of entries.
 */
export function buildXmp(c: XmpContent): string {
  let out = '<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>\n';
  out += `<x:xmpmeta xmlns:x="${XMP_NS.x}">\n <rdf:RDF xmlns:rdf="${XMP_NS.rdf}">\n`;
  out += description({ pdfaid: XMP_NS.pdfaid }, [
    `<pdfaid:part>${c.pdfa.part}</pdfaid:part>`,
    `<pdfaid:conformance>${c.pdfa.conformance}</pdfaid:conformance>`,
  ]);
  const dc = ['<dc:format>application/pdf</dc:format>'];
  if (c.title !== undefined) dc.push(`<dc:title><rdf:Alt><rdf:li xml:lang="x-default">${esc(c.title)}</rdf:li></rdf:Alt></dc:title>`);
  if (c.author !== undefined) dc.push(`<dc:creator><rdf:Seq><rdf:li>${esc(c.author)}</rdf:li></rdf:Seq></dc:creator>`);
  if (c.subject !== undefined) {
    dc.push(`<dc:description><rdf:Alt><rdf:li xml:lang="x-default">${esc(c.subject)}</rdf:li></rdf:Alt></dc:description>`);
  }
  out += description({ dc: XMP_NS.dc }, dc);
  const xmp: string[] = [];
  if (c.creator !== undefined) xmp.push(`<xmp:CreatorTool>${esc(c.creator)}</xmp:CreatorTool>`);
  if (c.createDate !== undefined) xmp.push(`<xmp:CreateDate>${formatXmpDate(c.createDate)}</xmp:CreateDate>`);
  if (c.modifyDate !== undefined) {
    xmp.push(`<xmp:ModifyDate>${formatXmpDate(c.modifyDate)}</xmp:ModifyDate>`);
    xmp.push(`<xmp:MetadataDate>${formatXmpDate(c.modifyDate)}</xmp:MetadataDate>`);
  }
  if (xmp.length > 0) out += description({ xmp: XMP_NS.xmp }, xmp);
  const pdf: string[] = [];
  if (c.producer !== undefined) pdf.push(`<pdf:Producer>${esc(c.producer)}</pdf:Producer>`);
  if (c.keywords !== undefined) pdf.push(`<pdf:Keywords>${esc(c.keywords)}</pdf:Keywords>`);
  if (pdf.length > 0) out += description({ pdf: XMP_NS.pdf }, pdf);
  if (c.facturX !== undefined) {
    out += description(
      { pdfaExtension: XMP_NS.pdfaExtension, pdfaSchema: XMP_NS.pdfaSchema, pdfaProperty: XMP_NS.pdfaProperty },
      [facturXExtensionSchema()],
    );
    const fx = c.facturX;
    out += description({ fx: XMP_NS.fx }, [
      `<fx:DocumentType>${esc(fx.documentType)}</fx:DocumentType>`,
      `<fx:DocumentFileName>${esc(fx.fileName)}</fx:DocumentFileName>`,
      `<fx:Version>${esc(fx.version)}</fx:Version>`,
      `<fx:ConformanceLevel>${esc(fx.profile)}</fx:ConformanceLevel>`,
    ]);
  }
  out += ' </rdf:RDF>\n</x:xmpmeta>\n';
  out += PADDING;
  out += '<?xpacket end="w"?>';
  return out;
}

// ---------------------------------------------------------------------------
// Reading

/** A value in the XMP data model: simple text, an array, or a structure. */
export type XmpValue =
  | { kind: 'text'; value: string; lang?: string }
  | { kind: 'array'; type: 'Alt' | 'Seq' | 'Bag'; items: XmpValue[] }
  | { kind: 'struct'; fields: XmpProperty[] };

/** A top-level property (or a structure field): namespace URI, local name, value. */
export interface XmpProperty {
  ns: string;
  name: string;
  value: XmpValue;
}

/** A parsed XMP packet. */
export interface ParsedXmp {
  /** Top-level properties of every `rdf:Description`, in document order. */
  properties: XmpProperty[];
  /** Whether the packet has `<?xpacket begin=...?>` and `<?xpacket end=...?>`. */
  packetWrapper: boolean;
}

const RDF = (local: string): string => `{${XMP_NS.rdf}}${local}`;
const XML_LANG = `{${XMP_NS.xml}}lang`;

function splitName(name: string): { ns: string; name: string } {
  const m = /^\{([^}]*)\}(.*)$/.exec(name);
  return m === null ? { ns: '', name } : { ns: m[1]!, name: m[2]! };
}

function fieldsOfAttributes(el: CiiElement): XmpProperty[] {
  const out: XmpProperty[] = [];
  for (const [key, value] of Object.entries(el.attrs)) {
    const { ns, name } = splitName(key);
    if (ns === XMP_NS.rdf || ns === XMP_NS.xml || ns === '') continue;
    out.push({ ns, name, value: { kind: 'text', value } });
  }
  return out;
}

function structOf(el: CiiElement): XmpValue {
  return { kind: 'struct', fields: [...fieldsOfAttributes(el), ...el.children.map(propertyOf)] };
}

function valueOf(el: CiiElement): XmpValue {
  if (el.attrs[RDF('parseType')] === 'Resource') return structOf(el);
  const first = el.children[0];
  if (first !== undefined) {
    for (const type of ['Alt', 'Seq', 'Bag'] as const) {
      if (first.name === RDF(type)) {
        return { kind: 'array', type, items: first.children.filter((c) => c.name === RDF('li')).map(valueOf) };
      }
    }
    if (first.name === RDF('Description')) return structOf(first);
    return structOf(el);
  }
  const resource = el.attrs[RDF('resource')];
  if (resource !== undefined) return { kind: 'text', value: resource };
  const qualifiers = fieldsOfAttributes(el);
  if (qualifiers.length > 0) return { kind: 'struct', fields: qualifiers };
  const lang = el.attrs[XML_LANG];
  return lang === undefined ? { kind: 'text', value: el.text } : { kind: 'text', value: el.text, lang };
}

function propertyOf(el: CiiElement): XmpProperty {
  return { ...splitName(el.name), value: valueOf(el) };
}

function findRdf(el: CiiElement): CiiElement | undefined {
  if (el.name === RDF('RDF')) return el;
  for (const c of el.children) {
    const found = findRdf(c);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * Parses an XMP packet (safe XML parsing, lib/xml/parse.ts) into its
 * top-level properties.
 * @throws XmlSyntaxError / XmlSecurityError when it is not well-formed XML
 * @throws Error when it has no `rdf:RDF` element
 */
export function parseXmp(bytes: Uint8Array): ParsedXmp {
  const head = new TextDecoder('utf-8').decode(bytes.subarray(0, 200));
  const tail = new TextDecoder('utf-8').decode(bytes.subarray(Math.max(0, bytes.length - 200)));
  const packetWrapper = /<\?xpacket\s+begin=/.test(head) && /<\?xpacket\s+end=/.test(tail);
  const root = withXmlDocument(bytes, (doc) => toElementTree(doc));
  const rdf = findRdf(root);
  if (rdf === undefined) throw new Error('The XMP packet has no rdf:RDF element.');
  const properties: XmpProperty[] = [];
  for (const d of rdf.children) {
    if (d.name !== RDF('Description')) continue;
    properties.push(...fieldsOfAttributes(d), ...d.children.map(propertyOf));
  }
  return { properties, packetWrapper };
}

/** All top-level properties with this namespace and name. */
export function findProperties(xmp: ParsedXmp, ns: string, name: string): XmpProperty[] {
  return xmp.properties.filter((p) => p.ns === ns && p.name === name);
}

/**
 * The text of a value: itself for simple text; the `x-default` (else first)
 * item of an Alt; the single item of a one-item Seq or Bag. Undefined otherwise.
 */
export function simpleText(value: XmpValue | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (value.kind === 'text') return value.value;
  if (value.kind === 'array') {
    if (value.type === 'Alt') {
      const def = value.items.find((i) => i.kind === 'text' && i.lang === 'x-default') ?? value.items[0];
      return simpleText(def);
    }
    return value.items.length === 1 ? simpleText(value.items[0]) : undefined;
  }
  return undefined;
}

/** A field of a structure value, by namespace and name. */
export function structField(value: XmpValue | undefined, ns: string, name: string): XmpValue | undefined {
  if (value?.kind !== 'struct') return undefined;
  return value.fields.find((f) => f.ns === ns && f.name === name)?.value;
}

/** One schema declared in a `pdfaExtension:schemas` bag. */
export interface ExtensionSchema {
  namespaceURI: string;
  prefix: string;
  properties: Array<{ name: string; valueType: string; category: string }>;
}

/** Every extension schema declared in the packet (all `pdfaExtension:schemas` properties). */
export function extensionSchemas(xmp: ParsedXmp): ExtensionSchema[] {
  const out: ExtensionSchema[] = [];
  for (const p of findProperties(xmp, XMP_NS.pdfaExtension, 'schemas')) {
    if (p.value.kind !== 'array') continue;
    for (const s of p.value.items) {
      const props = structField(s, XMP_NS.pdfaSchema, 'property');
      out.push({
        namespaceURI: simpleText(structField(s, XMP_NS.pdfaSchema, 'namespaceURI'))?.trim() ?? '',
        prefix: simpleText(structField(s, XMP_NS.pdfaSchema, 'prefix'))?.trim() ?? '',
        properties:
          props?.kind === 'array'
            ? props.items.map((i) => ({
                name: simpleText(structField(i, XMP_NS.pdfaProperty, 'name'))?.trim() ?? '',
                valueType: simpleText(structField(i, XMP_NS.pdfaProperty, 'valueType'))?.trim() ?? '',
                category: simpleText(structField(i, XMP_NS.pdfaProperty, 'category'))?.trim() ?? '',
              }))
            : [],
      });
    }
  }
  return out;
}
