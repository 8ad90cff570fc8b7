import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  COMPILED,
  DIST_DIR,
  findServerRoot,
  MIGRATIONS_DIR,
  REPO_ROOT,
  runtimeFile,
  SERVER_ROOT,
} from './server-paths.ts';

describe('server paths: the same from the sources and from the build', () => {
  it('finds apps/server and the repository above this file', () => {
    expect(SERVER_ROOT).toBe(path.resolve(import.meta.dirname, '../../..'));
    expect(JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')).name).toBe('meshport');
    expect(fs.existsSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'))).toBe(true);
  });

  it('finds apps/server from the bundles in dist/, at any depth', () => {
    expect(findServerRoot(path.join(DIST_DIR, 'main.js'))).toBe(SERVER_ROOT);
    expect(findServerRoot(path.join(DIST_DIR, 'bundle/main.js'))).toBe(SERVER_ROOT);
  });

  it('stops at the file system root outside the server', () => {
    expect(() => findServerRoot(path.join(os.tmpdir(), 'elsewhere/main.js'))).toThrow(/No @meshport\/server/);
  });

  it('runs the sources from the sources (tests are not compiled)', () => {
    expect(COMPILED).toBe(false);
    const worker = runtimeFile('modules/processing/conversion/conversion-worker.ts', 'conversion-worker.js');
    expect(worker).toBe(path.join(SERVER_ROOT, 'src/modules/processing/conversion/conversion-worker.ts'));
    expect(fs.existsSync(runtimeFile('modules/processing/preview/chromium-background.sh'))).toBe(true);
  });
});
