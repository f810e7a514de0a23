/**
 * Timing figures of the PDF core (issue targets: embed into a 1-page PDF
 * p50 <= 30 ms, render 10 lines p50 <= 30 ms, render 1,000 lines < 1 s).
 * The figures printed are wall clock; the assertions bound CPU time
 * (../timing.ts), which a loaded machine does not inflate, with a wide margin
 * that catches regressions by an order of magnitude.
 */
import { describe, expect, it } from 'vitest';
import { dec } from '../../lib/model/decimal.js';
import type { Invoice } from '../../lib/model/invoice.js';
import { embedFacturX } from '../../lib/pdf/embed.js';
import { renderInvoicePdf } from '../../lib/pdf/render/render.js';
import { validInvoice, validLine } from '../fixtures/model.js';
import { makePlainPdf } from '../fixtures/pdf/make.js';
import { invoiceXmlBytes, NOW } from './helpers.js';
import { cpuMedianMs, cpuTimed } from '../timing.js';

/** The median wall time of `runs` calls (the figure printed). */
async function p50(runs: number, fn: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 3; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(runs / 2)]!;
}

function invoiceWithLines(n: number): Invoice {
  const inv = validInvoice();
  inv.lines = Array.from({ length: n }, (_, i) => validLine(String(i + 1)));
  const net = dec(100 * n);
  inv.totals = { lineNetTotal: net, taxExclusiveAmount: net, vatTotal: dec(20 * n), taxInclusiveAmount: dec(120 * n), amountDue: dec(120 * n) };
  inv.vatBreakdown = [{ taxableAmount: net, taxAmount: dec(20 * n), category: 'S', rate: dec('20') }];
  return inv;
}

describe('PDF timings', () => {
  it('embeds into a 1-page PDF', async () => {
    const pdf = await makePlainPdf(1);
    const xml = invoiceXmlBytes();
    const ms = await p50(30, () => embedFacturX(pdf, xml, { now: NOW }));
    const cpu = await cpuMedianMs(30, () => embedFacturX(pdf, xml, { now: NOW }));
    console.info(`embedFacturX, 1-page PDF: p50 ${ms.toFixed(1)} ms, CPU ${cpu.toFixed(1)} ms (target 30 ms)`);
    expect(cpu).toBeLessThan(300);
  });

  it('renders a 10-line invoice', async () => {
    const inv = invoiceWithLines(10);
    const ms = await p50(30, () => renderInvoicePdf(inv, { now: NOW }));
    const cpu = await cpuMedianMs(30, () => renderInvoicePdf(inv, { now: NOW }));
    console.info(`renderInvoicePdf, 10 lines: p50 ${ms.toFixed(1)} ms, CPU ${cpu.toFixed(1)} ms (target 30 ms)`);
    expect(cpu).toBeLessThan(300);
  });

  it('renders a 1,000-line invoice', async () => {
    const inv = invoiceWithLines(1000);
    await renderInvoicePdf(inv, { now: NOW });
    const { value: pdf, cpuMs, wallMs } = await cpuTimed(() => renderInvoicePdf(inv, { now: NOW }));
    console.info(`renderInvoicePdf, 1,000 lines: ${wallMs.toFixed(0)} ms, CPU ${cpuMs.toFixed(0)} ms, ${pdf?.length} bytes (target < 1 s)`);
    expect(cpuMs).toBeLessThan(10_000);
  });
});
