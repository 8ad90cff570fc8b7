import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where the server's files are, the same from its sources (`src/…/*.ts`, run by tsx or vitest) and from
 * the build (`dist/bundle/*.js`, scripts/build.mjs): the code cannot count folders up from its own file,
 * since bundling moves it (decision 0053).
 */

const HERE = fileURLToPath(import.meta.url);
const PACKAGE_NAME = '@meshport/server';

function isServerPackage(dir: string): boolean {
  try {
    const manifest: unknown = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
    return typeof manifest === 'object' && manifest !== null && 'name' in manifest && manifest.name === PACKAGE_NAME;
  } catch {
    return false;
  }
}

/** The nearest folder above `start` holding the server's package.json. */
export function findServerRoot(start: string): string {
  for (let dir = path.dirname(start); ; dir = path.dirname(dir)) {
    if (isServerPackage(dir)) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No ${PACKAGE_NAME} package.json above ${start}`);
  }
}

/** apps/server: its migrations, sources and build. */
export const SERVER_ROOT = findServerRoot(HERE);
/** The repository root: relative paths in the configuration are read from here. */
export const REPO_ROOT = path.resolve(SERVER_ROOT, '../..');
export const MIGRATIONS_DIR = path.join(SERVER_ROOT, 'migrations');
export const DIST_DIR = path.join(SERVER_ROOT, 'dist');
/** This process runs the build's JavaScript, not the TypeScript sources. */
export const COMPILED = HERE.endsWith('.js');

/**
 * A file the server runs or reads by path: `src/<fromSrc>` from the sources; from the build, the file
 * scripts/build.mjs put at `dist/<inDist>` (by default the same name).
 */
export function runtimeFile(fromSrc: string, inDist: string = path.basename(fromSrc)): string {
  return COMPILED ? path.join(DIST_DIR, inDist) : path.join(SERVER_ROOT, 'src', fromSrc);
}
