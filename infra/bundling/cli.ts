/**
 * Command line of the synth-time builds: `node --import tsx infra/bundling/cli.ts '<job JSON>'`.
 * esbuild plugins need its asynchronous API while CDK bundles synchronously,
 * so local-bundler.ts runs each build in this child process.
 */
import { runBuildJob, type BuildJob } from './build.js';

const raw = process.argv[2];
if (raw === undefined) {
  process.stderr.write('usage: cli.ts <build job JSON>\n');
  process.exit(2);
}
try {
  await runBuildJob(JSON.parse(raw) as BuildJob);
} catch (err) {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
}
