/**
 * Writes the example request bodies of the OpenAPI document that are made by
 * the service itself from functions/_shared/examples/invoice.json:
 *  - invoice-cii.json: `{"xml": ...}`, the Factur-X EN 16931 CII XML of the invoice (POST /api/v2/validate, /api/v2/render);
 *  - blank-page-pdf.json: `{"pdfBase64": ...}`, a one-page blank A4 PDF (POST /api/v2/pdf);
 *  - convert-request.json: a POST /api/v1/convert body whose PDF is that page with the invoice's XML embedded.
 * Run after a change of the generator or the PDF embedding: `npx tsx scripts/make-api-examples.ts`.
 * test/http/openapi-examples.test.ts sends every example to the server and checks the documented answer.
 */
import { PDFDocument } from '@cantoo/pdf-lib';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { generateFacturXml } from '../lib/generate.js';
import { parsePartialInvoiceInput } from '../lib/input/partial.js';
import { embedFacturX } from '../lib/pdf/embed.js';

const dir = resolve(import.meta.dirname, '..', 'functions', '_shared', 'examples');
const write = (name: string, value: unknown): void => writeFileSync(join(dir, name), `${JSON.stringify(value, null, 2)}\n`);

const invoice = JSON.parse(readFileSync(join(dir, 'invoice.json'), 'utf8')) as unknown;
const parsed = parsePartialInvoiceInput(invoice);
if (!parsed.ok) throw new Error(`examples/invoice.json does not parse: ${JSON.stringify(parsed.issues)}`);
const { xml, invoice: model } = generateFacturXml(parsed.value);
write('invoice-cii.json', { xml });

const page = await PDFDocument.create();
page.setProducer('facturx-service API example');
page.setCreator('facturx-service API example');
// Fixed dates: the example does not change from one run to the next.
page.setCreationDate(new Date('2026-11-20T10:00:00Z'));
page.setModificationDate(new Date('2026-11-20T10:00:00Z'));
page.addPage([595.28, 841.89]);
const blank = await page.save({ useObjectStreams: false });
write('blank-page-pdf.json', { pdfBase64: Buffer.from(blank).toString('base64') });

const facturx = await embedFacturX(blank, xml, { profile: 'EN 16931', now: new Date('2026-11-20T10:00:00Z') });
write('convert-request.json', { pdfBase64: Buffer.from(facturx.pdf).toString('base64'), fileName: `${model.number}.pdf`, profile: 'comfort' });
console.log(`invoice-cii.json ${xml.length} characters; blank page ${blank.length} bytes; Factur-X PDF ${facturx.pdf.length} bytes (${facturx.method})`);
