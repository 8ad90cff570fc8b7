#!/usr/bin/env node
/**
 * Bundle budget (DESIGN.md §9): prints the gzip size of every JS chunk and of the JS the /login
 * route loads (the entry and its static imports, plus the login screen and its static imports),
 * and exits 1 when the login route exceeds the limit of login-budget.json (shared with the browser's measure,
 * e2e/specs/login-budget.e2e.test.ts). Run after `vite build`.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import budget from './login-budget.json' with { type: 'json' };
import shareBudget from './share-budget.json' with { type: 'json' };

// Decision 0044: the route needs 145.4 KB since the signed-in screens' loaders left the entry; 2.6 KB to spare.
const LIMIT_KB = budget.limitKb;
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const LOGIN_SCREEN = 'src/app/session/pages/login.page.tsx';

let manifest;
try {
  manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
} catch {
  console.error('dist/.vite/manifest.json not found: run `npm run build -w apps/web` first.');
  process.exit(2);
}

const gzipKb = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length / 1024;
const sizes = new Map();
const sizeOf = (file) => {
  if (!sizes.has(file)) sizes.set(file, gzipKb(file));
  return sizes.get(file);
};

/** The chunk files a manifest entry loads before it runs: itself and its static imports. */
function staticClosure(key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(imported, seen);
  return seen;
}

const entryKey = manifest['index.html'] ? 'index.html' : Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey || !manifest[LOGIN_SCREEN]) {
  console.error(`Entry or ${LOGIN_SCREEN} missing from the manifest.`);
  process.exit(2);
}

const chunks = Object.values(manifest)
  .filter((chunk) => chunk.file.endsWith('.js'))
  .map((chunk) => ({ file: chunk.file, kb: sizeOf(chunk.file), name: chunk.src ?? chunk.name ?? '' }))
  .sort((a, b) => b.kb - a.kb);

console.log('JS chunks (gzip):');
for (const chunk of chunks) {
  console.log(`  ${chunk.kb.toFixed(1).padStart(7)} KB  ${chunk.file}${chunk.name ? `  (${chunk.name})` : ''}`);
}

const login = staticClosure(LOGIN_SCREEN, staticClosure(entryKey));
const total = [...login].filter((file) => file.endsWith('.js')).reduce((sum, file) => sum + sizeOf(file), 0);
console.log(`\n/login route JS: ${total.toFixed(1)} KB gzip in ${login.size} files (limit ${LIMIT_KB} KB)`);
for (const file of login) console.log(`  ${sizeOf(file).toFixed(1).padStart(7)} KB  ${file}`);

// The share page (issue 30): its entry, then the 3D view and the viewer's engine it imports before the model loads.
const SHARE_STEPS = ['share.html', 'src/share/share-viewer.ts', 'src/shared/viewer/viewer-engine.ts'];
let share = null;
if (SHARE_STEPS.every((key) => manifest[key])) {
  share = new Set();
  for (const key of SHARE_STEPS) staticClosure(key, share);
  const shareTotal = [...share].filter((file) => file.endsWith('.js')).reduce((sum, file) => sum + sizeOf(file), 0);
  console.log(
    `\nShare page JS before the model: ${shareTotal.toFixed(1)} KB gzip in ${share.size} files (limit ${shareBudget.limitKb} KB)`,
  );
  for (const file of share) console.log(`  ${sizeOf(file).toFixed(1).padStart(7)} KB  ${file}`);
  share = shareTotal;
} else {
  console.error(`\nThe share entry (${SHARE_STEPS.join(', ')}) is missing from the manifest.`);
  process.exit(2);
}

if (total > LIMIT_KB) {
  console.error(`\nBudget exceeded: /login loads ${total.toFixed(1)} KB gzip of JS (> ${LIMIT_KB} KB).`);
  process.exit(1);
}
if (share > shareBudget.limitKb) {
  console.error(
    `\nBudget exceeded: the share page loads ${share.toFixed(1)} KB gzip of JS before the model (> ${shareBudget.limitKb} KB).`,
  );
  process.exit(1);
}
console.log('\nBudget OK.');
