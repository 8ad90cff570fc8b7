/**
 * Builds the server into dist/ (decision 0053), so that `node dist/main.js` runs plain JavaScript:
 *
 *   dist/main.js, dist/conversion-worker.js   entries: turn source maps on, then load their bundle
 *   dist/bundle/*.js (+ .js.map)              the server's code with the workspace packages it imports
 *   dist/preview-page.js                      the preview page's script for Chromium (three.js, @meshport/scene)
 *   dist/chromium-background.sh               run by path by the preview renderer
 *
 * npm packages are not bundled: they load from node_modules as they do from the sources (native addons,
 * WebAssembly files read beside their code). The build is made in a folder of its own and then put in
 * place of dist/, so that a server running from dist/ meanwhile never forks a process from half a build.
 *
 *   node scripts/build.mjs        (npm run build -w apps/server)
 */
import { chmod, copyFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const SERVER = path.resolve(import.meta.dirname, '..');
const DIST = path.join(SERVER, 'dist');
// Beside dist/, at its depth: the source maps' relative paths to src/ hold once the folder is renamed.
const NEXT = path.join(SERVER, `.dist-next-${process.pid}`);
const OLD = path.join(SERVER, `.dist-old-${process.pid}`);

/** The server, and the files it starts by path (server-paths.ts `runtimeFile`). */
const ENTRIES = {
  main: 'src/main.ts',
  'conversion-worker': 'src/modules/processing/conversion/conversion-worker.ts',
};
/** Run or read by path at run time: copied into dist/ under their own name. */
const COPIED = ['src/modules/processing/preview/chromium-background.sh'];
/** Built only to make dist/preview-page.js with the server's own bundling code, then removed. */
const PREVIEW_BUNDLER = 'src/modules/processing/preview/preview-bundle.ts';

/** Bare specifiers stay imports of node_modules, except the workspace's packages: they export TypeScript. */
const npmPackagesExternal = {
  name: 'npm-packages-external',
  setup(build) {
    build.onResolve({ filter: /^[^./#]/ }, ({ path: specifier }) =>
      specifier.startsWith('@meshport/') ? undefined : { path: specifier, external: true },
    );
  },
};

/** Source maps apply only to modules loaded after they are turned on, hence an entry before each bundle. */
const entry = (name) => `process.setSourceMapsEnabled(true);
await import('./bundle/${name}.js');
`;

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
};

/** Folders left by builds that were killed before they finished. */
async function removeAbandoned() {
  for (const name of await readdir(SERVER)) {
    const pid = /^\.dist-(?:next|old)-(\d+)$/.exec(name)?.[1];
    if (pid && !alive(Number(pid))) await rm(path.join(SERVER, name), { recursive: true, force: true });
  }
}

/** dist/ becomes the new build; another build finishing at the same moment may take its place first. */
async function swapIn() {
  for (let attempt = 0; ; attempt++) {
    await rename(DIST, OLD).catch((error) => {
      if (error.code !== 'ENOENT') throw error;
    });
    try {
      await rename(NEXT, DIST);
      return;
    } catch (error) {
      if (!['ENOTEMPTY', 'EEXIST'].includes(error.code) || attempt === 5) throw error;
    } finally {
      await rm(OLD, { recursive: true, force: true });
    }
  }
}

async function main() {
  const started = performance.now();
  await removeAbandoned();
  try {
    await build({
      absWorkingDir: SERVER,
      entryPoints: { ...ENTRIES, 'preview-bundle': PREVIEW_BUNDLER },
      outdir: path.join(NEXT, 'bundle'),
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      sourcemap: 'linked',
      // The map points at src/, which is beside dist/; without the sources' text it stays small.
      sourcesContent: false,
      plugins: [npmPackagesExternal],
      logLevel: 'warning',
    });
    const bundler = path.join(NEXT, 'bundle/preview-bundle.js');
    const { bundlePreviewPage } = await import(pathToFileURL(bundler).href);
    await writeFile(path.join(NEXT, 'preview-page.js'), await bundlePreviewPage());
    await rm(bundler);
    await rm(`${bundler}.map`);
    for (const name of Object.keys(ENTRIES)) await writeFile(path.join(NEXT, `${name}.js`), entry(name));
    for (const file of COPIED) {
      const target = path.join(NEXT, path.basename(file));
      await copyFile(path.join(SERVER, file), target);
      await chmod(target, 0o755);
    }
    await swapIn();
  } finally {
    await rm(NEXT, { recursive: true, force: true });
  }
  process.stdout.write(
    `server built into ${path.relative(process.cwd(), DIST) || '.'} in ${Math.round(performance.now() - started)} ms\n`,
  );
}

await main();
