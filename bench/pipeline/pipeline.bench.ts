/**
 * The processing pipeline against the native commands (issues 11 and 26). For every valid model of
 * ../shared/samples/3d (both sets: the first and real-world/) and for a generated 1M-triangle OBJ: our
 * Converter (inspect → convert → optimise, in its warm child process; bundles uploaded as a zip) beside
 * `assimp export -fglb2` + `gltf-transform optimize --texture-compress webp` (fresh processes, on the
 * unzipped folder; a file assimp cannot read is "native: failed" and left out of the time ratio).
 * Prints time per step, peak memory, sizes and textures, then per file and per folder issue 26's figures
 * (status, time ratio, bytes, validator counts, size in metres, GPU texture memory); checks the targets;
 * writes bench/results/pipeline.json. `bash pipeline/setup.sh` installs the native commands.
 *
 *   npm run bench:pipeline -w bench [-- --only spider --triangles 1000000 --no-heavy --no-preview --niceness 0]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_LIMITS } from '../../apps/server/src/modules/processing/conversion/conversion-types.ts';
import { log, REPO } from '../list-api/bench-setup.ts';
import { generateHeavyObj } from './generate-heavy-obj.ts';
import { type GlbInfo, glbInfo } from './glb-info.ts';
import { type BenchInput, copyFlat, sampleInputs, writeZip } from './inputs.ts';
import { failedNative, gltfTransformCli, type NativeRun, runNative } from './native-route.ts';
import { OursRoute, PreviewRoute } from './ours-route.ts';
import { type FileResult, printTable, targetChecks } from './report.ts';
import { allTotals, printFigures } from './report-figures.ts';
import { type TextureMemory, textureMemory } from './texture-memory.ts';

const { values } = parseArgs({
  options: {
    samples: { type: 'string', default: path.resolve(REPO, '../shared/samples/3d') },
    only: { type: 'string' },
    triangles: { type: 'string', default: '1000000' },
    'no-heavy': { type: 'boolean', default: false },
    'no-preview': { type: 'boolean', default: false },
    'memory-mb': { type: 'string' },
    'timeout-ms': { type: 'string' },
    // The server's converter runs at niceness 10 (decision 0028): on a busy machine it yields to the native commands.
    niceness: { type: 'string' },
    out: { type: 'string', default: path.join(REPO, 'bench/results/pipeline.json') },
  },
});

const HEAVY_CACHE = path.join(os.tmpdir(), 'meshport-bench-pipeline');

async function main(): Promise<void> {
  const started = Date.now();
  const loadBefore = os.loadavg();
  const cli = gltfTransformCli();
  const inputs: BenchInput[] = fs.existsSync(values.samples) ? sampleInputs(values.samples) : [];
  if (!inputs.length) log(`No samples at ${values.samples}: only the generated model is measured.`);
  if (!values['no-heavy']) {
    const triangles = Number(values.triangles);
    const t0 = performance.now();
    const heavy = generateHeavyObj(triangles, path.join(HEAVY_CACHE, `torus-${triangles}.obj`));
    log(
      `Generated model: ${heavy.triangles} triangles, ${heavy.vertices} vertices, ${mb(heavy.bytes)} MB OBJ (${((performance.now() - t0) / 1000).toFixed(1)} s, cached in ${HEAVY_CACHE})`,
    );
    inputs.push({
      name: `generated torus ${(heavy.triangles / 1e6).toFixed(1)}M tris`,
      folder: 'generated',
      format: 'obj',
      model: heavy.file,
      sideFiles: [],
      sideImages: [],
      bytes: heavy.bytes,
    });
  }
  const selected = inputs.filter(
    (input) => !values.only || input.name.toLowerCase().includes(values.only.toLowerCase()),
  );
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'meshport-bench-pipeline-'));
  const limits = {
    ...(values['memory-mb'] ? { memoryMb: Number(values['memory-mb']) } : {}),
    ...(values['timeout-ms'] ? { timeoutMs: Number(values['timeout-ms']) } : {}),
    ...(values.niceness ? { niceness: Number(values.niceness) } : {}),
  };
  const results: FileResult[] = [];
  let warmUpMs = 0;
  let previewStartMs: number | null = null;
  try {
    const ours = new OursRoute(limits);
    try {
      // The server keeps its converter process warm: the first conversion pays its start.
      const warmUpFile = path.join(work, 'warm-up.obj');
      fs.writeFileSync(warmUpFile, 'v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n');
      const warmUp = await ours.convert(
        warmUpFile,
        'warm-up.obj',
        path.join(work, 'warm-up'),
        path.join(work, 'warm-up.glb'),
      );
      warmUpMs = warmUp.ms;
      log(
        `Converter warm-up (first conversion, child start included): ${Math.round(warmUpMs)} ms${warmUp.ok ? '' : ` FAILED: ${warmUp.error}`}`,
      );
      for (const [index, input] of selected.entries()) {
        const dir = path.join(work, String(index).padStart(2, '0'));
        results.push(await measure(input, dir, ours, cli));
        const last = results.at(-1) as FileResult;
        log(
          `${input.name}: ours ${last.ours.ok ? `${Math.round(last.ours.ms)} ms` : `FAILED (${last.ours.error})`}, native ${last.native.ok ? `${Math.round(last.native.ms)} ms` : `FAILED (${(last.native.optimize ?? last.native.assimp).error})`}`,
        );
      }
    } finally {
      await ours.close();
    }
    if (!values['no-preview']) {
      const { route, startMs } = await PreviewRoute.open();
      previewStartMs = startMs;
      try {
        for (const result of results) if (result.ours.output) result.preview = await route.render(result.ours.output);
      } finally {
        await route.close();
      }
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }

  log('');
  printTable(results, log);
  log('');
  printFigures(results, log);
  const targets = targetChecks(results);
  log('\nTargets (issues 11 and 26)');
  for (const check of targets) log(`  ${check.met ? 'PASS' : 'FAIL'}  ${check.target}: ${check.detail}`);
  const loadAfter = os.loadavg();
  log(
    `\nLoad average (1 min) ${loadBefore[0]?.toFixed(1)} at the start, ${loadAfter[0]?.toFixed(1)} at the end, on ${os.cpus().length} CPUs: other work on the machine slows both routes.`,
  );
  log(
    `Converter niceness ${limits.niceness ?? DEFAULT_LIMITS.niceness}; warm-up ${Math.round(warmUpMs)} ms${previewStartMs === null ? '' : `; preview renderer start ${Math.round(previewStartMs)} ms`}`,
  );

  fs.mkdirSync(path.dirname(values.out), { recursive: true });
  const strip = (file: FileResult) => ({
    ...file,
    ours: { ...file.ours, output: undefined },
    native: { ...file.native, intermediate: undefined, output: undefined },
  });
  fs.writeFileSync(
    values.out,
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        node: process.version,
        cpus: os.cpus().length,
        loadAverage: { start: loadBefore, end: loadAfter },
        nativeCommands: [
          'assimp export <in> <tmp>.glb -fglb2',
          'gltf-transform optimize <tmp>.glb <out>.glb --texture-compress webp',
        ],
        converterLimits: limits,
        warmUpMs,
        previewStartMs,
        files: results.map(strip),
        totals: allTotals(results),
        targets,
      },
      null,
      2,
    )}\n`,
  );
  log(`Written to ${path.relative(process.cwd(), values.out)} in ${Math.round((Date.now() - started) / 1000)} s.`);
}

/** Images the native import found: embedded ones plus referenced files that exist beside the model. */
function texturesSeen(info: GlbInfo, dir: string): number {
  const present = new Set(fs.readdirSync(dir).map((name) => name.toLowerCase()));
  const found = info.imageUris.filter((uri) => {
    let decoded = uri;
    try {
      decoded = decodeURIComponent(uri);
    } catch {
      // Not percent-encoded: the URI is the name.
    }
    const name = decoded.replaceAll('\\', '/').split('/').pop() ?? '';
    return present.has(name.toLowerCase());
  });
  return info.embeddedImages + found.length;
}

