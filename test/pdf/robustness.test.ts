/**
 * Damaged input never crashes the PDF core: whatever bytes come in,
 * embedFacturX and extractInvoiceXml either work or throw a ServiceError
 * (a domain error with a code), and checkFacturXPdf returns problems.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { ServiceError } from '../../lib/errors.js';
import { checkFacturXPdf } from '../../lib/pdf/check.js';
import { embedFacturX } from '../../lib/pdf/embed.js';
import { extractInvoiceXml } from '../../lib/pdf/extract.js';
import { makeJavaScriptPdf, makePdfWithAttachments } from '../fixtures/pdf/make.js';
import { invoiceXmlBytes, NOW } from './helpers.js';

/** A damaged copy: `edits` byte ranges overwritten with the given bytes, then cut at `cut` (keeping %%EOF at the end or not). */
function damage(pdf: Uint8Array, edits: Array<{ at: number; bytes: number[] }>, cut: number | undefined, keepEof: boolean): Uint8Array {
  const out = new Uint8Array(pdf);
  for (const e of edits) {
    const at = e.at % out.length;
    for (let i = 0; i < e.bytes.length && at + i < out.length; i++) out[at + i] = e.bytes[i]!;
  }
  const body = cut === undefined ? out : out.subarray(0, Math.max(9, cut % out.length));
  return keepEof ? new Uint8Array(Buffer.concat([body, new TextEncoder().encode('\n%%EOF\n')])) : body;
}

describe('damaged PDFs', () => {
  let samples: Uint8Array[];
  const xml = invoiceXmlBytes();

  beforeAll(async () => {
    samples = [await makeJavaScriptPdf(), await makePdfWithAttachments([{ name: 'factur-x.xml', bytes: xml }]), (await embedFacturX(await makeJavaScriptPdf(), xml, { now: NOW })).pdf];
  });

  it('give a result or a domain error, never anything else', async () => {
    const edit = fc.record({ at: fc.nat(), bytes: fc.array(fc.integer({ min: 0, max: 255 }), { minLength: 1, maxLength: 40 }) });
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: 2 }),
        fc.array(edit, { maxLength: 6 }),
        fc.option(fc.nat(), { nil: undefined }),
        fc.boolean(),
        async (which, edits, cut, keepEof) => {
          const input = damage(samples[which]!, edits, cut, keepEof);
          for (const run of [() => embedFacturX(input, xml, { now: NOW, ghostscript: false }), () => extractInvoiceXml(input)]) {
            try {
              await run();
            } catch (err) {
              expect(err, String(err)).toBeInstanceOf(ServiceError);
            }
          }
          const check = await checkFacturXPdf(input);
          expect(typeof check.ok).toBe('boolean');
        },
      ),
      { numRuns: 60 },
    );
  });
});
