/**
 * The local {@link JobBlobs} of `npm start`: documents and answers of jobs as
 * files in `<dataDir>/blobs/` (`inputs/<id>`, `results/<id>.json`), beside the
 * job records of ./sqlite-job-store.ts. A blob is written to a temporary file,
 * synced, then renamed into place: a reader never sees half of one, and once
 * `put` returned it survives a crash of the machine.
 */
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import type { JobBlobs } from '../ports.js';

/** Blobs as files in `<dataDir>/blobs/<name>`. */
export class FileJobBlobs implements JobBlobs {
  private readonly dir: string;

  constructor(dataDir: string) {
    this.dir = join(dataDir, 'blobs');
  }

  private path(name: string): string {
    if (!/^(inputs|results)\/job_[a-z2-7]{26}(\.json)?$/.test(name)) throw new RangeError(`Not a job blob name: ${name}`);
    return join(this.dir, name);
  }

  async put(name: string, bytes: Uint8Array): Promise<void> {
    const path = this.path(name);
    await mkdir(dirname(path), { recursive: true, mode: 0o700 });
    const tmp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    const file = await open(tmp, 'w', 0o600);
    try {
      try {
        await file.writeFile(bytes);
        await file.datasync();
      } finally {
        await file.close();
      }
      await rename(tmp, path);
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
  }

  async get(name: string): Promise<Uint8Array | undefined> {
    try {
      return new Uint8Array(await readFile(this.path(name)));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw err;
    }
  }

  async delete(name: string): Promise<void> {
    await rm(this.path(name), { force: true });
  }
}
