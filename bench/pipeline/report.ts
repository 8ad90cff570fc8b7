import type { GlbInfo } from './glb-info.ts';
import type { NativeRun } from './native-route.ts';
import type { OursRun, PreviewRun } from './ours-route.ts';
import { allTotals, SAMPLE_FOLDERS } from './report-figures.ts';
import type { TextureMemory } from './texture-memory.ts';

export interface FileResult {
  name: string;
  /** `samples`, `real-world` or `generated` (the heavy model). */
  folder: string;
  format: string;
  heavy: boolean;
  inputBytes: number;
  uploadedAs: 'file' | 'zip';
  sideFiles: string[];
  texturesIn: number;
  ours: OursRun & { outputInfo: GlbInfo | null };
  preview: PreviewRun | null;
  native: NativeRun & { intermediateInfo: GlbInfo | null; outputInfo: GlbInfo | null; outputBytes: number };
  /** GPU texture memory of our output; null when we failed or it could not be read. */
  textureMemory: TextureMemory | null;
  textureMemoryError?: string;
}

export const TARGETS = { sampleRatio: 0.2, heavyRatio: 1.0, converterPeakMb: 1024 } as const;

const ms = (value: number | undefined) => (value === undefined ? '-' : String(Math.round(value)));
const mb = (bytes: number | undefined) => (bytes === undefined || bytes === 0 ? '-' : (bytes / 1e6).toFixed(2));
const count = (value: number | undefined) =>
  value === undefined ? '-' : value >= 10_000 ? `${Math.round(value / 1000)}k` : String(value);
const cell = (text: string, width: number, left = false) =>
  left ? text.slice(0, width).padEnd(width) : text.slice(0, width).padStart(width);

/** Both routes produced a model. */
export const bothConverted = (file: FileResult) => file.ours.ok && file.native.ok;
const oursTextures = (file: FileResult) => file.ours.outputInfo?.images ?? file.ours.figures?.textures ?? 0;

