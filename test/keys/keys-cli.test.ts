import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openLocalKeyStore } from '../../lib/keys/local/local-key-store.js';
import { crash, runTsx, startTsx, tempDataDir } from './support.js';

const CLI = 'scripts/keys.ts';
const KEY_LINE = /^fx_live_[0-9A-Za-z]{32}$/;

const lastLine = (text: string) => text.trimEnd().split('\n').at(-1) ?? '';

describe('npm run keys', () => {
  it('create prints the new key alone on the last line; list shows it without the key; revoke revokes it', async () => {
    const dataDir = await tempDataDir();
    const env = { DATA_DIR: dataDir };

    const created = await runTsx(CLI, ['create', '--plan', 'starter', '--label', 'ACME SARL'], env);
    expect(created.code).toBe(0);
    const key = lastLine(created.stdout);
    expect(key).toMatch(KEY_LINE);
    // First use of the directory: the development key is announced once, on stderr.
    const devKey = /development key \((key_\w+), plan free\): (fx_live_\w+)/.exec(created.stderr);
    expect(devKey).not.toBeNull();

    const id = /Created (key_[0-9A-Za-z]{16}) on plan starter/.exec(created.stdout)?.[1];
    expect(id).toBeDefined();
    // Use some credits with the key, as the server would.
    const { store } = await openLocalKeyStore({ dataDir });
    const identity = await store.authenticate({ apiKey: key });
    expect(identity).toMatchObject({ id, plan: 'starter' });
    for (let i = 0; i < 2; i++) {
      const c = await store.reserveCredit(identity!);
      if (c.ok) await store.commit(c.reservation);
    }
    await store.close();

    const second = await runTsx(CLI, ['create', '--plan', 'free'], env);
    expect(second.code).toBe(0);
    expect(second.stderr).not.toContain('development key');
    const secondKey = lastLine(second.stdout);
    expect(secondKey).toMatch(KEY_LINE);
    expect(secondKey).not.toBe(key);

    const listed = await runTsx(CLI, ['list'], env);
    expect(listed.code).toBe(0);
    const row = listed.stdout.split('\n').find((l) => l.startsWith(id!));
    expect(row).toMatch(/starter\s+ACME SARL\s+\d{4}-\d{2}-\d{2}T[\d:.]+Z\s+-\s+2\/1000 \(\d{4}-\d{2}\)/);
    expect(listed.stdout).toContain(devKey![1]!);
    for (const secret of [key, secondKey, devKey![2]!]) {
      expect(listed.stdout + listed.stderr).not.toContain(secret);
      expect(listed.stdout + listed.stderr).not.toContain(secret.slice(8));
    }

    const revoked = await runTsx(CLI, ['revoke', id!], env);
    expect(revoked.code).toBe(0);
    expect(revoked.stdout).toContain(`Revoked ${id}`);
    const after = await runTsx(CLI, ['list'], env);
    expect(after.stdout.split('\n').find((l) => l.startsWith(id!))).toMatch(/starter\s+ACME SARL\s+\S+Z\s+\d{4}-\d{2}-\d{2}T\S+Z\s+2\/1000/);
    const reopened = await openLocalKeyStore({ dataDir });
    expect(await reopened.store.authenticate({ apiKey: key })).toBeUndefined();
    expect(await reopened.store.authenticate({ apiKey: secondKey })).toBeDefined();
    await reopened.store.close();

    // No file of the store holds any key text.
    const files = await Promise.all((await readdir(dataDir)).map((n) => readFile(join(dataDir, n), 'utf8')));
    for (const secret of [key, secondKey, devKey![2]!]) expect(files.join('\n')).not.toContain(secret);
  });

  it('exits 1 for an unknown id and 2 for bad usage', async () => {
    const env = { DATA_DIR: await tempDataDir() };
    const unknown = await runTsx(CLI, ['revoke', 'key_nope'], env);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No key with id key_nope');
    for (const args of [['create', '--plan', 'gold'], ['create'], ['frobnicate'], ['list', 'extra'], ['create', '--plan', 'free', '--colour', 'red'], []]) {
      const res = await runTsx(CLI, args, env);
      expect(res.code, args.join(' ')).toBe(2);
      expect(res.stderr + res.stdout, args.join(' ')).toContain('Usage:');
    }
  });

  it('runs while another process (a server) has the store open and works on it, and leaves that work alone', async () => {
    const dataDir = await tempDataDir();
    const { store } = await openLocalKeyStore({ dataDir, createDevelopmentKey: false });
    const { record } = await store.createKey('starter', 'busy');
    await store.close();
    // A process with 4 committed credits and 2 conversions running (credits reserved, Idempotency-Keys claimed).
    const server = await startTsx('test/keys/fixtures/store-child.ts', [dataDir, record.id, record.plan, 'hold', '4', '2'], 'READY');
    try {
      const created = await runTsx(CLI, ['create', '--plan', 'free', '--label', 'while serving'], { DATA_DIR: dataDir });
      expect(created.code, created.stderr).toBe(0);
      expect(lastLine(created.stdout)).toMatch(KEY_LINE);
      const listed = await runTsx(CLI, ['list'], { DATA_DIR: dataDir });
      expect(listed.code, listed.stderr).toBe(0);
      expect(listed.stdout.split('\n').find((l) => l.startsWith(record.id))).toMatch(/6\/1000/);
      expect(listed.stdout).toContain('while serving');
      // The command's opening did not take the running conversions' credits or claims from the live process.
      const check = await openLocalKeyStore({ dataDir });
      expect(await check.store.remaining(record)).toBe(1000 - 6);
      expect(await check.store.claimIdempotency(record, { key: 'held-0', fingerprint: '0'.repeat(64) })).toMatchObject({ state: 'in-progress' });
      expect(await check.store.authenticate({ apiKey: lastLine(created.stdout) })).toMatchObject({ plan: 'free' });
      await check.store.close();
    } finally {
      await crash(server.child);
    }
  });
});
