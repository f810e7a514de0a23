/**
 * CDK asset bundling with the local esbuild: an ILocalBundling that runs a
 * build job (build.ts) in a child Node process and never falls back to Docker.
 */
import { DockerImage, type BundlingOptions, type ILocalBundling } from 'aws-cdk-lib';
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import type { BuildJob } from './build.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const CLI = resolve(import.meta.dirname, 'cli.ts');

/** A build job without its output folder (CDK chooses it). */
export type PendingJob = BuildJob extends infer J ? (J extends BuildJob ? Omit<J, 'outDir'> : never) : never;

/** Runs `job` into CDK's output folder with the local esbuild. */
export class EsbuildLocalBundling implements ILocalBundling {
  /** The job; part of CDK's asset cache key, so different jobs never share an asset. */
  readonly job: PendingJob;

  constructor(job: PendingJob) {
    this.job = job;
  }

  /** Builds into `outputDir`; throws with esbuild's message when the build fails. */
  tryBundle(outputDir: string): boolean {
    const job = { ...this.job, outDir: outputDir } as BuildJob;
    const run = spawnSync(process.execPath, ['--import', 'tsx', CLI, JSON.stringify(job)], {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      maxBuffer: 16 * 1024 * 1024,
    });
    if (run.error !== undefined) throw new Error(`esbuild ${describe(job)} could not start: ${run.error.message}`);
    if (run.status !== 0) throw new Error(`esbuild ${describe(job)} failed:\n${run.stderr}${run.stdout}`);
    return true;
  }
}

function describe(job: BuildJob): string {
  return job.kind === 'function' ? `bundle of ${job.entry}` : 'core layer build';
}

/** Asset bundling options that only ever bundle locally. */
export function localBundling(job: PendingJob): BundlingOptions {
  return {
    // Never pulled: local bundling always succeeds or throws.
    image: DockerImage.fromRegistry('local-esbuild-only'),
    local: new EsbuildLocalBundling(job),
  };
}
