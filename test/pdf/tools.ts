/**
 * Independent witnesses for the PDF tests: qpdf (structure), poppler's
 * pdfinfo / pdffonts / pdftotext (metadata, fonts, text with positions).
 * Each writes the bytes to a private temporary file and removes it.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function withFile<T>(pdf: Uint8Array, fn: (path: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'pdf-test-'));
  try {
    const path = join(dir, 'doc.pdf');
    writeFileSync(path, pdf);
    return fn(path);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function run(cmd: string, args: string[]): { code: number; stdout: string; stderr: string } {
  try {
    const stdout = execFileSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 });
    return { code: 0, stdout, stderr: '' };
  } catch (err) {
    const e = err as { status?: number; stdout?: string; stderr?: string };
    return { code: e.status ?? 1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

/** `qpdf --check`: exit code 0 means no errors (3 means warnings only). */
export function qpdfCheck(pdf: Uint8Array): { code: number; output: string } {
  return withFile(pdf, (p) => {
    const r = run('qpdf', ['--check', p]);
    return { code: r.code, output: r.stdout + r.stderr };
  });
}

/** `qpdf --list-attachments`: the attachment names qpdf sees. */
export function qpdfAttachments(pdf: Uint8Array): string[] {
  return withFile(pdf, (p) =>
    run('qpdf', ['--list-attachments', p])
      .stdout.split('\n')
      .filter((l) => l.includes(' -> '))
      .map((l) => l.split(' -> ')[0]!.trim()),
  );
}

/** `pdfinfo`: its key/value lines. */
export function pdfinfo(pdf: Uint8Array): Record<string, string> {
  return withFile(pdf, (p) => {
    const out: Record<string, string> = {};
    for (const line of run('pdfinfo', [p]).stdout.split('\n')) {
      const m = /^([^:]+):\s*(.*)$/.exec(line);
      if (m !== null) out[m[1]!.trim()] = m[2]!.trim();
    }
    return out;
  });
}

/** `pdfinfo -meta`: the XMP packet as poppler reads it. */
export function pdfinfoMeta(pdf: Uint8Array): string {
  return withFile(pdf, (p) => run('pdfinfo', ['-meta', p]).stdout);
}

/** `pdffonts`: each font's name and whether it is embedded. */
export function pdffonts(pdf: Uint8Array): Array<{ name: string; embedded: boolean }> {
  return withFile(pdf, (p) =>
    run('pdffonts', [p])
      .stdout.split('\n')
      .slice(2)
      .filter((l) => l.trim() !== '')
      .map((l) => {
        const cols = l.trim().split(/\s+/);
        // columns from the right: emb sub uni object-id gen
        return { name: cols[0]!, embedded: cols[cols.length - 5] === 'yes' };
      }),
  );
}

/** `pdftotext` of the whole document (or pages `first`..`last`), UTF-8, page breaks as form feeds. */
export function pdftotext(pdf: Uint8Array, opts: { first?: number; last?: number; layout?: boolean } = {}): string {
  return withFile(pdf, (p) => {
    const args = ['-enc', 'UTF-8'];
    if (opts.layout === true) args.push('-layout');
    if (opts.first !== undefined) args.push('-f', String(opts.first));
    if (opts.last !== undefined) args.push('-l', String(opts.last));
    return run('pdftotext', [...args, p, '-']).stdout;
  });
}

/** Every word pdftotext finds, with its page size and box (`pdftotext -bbox`). */
export function pdfWords(pdf: Uint8Array): Array<{ page: number; pageWidth: number; pageHeight: number; xMin: number; yMin: number; xMax: number; yMax: number; text: string }> {
  return withFile(pdf, (p) => {
    const html = run('pdftotext', ['-bbox', '-enc', 'UTF-8', p, '-']).stdout;
    const out: Array<{ page: number; pageWidth: number; pageHeight: number; xMin: number; yMin: number; xMax: number; yMax: number; text: string }> = [];
    let page = 0;
    let pageWidth = 0;
    let pageHeight = 0;
    for (const line of html.split('\n')) {
      const pm = /<page width="([\d.]+)" height="([\d.]+)">/.exec(line);
      if (pm !== null) {
        page++;
        pageWidth = Number(pm[1]);
        pageHeight = Number(pm[2]);
        continue;
      }
      const wm = /<word xMin="([\d.-]+)" yMin="([\d.-]+)" xMax="([\d.-]+)" yMax="([\d.-]+)">(.*)<\/word>/.exec(line);
      if (wm !== null) {
        out.push({ page, pageWidth, pageHeight, xMin: Number(wm[1]), yMin: Number(wm[2]), xMax: Number(wm[3]), yMax: Number(wm[4]), text: wm[5]! });
      }
    }
    return out;
  });
}

/** Text with every kind of space (no-break, narrow no-break) turned into a plain space, runs collapsed. */
export function normalizeSpaces(text: string): string {
  return text.replace(/[\u00a0\u202f\u2009\s]+/g, ' ');
}
