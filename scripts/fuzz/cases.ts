/**
 * Fuzzed requests for the reliability campaign (issue 15): each case is a
 * request built from a valid seed (an invoice JSON, a CII XML, a PDF, a
 * document for v1) by one seeded mutation, or a hostile document made on the
 * spot (zip and flate bombs, pixel bombs, cyclic page trees, deep nesting,
 * invalid UTF-8, giant fields). The same seed gives the same requests.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { attachmentBombPdf, buildZip, contentBombPdf, deepArrayPdf, ooxmlSkeleton, pageTreePdf, pngHeader, rawZeroBomb } from './make.js';

/** A request to send. */
export interface FuzzCase {
  /** What kind of mutation made it (for the statistics). */
  kind: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body: Buffer;
  /** Sends the v1 API key. */
  v1: boolean;
  /** For hostile documents: a refusal (4xx) is required, or any answer but a 5xx within the limits will do (`bounded`). */
  expect?: 'refusal' | 'bounded';
}

/** Seeded pseudo-random numbers (mulberry32): the same seed gives the same campaign. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The valid inputs mutations start from, read from the repository (events/ and the API example). */
export interface FuzzSeeds {
  invoice: Record<string, unknown>;
  xml: string;
  pdf: Buffer;
  textPdf: Buffer;
}

const REPO = resolve(import.meta.dirname, '..', '..');

/** Loads the seeds from the repository. */
export function loadSeeds(): FuzzSeeds {
  const event = (name: string) => JSON.parse(readFileSync(resolve(REPO, 'events', name), 'utf8')) as { body: string };
  const invoice = JSON.parse(readFileSync(resolve(REPO, 'functions', '_shared', 'examples', 'invoice.json'), 'utf8')) as Record<string, unknown>;
  const xml = event('v2-render/xml-raw.json').body;
  const pdf = Buffer.from((JSON.parse(event('v2-pdf/valid.json').body) as { pdfBase64: string }).pdfBase64, 'base64');
  const textPdf = Buffer.from((JSON.parse(event('v1-convert/text-pdf.json').body) as { pdfBase64: string }).pdfBase64, 'base64');
  return { invoice, xml, pdf, textPdf };
}

type Rand = () => number;
const pick = <T>(r: Rand, items: readonly T[]): T => items[Math.floor(r() * items.length)]!;
const int = (r: Rand, n: number): number => Math.floor(r() * n);

/** Flips 1-8 random bytes. */
function flipBytes(r: Rand, bytes: Buffer): Buffer {
  const out = Buffer.from(bytes);
  for (let i = 0, n = 1 + int(r, 8); i < n; i++) out[int(r, out.length)] = int(r, 256);
  return out;
}

/** Cuts the input somewhere. */
function truncate(r: Rand, bytes: Buffer): Buffer {
  return bytes.subarray(0, int(r, bytes.length));
}

const WEIRD_VALUES: readonly unknown[] = [
  null, true, false, 0, -1, 1e308, -0, 1.5e-300, '', ' ', 'x'.repeat(100_000), '\u0000', '\ud800', '💶'.repeat(1000), [], {}, [[[[[]]]]],
  '9'.repeat(400), '1e400', 'NaN', '-', '2026-02-30', '0000-00-00', '<![CDATA[', ']]>', '&amp;', '\u202e', { $ne: 1 },
];

/** A JSON invoice with one field replaced, removed or added, deep in the tree. */
function mutateJson(r: Rand, value: unknown, depth = 0): unknown {
  if (Array.isArray(value)) {
    if (value.length === 0 || r() < 0.2) return pick(r, WEIRD_VALUES);
    const copy = [...value];
    const i = int(r, copy.length);
    if (r() < 0.15) copy.splice(i, 1);
    else if (r() < 0.15) for (let k = 0, n = int(r, 2000); k < n; k++) copy.push(copy[i]);
    else copy[i] = mutateJson(r, copy[i], depth + 1);
    return copy;
  }
  if (value !== null && typeof value === 'object') {
    const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    const keys = Object.keys(copy);
    if (keys.length === 0 || r() < 0.1) return pick(r, WEIRD_VALUES);
    const k = pick(r, keys);
    const roll = r();
    if (roll < 0.15) delete copy[k];
    else if (roll < 0.25) copy[`${k}_${int(r, 9)}`] = pick(r, WEIRD_VALUES);
    else copy[k] = mutateJson(r, copy[k], depth + 1);
    return copy;
  }
  return depth > 0 && r() < 0.3 ? value : pick(r, WEIRD_VALUES);
}

