import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { companyEndpoints } from '@meshport/contract';
import type { TestProject } from 'vitest/node';
import { apiClient, apiLogin } from './api.ts';
import { REPO_ROOT, type RunningServer, SERVER_MAIN, type ServerInfo, startServer } from './e2e-server.ts';
import { HOSTS } from './hosts.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    e2eServer: ServerInfo;
  }
}

const WEB = path.join(REPO_ROOT, 'apps/web');
const WEB_SOURCES = [
  'src',
  'public',
  'index.html',
  'vite.config.ts',
  'package.json',
  'tsconfig.json',
  '../../packages/contract/src',
];

function newestMtime(target: string): number {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

function ensureChromium(): void {
  const script = path.join(REPO_ROOT, 'scripts/ensure-chromium.sh');
  const result = spawnSync('bash', [script], { stdio: 'inherit' });
  if (result.status !== 0 || !fs.existsSync('/usr/bin/chromium')) {
    throw new Error(
      `The end-to-end tests need Debian's Chromium at /usr/bin/chromium; ${script} could not install it ` +
        `(exit ${result.status}). Install it with: sudo apt-get install chromium`,
    );
  }
}

/** Builds the web app once, unless apps/web/dist is newer than everything it is built from. */
function ensureWebBuild(): void {
  const built = newestMtime(path.join(WEB, 'dist/index.html'));
  const sources = Math.max(...WEB_SOURCES.map((source) => newestMtime(path.join(WEB, source))));
  if (built > sources) return;
  // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build: test
  // what users get.
  const result = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) {
    throw new Error(`npm run build -w apps/web failed (exit ${result.status}):\n${result.stdout}\n${result.stderr}`);
  }
}

/** What the server's build is made from (its bundles take in the workspace packages). */
const SERVER_SOURCES = [
  'apps/server/src',
  'apps/server/scripts',
  'apps/server/package.json',
  'packages/contract/src',
  'packages/scene/src',
];

/** Builds the server once (`npm run build -w apps/server`), unless its build is newer than its sources. */
function ensureServerBuild(): void {
  const built = newestMtime(SERVER_MAIN);
  const sources = Math.max(...SERVER_SOURCES.map((source) => newestMtime(path.join(REPO_ROOT, source))));
  if (built > sources) return;
  const result = spawnSync('npm', ['run', 'build', '-w', 'apps/server'], { cwd: REPO_ROOT, encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`npm run build -w apps/server failed (exit ${result.status}):\n${result.stdout}\n${result.stderr}`);
  }
}

/**
 * A private copy of the build: other engineers rebuild apps/web/dist while the suite runs, which
 * would swap the hashed chunks under the running server.
 */
function snapshotWebBuild(): string {
  const target = fs.mkdtempSync(path.join(os.tmpdir(), 'meshport-e2e-web-'));
  fs.cpSync(path.join(WEB, 'dist'), target, { recursive: true });
  return target;
}

let server: RunningServer | undefined;

/** Once for all spec files: Chromium present, web app built, one server on a fresh data folder. */
/**
 * The specs that change a user's settings make a member of acme each (createMember), with hatch seats for the
 * editing side: more than the demo company's five. Acme buys the seats a company with that many people would.
 */
async function buySeatsForSpecMembers(port: number): Promise<void> {
  const admin = apiClient(port, HOSTS.acmeHatch, await apiLogin(port, HOSTS.acmeHatch, 'admin'));
  const companies = await admin.call(companyEndpoints.adminList, { query: { filter: { search: 'Acme' } } });
  const acme = companies.data.find((company) => company.sub_domain === 'acme');
  if (!acme) throw new Error('the demo company acme is missing');
  await admin.call(companyEndpoints.adminUpdate, {
    params: { id: acme.id },
    body: { licences: { hatch: 100, design_and_sales: 100 } },
  });
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const started = Date.now();
  const step = (what: string) => console.info(`[e2e set-up] ${what} after ${Date.now() - started} ms`);
  ensureChromium();
  ensureWebBuild();
  ensureServerBuild();
  const webDist = snapshotWebBuild();
  step('chromium present, web app and server built');
  try {
    // The demo as a user's first start makes it: every spec reads its processed models, items and materials.
    server = await startServer({ label: 'main', webDist, demoModels: true });
  } catch (error) {
    fs.rmSync(webDist, { recursive: true, force: true });
    throw error;
  }
  step(`server ready on port ${server.port}, its demo content processed`);
  try {
    await buySeatsForSpecMembers(server.port);
  } catch (error) {
    await server.stop();
    fs.rmSync(webDist, { recursive: true, force: true });
    throw error;
  }
  project.provide('e2eServer', { port: server.port, dataDir: server.dataDir, webDist });
  return async () => {
    await server?.stop();
    server = undefined;
    fs.rmSync(webDist, { recursive: true, force: true });
  };
}
