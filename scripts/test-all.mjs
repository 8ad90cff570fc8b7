#!/usr/bin/env node
/**
 * `npm test`: every workspace's tests, one after the other, each run to its end even when an earlier one failed.
 * The last lines printed say, per workspace, its exit, its time and every failed test with its first error: a CI
 * log that keeps only its tail still says what failed and where the time went.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { firstLine } from './first-line.mjs';

const root = join(import.meta.dirname, '..');
const { workspaces } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const reports = mkdtempSync(join(tmpdir(), 'meshport-test-report-'));

/** Failed tests of a vitest JSON report, a line each (and the first line of the error under it). */
function failures(reportFile) {
  if (!existsSync(reportFile)) return ['  no report written (the run stopped before its tests, see above)'];
  const report = JSON.parse(readFileSync(reportFile, 'utf8'));
  const lines = [`  ${report.numFailedTests} failed of ${report.numTotalTests}`];
  for (const file of report.testResults ?? []) {
    const name = file.name.replace(`${root}/`, '');
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    if (file.status === 'failed' && failed.length === 0)
      lines.push(`  FAILED FILE ${name}: ${firstLine(file.message)}`);
    for (const test of failed) {
      lines.push(`  FAILED ${name} > ${test.fullName}`, `    ${firstLine(test.failureMessages?.[0])}`);
    }
  }
  return lines;
}

const results = [];
for (const workspace of workspaces) {
  const manifest = JSON.parse(readFileSync(join(root, workspace, 'package.json'), 'utf8'));
  const script = manifest.scripts?.test;
  if (!script) continue;
  const started = Date.now();
  const reportFile = join(reports, `${workspace.replaceAll('/', '-')}.json`);
  const summaryFile = join(reports, `${workspace.replaceAll('/', '-')}.summary`);
  // Plain vitest runs add a JSON report; a workspace with its own runner (e2e) writes its summary itself.
  const vitest = script.startsWith('vitest');
  const args = vitest ? ['--', '--reporter=default', '--reporter=json', `--outputFile.json=${reportFile}`] : [];
  console.log(`\n== ${workspace}: ${script}`);
  const status =
    spawnSync('npm', ['run', 'test', '--workspace', workspace, ...args], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, MESHPORT_TEST_SUMMARY: summaryFile },
    }).status ?? 1;
  const seconds = Math.round((Date.now() - started) / 1000);
  const details = vitest
    ? failures(reportFile)
    : existsSync(summaryFile)
      ? readFileSync(summaryFile, 'utf8')
          .trimEnd()
          .split('\n')
          .map((line) => `  ${line}`)
      : [];
  results.push({ workspace, status, seconds, details });
}

console.log('\n== test summary');
for (const { workspace, status, seconds, details } of results) {
  console.log(`${workspace}: exit ${status} after ${seconds} s`);
  for (const line of details) console.log(line);
}
rmSync(reports, { recursive: true, force: true });
process.exit(results.find((result) => result.status !== 0)?.status ?? 0);