/** An XML mutation: structure, text, encoding or size. */
function mutateXml(r: Rand, xml: string): Buffer {
  switch (int(r, 10)) {
    case 0:
      return flipBytes(r, Buffer.from(xml));
    case 1:
      return truncate(r, Buffer.from(xml));
    case 2:
      // Latin-1 bytes declared as UTF-8.
      return Buffer.from(xml.replace(/(<ram:Name>)([^<]*)/, '$1Société Générale été'), 'latin1');
    case 3:
      return Buffer.from(xml.replace('?>', '?><!DOCTYPE x [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]>'));
    case 4: {
      const depth = 1000 + int(r, 200_000);
      return Buffer.from(xml.replace('</ram:IncludedSupplyChainTradeLineItem>', `</ram:IncludedSupplyChainTradeLineItem>${'<a>'.repeat(depth)}${'</a>'.repeat(depth)}`));
    }
    case 5:
      // A giant invoice number (BT-1).
      return Buffer.from(xml.replace(/(<rsm:ExchangedDocument>\s*<ram:ID>)[^<]*/, `$1${'N'.repeat(50_000 + int(r, 100_000))}`));
    case 6: {
      // Many lines: the document at several MB.
      const line = /<ram:IncludedSupplyChainTradeLineItem>[\s\S]*?<\/ram:IncludedSupplyChainTradeLineItem>/.exec(xml)?.[0] ?? '';
      return Buffer.from(xml.replace(line, line.repeat(200 + int(r, 3000))));
    }
    case 7:
      // Invalid UTF-8 sequences: overlong, lone continuation, surrogate, truncated.
      return Buffer.concat([Buffer.from(xml.slice(0, 400)), Buffer.from(pick(r, [[0xc0, 0xaf], [0x80], [0xed, 0xa0, 0x80], [0xe2, 0x82]])), Buffer.from(xml.slice(400))]);
    case 8:
      return Buffer.from(xml.replace(/<ram:([A-Za-z]+)>/g, (m, name: string) => (r() < 0.05 ? `<ram:${name}${int(r, 9)}>` : m)));
    default:
      return Buffer.from(xml.replace(/>([^<]{1,40})</g, (m, text: string) => (r() < 0.1 ? `>${String(pick(r, WEIRD_VALUES))}<` : `>${text}<`)));
  }
}

const JSON_TYPE = { 'Content-Type': 'application/json' };
const b64 = (b: Buffer) => b.toString('base64');

/** The hostile documents of the campaign, each as a request (small enough to generate in milliseconds). */
export function hostileCases(seeds: FuzzSeeds): FuzzCase[] {
  const json = (path: string, body: unknown, v1 = false, kind = 'hostile'): FuzzCase => ({ kind, method: 'POST', path, headers: JSON_TYPE, body: Buffer.from(JSON.stringify(body)), v1, expect: 'refusal' });
  const pdfCase = (kind: string, pdf: Buffer): FuzzCase => json('/api/v2/pdf', { invoiceData: seeds.invoice, pdfBase64: b64(pdf) }, false, kind);
  const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  const docx = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
  return [
    pdfCase('flate-bomb-content', Buffer.from(contentBombPdf(1024))),
    pdfCase('flate-bomb-attachment', Buffer.from(attachmentBombPdf(1024))),
    pdfCase('cyclic-pages', Buffer.from(pageTreePdf('kids-cycle'))),
    pdfCase('deep-nesting-pdf', Buffer.from(deepArrayPdf(100_000))),
    json('/api/v1/convert', { pdfBase64: b64(Buffer.from(contentBombPdf(1024))) }, true, 'v1-flate-bomb'),
    json('/api/v1/convert', { documentBase64: b64(zipBomb('xlsx', false)), mimeType: xlsx }, true, 'zip-bomb-xlsx'),
    json('/api/v1/convert', { documentBase64: b64(zipBomb('docx', true)), mimeType: docx }, true, 'zip-bomb-docx-lying'),
    json('/api/v1/convert', { imageBase64: b64(Buffer.from(pngHeader(20_000, 20_000))), mimeType: 'image/png' }, true, 'pixel-bomb-png'),
    { kind: 'invalid-utf8-xml', method: 'POST', path: '/api/v2/validate', headers: { 'Content-Type': 'application/xml' }, body: mutateXmlCase(seeds.xml, 2), v1: false, expect: 'refusal' },
    // EN 16931 sets no length on BT-1: the invoice renders, with every header bounded.
    { kind: 'giant-field-xml', method: 'POST', path: '/api/v2/render', headers: { 'Content-Type': 'application/xml' }, body: mutateXmlCase(seeds.xml, 5), v1: false, expect: 'bounded' },
    json('/api/v2/xml', { ...seeds.invoice, invoiceNumber: 'N'.repeat(100_000) }, false, 'giant-field-json'),
  ];
}

