import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.ts';

describe('data folder lock', () => {
  it('refuses a second holder while the first runs, and is free again after release', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meshport-lock-'));
    const release = lockDataDir(dir);
    const holder = spawnSync(process.execPath, ['-e', '', '--', String(process.pid)]);
    expect(holder.status).toBe(0);
    // another live process holds it: write its pid as the holder
    fs.writeFileSync(path.join(dir, 'meshport.lock'), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(/in use by another Meshport process/);
    release();
    lockDataDir(dir)();
  });

  it('takes over a lock left by a process that no longer runs', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meshport-lock-'));
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
    fs.writeFileSync(path.join(dir, 'meshport.lock'), gone.stdout.toString());
    const release = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, 'meshport.lock'), 'utf8')).toBe(String(process.pid));
    release();
  });
});
