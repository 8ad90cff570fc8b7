/**
 * Issue 27, item 4: every screen a signed-in user reaches shows its content within 1 s of a full navigation on
 * this machine. Runs the e2e route spec alone (its server on the embedded database with the demo data, one
 * Chromium), which visits every route of the paths files on both platforms, once, and three times when the
 * first visit is over the target (the median counts). The spec prints every route, slowest first; this
 * prints "met" or "not met" per platform.
 *
 *   npm run bench:routes -w bench
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROUTE_TARGET_MS } from '../../e2e/support/content-ready.ts';
import { log, REPO } from '../list-api/bench-setup.ts';

/** What the spec writes per route (its table has the runs too). */
interface RouteTiming {
  url: string;
  platform: string;
  median: number;
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meshport-bench-routes-'));
const file = path.join(dir, 'timings.json');
try {
  const run = spawnSync(
    'npx',
    ['vitest', 'run', '--config', 'vitest.config.ts', '--retry', '0', 'specs/route-timings.e2e.test.ts'],
    {
      cwd: path.join(REPO, 'e2e'),
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, MESHPORT_ROUTE_TIMINGS_FILE: file, MESHPORT_E2E_SCREENSHOTS: 'failures' },
    },
  );
  const timings: RouteTiming[] = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : [];
  if (!timings.length) log('The route spec wrote no timings: see its output above.');
  for (const platform of new Set(timings.map((row) => row.platform))) {
    const rows = timings.filter((row) => row.platform === platform);
    const slow = rows.filter((row) => row.median > ROUTE_TARGET_MS);
    const slowest = Math.max(...rows.map((row) => row.median));
    log(
      `${slow.length === 0 ? 'met' : 'not met'}: ${rows.length} routes on ${platform}, slowest median ${slowest} ms` +
        `${slow.length ? `; over ${ROUTE_TARGET_MS} ms: ${slow.map((row) => row.url).join(', ')}` : ''}`,
    );
  }
  if (run.status !== 0) log(`The route spec failed (exit ${run.status ?? 'signal'}): see its output above.`);
  process.exitCode = timings.length ? (run.status ?? 1) : 1;
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
