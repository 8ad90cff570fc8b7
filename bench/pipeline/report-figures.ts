import { dimensions } from '../../apps/server/src/modules/processing/pipeline/finish.step.ts';
import { REAL_WORLD_FOLDER } from './inputs.ts';
import type { FileResult } from './report.ts';

/**
 * Issue 26's figures per file and per folder: status, our time beside native `assimp` + `gltf-transform
 * optimize` and their ratio, bytes, the validator's counts on our decoded output, the size in metres and the
 * output's GPU texture memory. The ratio counts only files both routes finished.
 */

export const SAMPLE_FOLDERS = ['samples', REAL_WORLD_FOLDER] as const;

export interface FolderTotals {
  folder: string;
  files: number;
  finished: number;
  failed: number;
  nativeFailed: number;
  /** Files both routes finished: the ratio's files. */
  both: number;
  oursMsBoth: number;
  nativeMsBoth: number;
  /** oursMsBoth / nativeMsBoth; null when no file finished on both routes. */
  ratio: number | null;
  /** Our time over every file we finished. */
  oursMsFinished: number;
  inputBytes: number;
  /** Our output, files we finished. */
  outputBytes: number;
  validatorErrors: number;
  validatorWarnings: number;
  textures: number;
  gpuBytes: number;
  rgba8Bytes: number;
}

export function folderTotals(folder: string, files: FileResult[]): FolderTotals {
  const both = files.filter((file) => file.ours.ok && file.native.ok);
  const finished = files.filter((file) => file.ours.ok);
  const sum = (list: FileResult[], pick: (file: FileResult) => number) =>
    list.reduce((total, file) => total + pick(file), 0);
  const oursMsBoth = sum(both, (file) => file.ours.ms);
  const nativeMsBoth = sum(both, (file) => file.native.ms);
  return {
    folder,
    files: files.length,
    finished: finished.length,
    failed: files.length - finished.length,
    nativeFailed: files.filter((file) => !file.native.ok).length,
    both: both.length,
    oursMsBoth,
    nativeMsBoth,
    ratio: nativeMsBoth > 0 ? oursMsBoth / nativeMsBoth : null,
    oursMsFinished: sum(finished, (file) => file.ours.ms),
    inputBytes: sum(files, (file) => file.inputBytes),
    outputBytes: sum(finished, (file) => file.ours.figures?.outputBytes ?? 0),
    validatorErrors: sum(finished, (file) => file.ours.figures?.validatorErrors ?? 0),
    validatorWarnings: sum(finished, (file) => file.ours.figures?.validatorWarnings ?? 0),
    textures: sum(finished, (file) => file.textureMemory?.textures ?? 0),
    gpuBytes: sum(finished, (file) => file.textureMemory?.gpuBytes ?? 0),
    rgba8Bytes: sum(finished, (file) => file.textureMemory?.rgba8Bytes ?? 0),
  };
}

/** Totals of each folder present (samples, real-world, generated) and `overall`: both sample folders. */
export function allTotals(results: FileResult[]): FolderTotals[] {
  const folders = [...new Set(results.map((file) => file.folder))];
  const totals = folders.map((folder) =>
    folderTotals(
      folder,
      results.filter((file) => file.folder === folder),
    ),
  );
  const samples = results.filter((file) => (SAMPLE_FOLDERS as readonly string[]).includes(file.folder));
  if (samples.length) totals.push(folderTotals('overall', samples));
  return totals;
}

const cell = (text: string, width: number, left = false) =>
  left ? text.slice(0, width).padEnd(width) : text.slice(0, width).padStart(width);
const mb = (bytes: number) => (bytes / 1e6).toFixed(3);
const metres = (value: number) =>
  value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value >= 1 ? value.toFixed(2) : value.toFixed(3);

function dimensionsText(file: FileResult): string {
  const size = file.ours.figures ? dimensions(file.ours.figures.bounds) : null;
  return size ? `${metres(size.width)}×${metres(size.depth)}×${metres(size.height)}` : '-';
}

function nativeReason(file: FileResult): string {
  const n = file.native;
  return n.assimp.ok ? `gltf-transform optimize ${n.optimize?.error ?? ''}` : `assimp ${n.assimp.error ?? ''}`;
}

const WIDTHS = { name: 53, status: 8, ms: 7, ratio: 5, bytes: 7, validator: 7, size: 20, gpu: 7 } as const;