export function printTable(results: FileResult[], log: (line: string) => void): void {
  const header = [
    cell('file', 44, true),
    cell('upload', 8, true),
    cell('tri in', 7),
    cell('ours', 6),
    cell('nat', 6),
    cell('MB in', 6),
    cell('ours', 6),
    cell('nat', 6),
    ' |',
    cell('insp', 5),
    cell('conv', 6),
    cell('opt', 6),
    cell('OURS', 6),
    cell('prev', 5),
    ' |',
    cell('assimp', 6),
    cell('optim', 6),
    cell('NATIVE', 6),
    cell('ratio', 6),
    ' |',
    cell('ours', 5),
    cell('asmp', 5),
    cell('optm', 5),
    ' |',
    cell('tex', 4),
    cell('ours', 4),
    cell('nat', 4),
  ].join(' ');
  log(
    `${' '.repeat(55)}triangles             sizes MB             | ours ms                              | native ms                   | peak MB           | textures`,
  );
  log(header);
  log('-'.repeat(header.length));
  for (const file of results) {
    const o = file.ours;
    const n = file.native;
    const trianglesIn = o.figures?.trianglesBefore || n.intermediateInfo?.triangles;
    log(
      [
        cell(file.name.replace(/^glTF2\/[^/]+\//, 'glTF2/'), 44, true),
        cell(file.uploadedAs === 'zip' ? `${file.format}+zip` : file.format, 8, true),
        cell(count(trianglesIn), 7),
        cell(o.ok ? count(o.figures?.triangles) : 'FAIL', 6),
        cell(n.ok ? count(n.outputInfo?.triangles) : 'FAIL', 6),
        cell(mb(file.inputBytes), 6),
        cell(mb(o.figures?.outputBytes), 6),
        cell(mb(n.outputBytes), 6),
        ' |',
        cell(ms(o.stepsMs.inspect), 5),
        cell(ms(o.stepsMs.convert), 6),
        cell(ms(o.stepsMs.optimise), 6),
        cell(o.ok ? ms(o.ms) : 'FAIL', 6),
        cell(file.preview ? (file.preview.ok ? ms(file.preview.ms) : 'FAIL') : '-', 5),
        ' |',
        cell(n.assimp.ok ? ms(n.assimp.ms) : 'FAIL', 6),
        cell(n.optimize ? (n.optimize.ok ? ms(n.optimize.ms) : 'FAIL') : '-', 6),
        cell(n.ok ? ms(n.ms) : 'FAIL', 6),
        cell(bothConverted(file) ? (o.ms / n.ms).toFixed(2) : '-', 6),
        ' |',
        cell(ms(o.peakMb), 5),
        cell(ms(n.assimp.peakMb), 5),
        cell(n.optimize ? ms(n.optimize.peakMb) : '-', 5),
        ' |',
        cell(String(file.texturesIn), 4),
        cell(o.ok ? String(oursTextures(file)) : '-', 4),
        cell(n.ok ? String(n.outputInfo?.images ?? 0) : '-', 4),
      ].join(' '),
    );
  }
  const failures = results.filter((file) => !file.ours.ok || !file.native.ok);
  if (failures.length) {
    log('\nFailures');
    for (const file of failures) {
      if (!file.ours.ok) log(`  ours   ${file.name}: ${file.ours.error}`);
      if (!file.native.ok)
        log(
          `  native ${file.name}: ${file.native.assimp.ok ? `gltf-transform optimize ${file.native.optimize?.error}` : `assimp ${file.native.assimp.error}`}`,
        );
    }
  }
  const warned = results.filter((file) => file.ours.warnings.length);
  if (warned.length) {
    log('\nOur warnings');
    for (const file of warned) log(`  ${file.name}: ${file.ours.warnings.join(' | ')}`);
  }
  const previews = results.filter((file) => file.preview);
  if (previews.length) {
    const done = previews.filter((file) => file.preview?.ok);
    const total = done.reduce((sum, file) => sum + (file.preview?.ms ?? 0), 0);
    const peak = Math.max(0, ...previews.map((file) => file.preview?.peakMb ?? 0));
    log(
      `\nPreviews (ours only, not in the totals): ${done.length}/${previews.length} rendered, ${ms(total)} ms in total, renderer peak ${ms(peak)} MB`,
    );
  }
}

export interface TargetCheck {
  target: string;
  met: boolean;
  detail: string;
}

const seconds = (value: number) => `${(value / 1000).toFixed(2)} s`;

export function targetChecks(results: FileResult[]): TargetCheck[] {
  const checks: TargetCheck[] = [];
  const samples = results.filter((file) => !file.heavy);
  const totals = allTotals(results);
  const overall = totals.find((total) => total.folder === 'overall');
  if (overall && overall.ratio !== null) {
    const perFolder = totals
      .filter((total) => (SAMPLE_FOLDERS as readonly string[]).includes(total.folder))
      .map(
        (total) =>
          `${total.folder} ${total.ratio === null ? '-' : total.ratio.toFixed(3)} (${total.both} files, ours ${seconds(total.oursMsBoth)}, native ${seconds(total.nativeMsBoth)})`,
      );
    checks.push({
      target: `both sample folders, total time ≤ ${TARGETS.sampleRatio} × native`,
      met: overall.oursMsBoth <= TARGETS.sampleRatio * overall.nativeMsBoth,
      detail: `${overall.both} files both routes finished (the ratio counts only those): ours ${seconds(overall.oursMsBoth)}, native ${seconds(overall.nativeMsBoth)}, ratio ${overall.ratio.toFixed(3)}; per folder: ${perFolder.join(', ')}; ours on all ${overall.finished} it finished: ${seconds(overall.oursMsFinished)}`,
    });
  }
  for (const heavy of results.filter((file) => file.heavy)) {
    const met = bothConverted(heavy) && heavy.ours.ms <= TARGETS.heavyRatio * heavy.native.ms;
    checks.push({
      target: `${heavy.name} ≤ ${TARGETS.heavyRatio} × native`,
      met,
      detail: `ours ${heavy.ours.ok ? seconds(heavy.ours.ms) : `FAILED (${heavy.ours.error})`} (${Object.entries(
        heavy.ours.stepsMs,
      )
        .map(([step, value]) => `${step} ${seconds(value)}`)
        .join(
          ', ',
        )}), native ${heavy.native.ok ? seconds(heavy.native.ms) : 'FAILED'} (assimp ${seconds(heavy.native.assimp.ms)}, optimize ${heavy.native.optimize ? seconds(heavy.native.optimize.ms) : '-'})${bothConverted(heavy) ? `, ratio ${(heavy.ours.ms / heavy.native.ms).toFixed(2)}` : ''}`,
    });
  }
  const peaks = results.map((file) => ({ name: file.name, peak: file.ours.peakMb }));
  const top = peaks.reduce((best, entry) => (entry.peak > best.peak ? entry : best), { name: '-', peak: 0 });
  checks.push({
    target: `converter peak memory ≤ ${TARGETS.converterPeakMb} MB`,
    met: top.peak > 0 && top.peak <= TARGETS.converterPeakMb,
    detail:
      top.peak > 0
        ? `highest ${Math.round(top.peak)} MB (${top.name}); samples only: ${Math.round(Math.max(0, ...samples.map((file) => file.ours.peakMb)))} MB`
        : 'no converter process found below the bench process',
  });
  // A sample neither assimp nor we can read is damaged, not valid (FBX/transparentTest.fbx: its NUL bytes are spaces).
  const unreadable = samples.filter((file) => !file.ours.ok && !file.native.assimp.ok);
  const valid = samples.filter((file) => !unreadable.includes(file));
  const failed = valid.filter((file) => !file.ours.ok);
  const textured = valid.filter((file) => file.texturesIn > 0);
  const lost = textured.filter((file) => !file.ours.ok || oursTextures(file) === 0);
  // Fewer is not necessarily a loss: textures of materials no mesh uses are pruned (OBJ/spider.mtl's Brusttex).
  const fewer = textured.filter(
    (file) => file.ours.ok && oursTextures(file) > 0 && oursTextures(file) < file.texturesIn,
  );
  // KTX2 input stays KTX2 (decision 0036): every other image comes out as WebP.
  const notWebp = samples.filter((file) =>
    (file.ours.outputInfo?.imageTypes ?? []).some((type) => type !== 'image/webp' && type !== 'image/ktx2'),
  );
  checks.push({
    target: 'every valid sample converted with its textures',
    met: valid.length > 0 && failed.length === 0 && lost.length === 0,
    detail: [
      `${valid.length - failed.length}/${valid.length} valid samples converted${failed.length ? ` (failed: ${failed.map((file) => file.name).join(', ')})` : ''}`,
      ...(unreadable.length
        ? [`not counted, unreadable by both routes: ${unreadable.map((file) => file.name).join(', ')}`]
        : []),
      `textures in → ours/native out: ${textured.map((file) => `${file.name} ${file.texturesIn}→${file.ours.ok ? oursTextures(file) : 'FAIL'}/${file.native.ok ? (file.native.outputInfo?.images ?? 0) : 'FAIL'}`).join(', ') || 'none'}`,
      lost.length ? `textures lost: ${lost.map((file) => file.name).join(', ')}` : 'no textures lost',
      ...(fewer.length
        ? [`fewer textures out than in (unused materials pruned?): ${fewer.map((file) => file.name).join(', ')}`]
        : []),
      notWebp.length
        ? `non-WebP images out: ${notWebp.map((file) => `${file.name} (${file.ours.outputInfo?.imageTypes.join('/')})`).join(', ')}`
        : 'all output images WebP (or KTX2 kept)',
    ].join('; '),
  });
  return checks;
}
