/** Builds the server once for every test of this workspace, as `npm start` does. */
import { execFileSync } from 'node:child_process';
import { REPO_ROOT } from './meshport-process.ts';

export default function setup(): void {
  if (process.env.MESHPORT_FROM_SOURCE === '1') return;
  execFileSync('npm', ['run', 'build', '--workspace', 'apps/server'], { cwd: REPO_ROOT, stdio: 'inherit' });
}