/** A row; without a status its name takes the status column too (the totals' labels). */
function row(values: {
  name: string;
  status?: string;
  ours: string;
  native: string;
  ratio: string;
  input: string;
  output: string;
  validator: string;
  size: string;
  gpu: string;
  rgba8: string;
}): string {
  return [
    values.status === undefined
      ? cell(values.name, WIDTHS.name + 1 + WIDTHS.status, true)
      : `${cell(values.name, WIDTHS.name, true)} ${cell(values.status, WIDTHS.status, true)}`,
    cell(values.ours, WIDTHS.ms),
    cell(values.native, WIDTHS.ms),
    cell(values.ratio, WIDTHS.ratio),
    cell(values.input, WIDTHS.bytes),
    cell(values.output, WIDTHS.bytes),
    cell(values.validator, WIDTHS.validator),
    cell(values.size, WIDTHS.size),
    cell(values.gpu, WIDTHS.gpu),
    cell(values.rgba8, WIDTHS.gpu),
  ].join(' ');
}

const label = (folder: string) => (folder === 'overall' ? 'both sample folders' : folder);

function totalRow(total: FolderTotals): string {
  return row({
    name: `TOTAL ${label(total.folder)}: ${total.finished}/${total.files} FINISHED, ${total.both} on both`,
    ours: String(Math.round(total.oursMsBoth)),
    native: String(Math.round(total.nativeMsBoth)),
    ratio: total.ratio === null ? '-' : total.ratio.toFixed(2),
    input: mb(total.inputBytes),
    output: mb(total.outputBytes),
    validator: `${total.validatorErrors}/${total.validatorWarnings}`,
    size: '',
    gpu: mb(total.gpuBytes),
    rgba8: mb(total.rgba8Bytes),
  });
}

export function printFigures(results: FileResult[], log: (line: string) => void): void {
  const header = row({
    name: 'file',
    status: 'status',
    ours: 'ours ms',
    native: 'nat ms',
    ratio: 'ratio',
    input: 'in MB',
    output: 'out MB',
    validator: 'val E/W',
    size: 'W×D×H m',
    gpu: 'GPU MB',
    rgba8: 'RGBA8',
  });
  log('Figures per file (issue 26): our output; val E/W = glTF-Validator errors/warnings on it, decoded;');
  log('GPU MB = its textures in GPU memory with mipmaps (KTX2 kept compressed), RGBA8 = the same textures decoded.');
  log(header);
  log('-'.repeat(header.length));
  const totals = allTotals(results);
  for (const total of totals) {
    if (total.folder === 'overall') continue;
    log(`[${total.folder}]`);
    for (const file of results.filter((entry) => entry.folder === total.folder)) {
      const o = file.ours;
      const memory = file.textureMemory;
      log(
        row({
          name: file.name.startsWith(`${file.folder}/`) ? file.name.slice(file.folder.length + 1) : file.name,
          status: o.ok ? 'FINISHED' : 'FAILED',
          ours: String(Math.round(o.ms)),
          native: file.native.ok ? String(Math.round(file.native.ms)) : 'failed',
          ratio: o.ok && file.native.ok ? (o.ms / file.native.ms).toFixed(2) : '-',
          input: mb(file.inputBytes),
          output: o.figures ? mb(o.figures.outputBytes) : '-',
          validator: o.figures ? `${o.figures.validatorErrors}/${o.figures.validatorWarnings}` : '-',
          size: dimensionsText(file),
          gpu: memory ? mb(memory.gpuBytes) : '-',
          rgba8: memory ? mb(memory.rgba8Bytes) : '-',
        }),
      );
      if (!o.ok) log(`    FAILED: ${o.error ?? 'no message'}`);
      if (!file.native.ok) log(`    native: failed (${nativeReason(file)})`);
      if (file.textureMemoryError) log(`    GPU memory not read: ${file.textureMemoryError}`);
    }
    log(totalRow(total));
    log('');
  }
  const overall = totals.find((total) => total.folder === 'overall');
  if (overall) log(totalRow(overall));
  log(
    'Totals: ours ms, nat ms and ratio count only the files both routes finished ("on both"); bytes, validator counts and GPU memory count every file we finished; both sample folders = samples + real-world (the generated model has its own target).',
  );
  for (const total of totals)
    log(
      `  ${label(total.folder)}: ours on all ${total.finished} it finished ${Math.round(total.oursMsFinished)} ms; ${total.failed} FAILED; native failed on ${total.nativeFailed}; ${total.textures} textures out`,
    );
}