const mb = (bytes: number) => (bytes / 1e6).toFixed(1);

async function measure(input: BenchInput, dir: string, ours: OursRoute, cli: string): Promise<FileResult> {
  // Ours: what a user uploads — the file itself, or a zip of the model with its side files.
  const bundle = input.sideFiles.length > 0;
  let upload = input.model;
  let uploadName = path.basename(input.model);
  if (bundle) {
    uploadName = `${path.basename(input.model, path.extname(input.model))}.zip`;
    upload = path.join(dir, 'upload', uploadName);
    fs.mkdirSync(path.dirname(upload), { recursive: true });
    writeZip([input.model, ...input.sideFiles], upload);
  }
  const oursRun = await ours.convert(upload, uploadName, path.join(dir, 'ours-work'), path.join(dir, 'ours.glb'));
  // Native: the unzipped folder.
  let textures: TextureMemory | null = null;
  let textureMemoryError: string | undefined;
  if (oursRun.output) {
    try {
      textures = await textureMemory(oursRun.output);
    } catch (error) {
      textureMemoryError = error instanceof Error ? error.message : String(error);
    }
  }
  // Native: the unzipped folder. What assimp cannot read fails that file ("native: failed"), not the bench.
  const nativeDir = path.join(dir, 'native');
  let nativeRun: NativeRun;
  let intermediateInfo: GlbInfo | null = null;
  let nativeOut: GlbInfo | null = null;
  try {
    nativeRun = await runNative(copyFlat(input, nativeDir), nativeDir, cli);
    intermediateInfo = nativeRun.intermediate ? glbInfo(nativeRun.intermediate) : null;
    nativeOut = nativeRun.output ? glbInfo(nativeRun.output) : null;
  } catch (error) {
    nativeRun = failedNative(error);
  }
  return {
    name: input.name,
    folder: input.folder,
    format: input.format,
    heavy: input.folder === 'generated',
    inputBytes: input.bytes,
    uploadedAs: bundle ? 'zip' : 'file',
    sideFiles: input.sideFiles.map((file) => path.basename(file)),
    // Images beside the model count even when assimp drops them (KTX2, the variants' extra maps).
    texturesIn: Math.max(intermediateInfo ? texturesSeen(intermediateInfo, nativeDir) : 0, input.sideImages.length),
    ours: { ...oursRun, outputInfo: oursRun.output ? glbInfo(oursRun.output) : null },
    preview: null,
    native: {
      ...nativeRun,
      intermediateInfo,
      outputInfo: nativeOut,
      outputBytes: nativeRun.output ? fs.statSync(nativeRun.output).size : 0,
    },
    textureMemory: textures,
    ...(textureMemoryError ? { textureMemoryError } : {}),
  };
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
