/**
 * Every test file runs with this (vitest.config.ts, setupFiles): a
 * DeprecationWarning raised by our code fails the test during which it
 * arrived, or the file's last hook when it arrives later. Deprecated calls
 * turn into errors in a later Node (DEP0137, a FileHandle closed by the
 * garbage collector, becomes a thrown error), so they are fixed when they
 * appear, not when Node removes them.
 *
 * "Ours" means: the first stack frame outside Node's own code is not in
 * node_modules. A warning with no such frame (DEP0137 is raised by the garbage
 * collector, with no stack of the code that forgot the handle) counts as ours:
 * it cannot be told apart, so it is looked at. A dependency's deprecation is
 * printed by Node as usual and not counted.
 *
 * The garbage collector runs at the end of each file (vitest starts the test
 * processes with --expose-gc), so a handle left open by the file's tests is
 * found in that file. Processes the tests start (servers, stores, the CLI) run with
 * --throw-deprecation instead (test/keys/support.ts, test/http/*).
 */
import { afterAll, afterEach } from 'vitest';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('The test processes must run with --expose-gc (vitest.config.ts, execArgv).');

const caught: string[] = [];

function isOurs(warning: Error): boolean {
  const frames = (warning.stack ?? '').split('\n').filter((l) => /^\s+at /.test(l));
  const first = frames.find((f) => !/\(node:|\bnode:internal|\(internal\/|at node:/.test(f));
  return first === undefined || !first.includes('/node_modules/');
}

process.on('warning', (warning) => {
  if (warning.name === 'DeprecationWarning' && isOurs(warning)) {
    const code = (warning as Error & { code?: string }).code;
    caught.push(`${code ?? 'DeprecationWarning'}: ${warning.message}\n${warning.stack ?? ''}`);
  }
});

function failOnCaught(): void {
  if (caught.length === 0) return;
  const list = caught.splice(0);
  throw new Error(`${list.length} deprecation warning(s) raised by our code:\n${list.join('\n')}`);
}

afterEach(async () => {
  // The 'warning' event is emitted on a later tick than the deprecated call.
  await new Promise((r) => setImmediate(r));
  failOnCaught();
});

afterAll(async () => {
  gc();
  await new Promise((r) => setTimeout(r, 10));
  gc();
  await new Promise((r) => setImmediate(r));
  failOnCaught();
});