/** An OOXML zip with a 1 GiB deflated part of zeros, its size declared truthfully or as 100 bytes. */
function zipBomb(kind: 'docx' | 'xlsx', lie: boolean): Buffer {
  const name = kind === 'docx' ? 'word/styles.xml' : 'xl/worksheets/sheet1.xml';
  return Buffer.from(buildZip([...ooxmlSkeleton(kind), { name, data: rawZeroBomb(1024), method: 8, size: lie ? 100 : 1 << 30 }]));
}

/** One fixed XML mutation (by its number in mutateXml), for the hostile set. */
function mutateXmlCase(xml: string, which: number): Buffer {
  let n = 0;
  const r: Rand = () => (n++ === 0 ? (which + 0.5) / 10 : 0.5);
  return mutateXml(r, xml);
}

/** The next fuzzed request. */
export function nextCase(r: Rand, seeds: FuzzSeeds): FuzzCase {
  const roll = r();
  if (roll < 0.35) {
    const path = pick(r, ['/api/v2/xml', '/api/v2/validate', '/api/v1/validate']);
    const invoice = mutateJson(r, seeds.invoice);
    const body = path === '/api/v1/validate' ? { invoiceData: invoice } : invoice;
    return { kind: 'json-mutation', method: 'POST', path, headers: JSON_TYPE, body: Buffer.from(JSON.stringify(body) ?? 'null'), v1: path.startsWith('/api/v1/') };
  }
  if (roll < 0.6) {
    const path = pick(r, ['/api/v2/validate', '/api/v2/render', '/api/v2/convert', '/api/v1/validate']);
    const xml = mutateXml(r, seeds.xml);
    if (r() < 0.3) return { kind: 'xml-in-json', method: 'POST', path, headers: JSON_TYPE, body: Buffer.from(JSON.stringify({ xml: xml.toString('utf8') })), v1: path.startsWith('/api/v1/') };
    return { kind: 'xml-mutation', method: 'POST', path, headers: { 'Content-Type': pick(r, ['application/xml', 'text/xml', 'text/xml; charset=utf-8']) }, body: xml, v1: path.startsWith('/api/v1/') };
  }
  if (roll < 0.7) {
    const pdf = r() < 0.5 ? flipBytes(r, seeds.pdf) : truncate(r, seeds.pdf);
    return { kind: 'pdf-mutation', method: 'POST', path: '/api/v2/pdf', headers: JSON_TYPE, body: Buffer.from(JSON.stringify({ invoiceData: seeds.invoice, pdfBase64: b64(pdf) })), v1: false };
  }
  if (roll < 0.78) {
    const doc = r() < 0.5 ? flipBytes(r, seeds.textPdf) : truncate(r, seeds.textPdf);
    return { kind: 'v1-document-mutation', method: 'POST', path: '/api/v1/convert', headers: JSON_TYPE, body: Buffer.from(JSON.stringify({ pdfBase64: b64(doc) })), v1: true };
  }
  if (roll < 0.9) {
    // Broken bodies and media types.
    const body = pick(r, [Buffer.from('{"invoiceNumber": '), Buffer.from([0xff, 0xfe, 0x00]), Buffer.from('null'), Buffer.from('[]'), Buffer.from('"x"'), Buffer.from('{'.repeat(10_000)), Buffer.alloc(0), flipBytes(r, Buffer.from(JSON.stringify(seeds.invoice)))]);
    const type = pick(r, ['application/json', 'application/json; charset=latin1', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data', '']);
    const path = pick(r, ['/api/v2/xml', '/api/v2/validate', '/api/v2/pdf', '/api/v2/render', '/api/v2/convert', '/api/v1/convert', '/api/v1/validate']);
    return { kind: 'broken-body', method: 'POST', path, headers: type ? { 'Content-Type': type } : {}, body, v1: r() < 0.5 };
  }
  // Paths, methods and headers.
  const path = pick(r, ['/', '/api', '/api/v2', '/api/v2/xml/', '/api/v3/xml', '/api/health', '/api/openapi.json', '/api/docs', '/api/v2/%2e%2e/health', `/api/${'a'.repeat(5000)}`]);
  const method = pick(r, ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD']);
  return { kind: 'routing', method, path, headers: { 'Content-Type': 'application/json', 'X-Api-Key': pick(r, ['', 'x'.repeat(10_000), 'fx_live_invalid']) }, body: method === 'GET' || method === 'HEAD' ? Buffer.alloc(0) : Buffer.from('{}'), v1: false };
}
