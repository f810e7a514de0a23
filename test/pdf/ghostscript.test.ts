import { chmodSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { detectGhostscript, ghostscriptArgs, ghostscriptRewriter } from '../../lib/pdf/ghostscript.js';
import { hasGhostscript, makeStandardFontPdf } from '../fixtures/pdf/make.js';
import { pdffonts, pdfinfoMeta } from './tools.js';

const work = mkdtempSync(join(tmpdir(), 'gs-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A stand-in executable: a shell script with the given body. */
function fakeCommand(name: string, body: string): string {
  const path = join(work, name);
  writeFileSync(path, `#!/bin/sh\n${body}\n`);
  chmodSync(path, 0o755);
  return path;
}

describe('Ghostscript adapter', () => {
  it('asks for PDF/A-3, RGB conversion, no page rotation, in safe mode', () => {
    const args = ghostscriptArgs('/in.pdf', '/out.pdf');
    expect(args).toEqual(
      expect.arrayContaining(['-dSAFER', '-dBATCH', '-dNOPAUSE', '-sDEVICE=pdfwrite', '-dPDFA=3', '-dPDFACompatibilityPolicy=1', '-sColorConversionStrategy=RGB', '-dAutoRotatePages=/None', '-sOutputFile=/out.pdf']),
    );
    expect(args[args.length - 1]).toBe('/in.pdf');
  });

  it('detects a missing executable as "not installed"', async () => {
    expect(await detectGhostscript(join(work, 'no-such-gs'))).toBeUndefined();
    expect(await detectGhostscript(fakeCommand('fake-gs-version', 'echo 9.99.9'))).toBe('9.99.9');
  });

  it('kills a run that exceeds its time limit and removes its temporary files', async () => {
    const tmp = mkdtempSync(join(work, 'runs-'));
    const slow = ghostscriptRewriter('test', { command: fakeCommand('slow-gs', 'exec sleep 60'), timeoutMs: 300, tmpDir: tmp });
    const started = Date.now();
    await expect(slow.rewriteToPdfA3(new Uint8Array([1, 2, 3]))).rejects.toThrow(/did not finish within 300 ms/);
    // Killed at its 300 ms limit, not at the end of its 60 s: 20 s tells the two apart on a loaded machine.
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(readdirSync(tmp)).toEqual([]);
  });

  it('reports a failing run with its last error lines and cleans up', async () => {
    const tmp = mkdtempSync(join(work, 'runs-'));
    const failing = ghostscriptRewriter('test', { command: fakeCommand('failing-gs', 'echo "Error: /undefined in foo" >&2; exit 1'), tmpDir: tmp });
    await expect(failing.rewriteToPdfA3(new Uint8Array([1]))).rejects.toThrow(/Ghostscript failed: Error: \/undefined in foo/);
    expect(readdirSync(tmp)).toEqual([]);
  });

  it.skipIf(!hasGhostscript())('re-renders with fonts embedded and a PDF/A-3 claim', async () => {
    const version = await detectGhostscript();
    const out = await ghostscriptRewriter(version!).rewriteToPdfA3(await makeStandardFontPdf());
    expect(pdffonts(out).every((f) => f.embedded)).toBe(true);
    expect(pdfinfoMeta(out)).toMatch(/pdfaid:part=.3./);
  });
});
