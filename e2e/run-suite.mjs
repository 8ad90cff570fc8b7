#!/usr/bin/env node
/**
 * `npm test -w e2e`: the specs in parallel, then the route timings alone. Timings measured while two other spec
 * files drive browsers on two cores say more about the suite than about the product (issue 27: "≤ 1 s on this
 * machine"). With arguments (`npm test -w e2e -- sign-in`) vitest runs them as given, in one run.
 */
import { spawnSync } from 'node:child_process';

const TIMINGS = 'specs/route-timings.e2e.test.ts';
const vitest = (args) =>
  spawnSync('npx', ['vitest', 'run', '--config', 'vitest.config.ts', ...args], { stdio: 'inherit' }).status ?? 1;

const given = process.argv.slice(2);
if (given.length > 0) process.exit(vitest(given));
const suite = vitest(['--exclude', TIMINGS]);
const timings = vitest([TIMINGS]);
process.exit(suite || timings);
