/**
 * /api/docs in a real browser: Debian's headless Chromium (apt package `chromium`, which .ci/run installs) driven
 * by playwright-core, against `npm start`'s server (server/main.ts on a free port). The page loads with every
 * request staying on the server (Swagger UI and its stylesheet are served by the API itself, no CDN), and a person
 * can try the API: POST /api/v2/xml, "Try it out", the example invoice prefilled, "Execute", and the 200 answer
 * with the XML shows.
 *
 * Chromium missing is a failure with the way to install it, not a skip: CI installs it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..', '..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const temps: string[] = [];
let server: ChildProcess | undefined;
let base = '';
let context: BrowserContext | undefined;
/** Every request the browser made, and those it made to anywhere but the server (aborted). */
const requested: string[] = [];
const offsite: string[] = [];
/** Console errors and uncaught page errors (a CSP refusal shows here). */
const problems: string[] = [];

function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  temps.push(dir);
  return dir;
}

/** Starts `npm start`'s entry on a free port; resolves with its base URL. */
function startServer(): Promise<string> {
  server = spawn(process.execPath, ['--import', 'tsx', join(root, 'server', 'main.ts')], {
    cwd: root,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', WORKERS: '1', DATA_DIR: tempDir('fx-docs-browser-'), LOG_LEVEL: 'error' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((ok, fail) => {
    let out = '';
    server!.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const url = /listening on (http:\/\/\S+)/.exec(out);
      if (url) ok(url[1]!);
    });
    server!.on('exit', (code) => fail(new Error(`server exited ${code} before listening:\n${out}`)));
  });
}

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium is not installed at ${CHROMIUM}: this test drives a real browser. Install Debian's package ` +
        '(apt-get install -y chromium; .ci/run does it) or set CHROMIUM_PATH to a Chromium binary.',
    );
  }
  base = await startServer();
  context = await chromium.launchPersistentContext(tempDir('fx-chromium-profile-'), {
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  // Nothing may leave the machine: requests to any other host are recorded and aborted.
  await context.route('**/*', async (route) => {
    const url = route.request().url();
    requested.push(url);
    const { protocol, host } = new URL(url);
    if ((protocol === 'http:' || protocol === 'https:') && host === new URL(base).host) await route.continue();
    else if (protocol === 'data:' || protocol === 'blob:') await route.continue();
    else {
      offsite.push(url);
      await route.abort();
    }
  });
}, 120_000);

afterAll(async () => {
  await context?.close();
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server!.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  }
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

async function openDocs(): Promise<Page> {
  const page = context!.pages()[0] ?? (await context!.newPage());
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  await page.goto(`${base}/api/docs`);
  await page.locator('.swagger-ui .info .title').filter({ hasText: 'Factur-X / EN 16931 conversion API' }).waitFor({ timeout: 60_000 });
  return page;
}

describe('/api/docs in headless Chromium', () => {
  let page: Page;

  it('loads Swagger UI over the document, every request to this server only', async () => {
    page = await openDocs();
    // Every operation of the document is on the page, under its area.
    for (const path of ['/api/v2/xml', '/api/v2/validate', '/api/v2/pdf', '/api/v2/render', '/api/v1/convert', '/api/v1/jobs/{jobId}', '/api/v1/validate', '/api/health']) {
      await expect.poll(() => page.locator(`.opblock-summary-path[data-path="${path}"]`).count(), { message: path }).toBeGreaterThan(0);
    }
    expect(requested.some((u) => u.includes('/api/docs/swagger-ui-bundle.js'))).toBe(true);
    expect(requested.some((u) => u.endsWith('/api/openapi.json'))).toBe(true);
    expect(offsite).toEqual([]);
    expect(problems).toEqual([]);
  }, 120_000);

  it('tries POST /api/v2/xml: Try it out, the example invoice prefilled, Execute, the 200 answer with the XML', async () => {
    const op = page.locator('.opblock.opblock-post', { has: page.locator('.opblock-summary-path[data-path="/api/v2/xml"]') });
    await op.locator('.opblock-summary').first().click();
    await op.locator('button.try-out__btn').click();
    const body = op.locator('textarea.body-param__text');
    await expect.poll(() => body.inputValue()).toContain('"invoiceNumber": "FA-2026-0042"');
    const answered = page.waitForResponse((r) => r.url() === `${base}/api/v2/xml` && r.request().method() === 'POST');
    await op.locator('button.execute').click();
    expect((await answered).status()).toBe(200);
    const live = op.locator('.live-responses-table');
    const shown = live.locator('tr.response').first();
    await expect.poll(() => shown.locator('.response-col_status').innerText(), { timeout: 30_000 }).toBe('200');
    await expect.poll(() => shown.locator('.response-col_description').innerText()).toContain('CrossIndustryInvoice');
    // DOCS_SCREENSHOT=<file.png> keeps a picture of the answered page, to look at.
    if (process.env.DOCS_SCREENSHOT) {
      await shown.scrollIntoViewIfNeeded();
      await page.screenshot({ path: process.env.DOCS_SCREENSHOT });
    }
    // The request went to the server the page came from.
    expect(await op.locator('.request-url pre').first().innerText()).toBe(`${base}/api/v2/xml`);
    expect(offsite).toEqual([]);
    expect(problems).toEqual([]);
  }, 120_000);
});
