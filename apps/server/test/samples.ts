import { existsSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '#core/config/server-paths.ts';

/**
 * The shared real 3D files (never copied into the project); tests that need them skip where
 * absent. Beside the repository by default; `MESHPORT_SAMPLES_DIR` names them elsewhere (a
 * clean clone's CI run sets it from where it was cloned from: .ci/run).
 */
export const SAMPLES_DIR = process.env.MESHPORT_SAMPLES_DIR || path.resolve(REPO_ROOT, '../shared/samples/3d');
export const HAVE_SAMPLES = existsSync(SAMPLES_DIR);
export const sample = (relative: string) => path.join(SAMPLES_DIR, relative);
