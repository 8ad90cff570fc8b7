#!/usr/bin/env node
/**
 * `npm test -w e2e`: the specs in parallel, then the route spec alone: it opens each of some 130 routes in turn,
 * which beside two other browsers on two cores took past its time-out. It judges what each route shows, not
 * how fast (`npm run bench:routes -w bench` does, decision 0051). With arguments (`npm test -w e2e -- sign-in`)
 * vitest runs them as given, in one run.
 *
 * Both phases also write a JSON report, and the last lines printed name every failed and every retried test with
 * its first error: a CI log that keeps only its tail still says what failed.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { firstLine } from '../scripts/first-line.mjs';

const reports = mkdtempSync(join(tmpdir(), 'meshport-e2e-report-'));

const vitest = (name, args) => {
  const outputFile = join(reports, `${name}.json`);
  const reporters = ['--reporter=default', '--reporter=json', `--outputFile.json=${outputFile}`];
  const status = spawnSync('npx', ['vitest', 'run', '--config', 'vitest.config.ts', ...reporters, ...args], {
    stdio: 'inherit',
  }).status;
  return { name, status: status ?? 1, outputFile };
};

/** One line per failed or retried test, with the first line of its first error. */
const summarise = ({ name, status, outputFile }) => {
  let report;
  try {
    report = JSON.parse(readFileSync(outputFile, 'utf8'));
  } catch {
    return [`${name}: exit ${status}, no report written (the run stopped before its tests, see above)`];
  }
  const lines = [`${name}: exit ${status}, ${report.numFailedTests} failed of ${report.numTotalTests}`];
  for (const file of report.testResults ?? []) {
    if (file.status === 'failed' && (file.assertionResults ?? []).every((test) => test.status !== 'failed')) {
      lines.push(`  FAILED FILE ${file.name}: ${firstLine(file.message)}`);
    }
    for (const test of file.assertionResults ?? []) {
      // The JSON report has no retry count; a passed test that carries errors failed a try before it passed.
      const retried = test.status === 'passed' && (test.failureMessages ?? []).length > 0;
      if (test.status !== 'failed' && !retried) continue;
      const label = test.status === 'failed' ? 'FAILED' : 'passed on retry';
      lines.push(`  ${label}: ${file.name.replace(/^.*\/specs\//, 'specs/')} > ${test.fullName}`);
      const failure = (test.failureMessages ?? [])[0];
      const message = firstLine(failure);
      if (message) lines.push(`    ${message}`);
      // A locator's time-out says what it waited for only in its call log.
      const waited = (failure ?? '').split('\n').find((line) => /waiting for /.test(line));
      if (waited) lines.push(`    ${waited.trim().slice(0, 300)}`);
    }
  }
  return lines;
};

const ROUTES = 'specs/route-timings.e2e.test.ts';
const given = process.argv.slice(2);
const runs =
  given.length > 0 ? [vitest('e2e', given)] : [vitest('suite', ['--exclude', ROUTES]), vitest('routes', [ROUTES])];
const summary = runs.flatMap(summarise);
console.log(['', '== e2e summary', ...summary].join('\n'));
// `npm test` at the root repeats it in its own summary, after every workspace.
if (process.env.MESHPORT_TEST_SUMMARY) writeFileSync(process.env.MESHPORT_TEST_SUMMARY, `${summary.join('\n')}\n`);
rmSync(reports, { recursive: true, force: true });
process.exit(runs.find((run) => run.status !== 0)?.status ?? 0);
