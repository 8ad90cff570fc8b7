import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { SourceMessageCode } from '@meshport/contract';
import { type ConversionError, codedFailure } from './conversion-types.ts';
import { FileIndex, type IndexedFile } from './file-index.ts';
import { detectUploadKind, kindFromName, type UploadKind } from './file-kind.ts';
import { unpackArchive } from './safe-archive.ts';
import { prepareSource, readHead } from './source-checks.ts';

export type ModelKind = Exclude<UploadKind, 'mtl' | 'zip' | 'image'>;

export interface Inspection {
  kind: ModelKind;
  /** The main model file; its `name` carries the real extension. */
  main: IndexedFile;
  index: FileIndex;
  bundled: boolean;
  message: string;
  warnings: string[];
}

const MODEL_KINDS: readonly ModelKind[] = ['gltf', 'glb', 'fbx', 'obj', 'dae', 'zae', '3ds', 'ply', 'stl', 'off'];
const LABEL: Record<ModelKind, string> = {
  gltf: 'glTF',
  glb: 'GLB',
  fbx: 'FBX',
  obj: 'OBJ',
  dae: 'Collada',
  zae: 'Collada (ZAE)',
  '3ds': '3DS',
  ply: 'PLY',
  stl: 'STL',
  off: 'OFF',
};

const fail = (code: SourceMessageCode, params: Record<string, string> = {}): ConversionError =>
  codedFailure('inspect', code, params);

function isModelKind(kind: UploadKind | null): kind is ModelKind {
  return kind !== null && (MODEL_KINDS as readonly string[]).includes(kind);
}

function mismatch(name: string): ConversionError {
  const ext = path.extname(name).toLowerCase();
  if (!kindFromName(name)) return ext ? fail('typeNotSupported', { extension: ext }) : fail('typeNoExtension');
  return fail('contentMismatch', { fileName: path.basename(name), format: ext.slice(1).toUpperCase() });
}

/** Detects the kind, unpacks bundles safely and picks the main model file. */
export async function inspectUpload(input: {
  filePath: string;
  fileName: string;
  workDir: string;
}): Promise<Inspection> {
  const info = await stat(input.filePath).catch(() => null);
  if (!info?.isFile()) throw fail('fileNotFound');
  if (info.size === 0) throw fail('fileEmpty');
  const head = await readHead(input.filePath);
  const kind = detectUploadKind(head, input.fileName);
  if (!kind) throw mismatch(input.fileName);
  if (kind === 'mtl' || kind === 'image') {
    throw fail('notAloneModel');
  }
  const warnings: string[] = [];
  if (kind !== 'zip' && kind !== 'zae') {
    // A single file: only the file itself can be referenced (never its storage folder's neighbours).
    const main = {
      name: path.basename(input.fileName.replaceAll('\\', '/')),
      filePath: input.filePath,
      size: info.size,
    };
    const note = await prepareSource(main, kind, input.workDir);
    return {
      kind,
      main,
      index: new FileIndex([main]),
      bundled: false,
      message: `Found the model ${main.name} (${LABEL[kind]}, ${formatSize(info.size)})${note ? `; ${note}` : ''}`,
      warnings,
    };
  }

  const files = await unpackArchive(input.filePath, path.join(input.workDir, 'unpacked'));
  const index = new FileIndex(files);
  const candidates: { file: IndexedFile; kind: ModelKind }[] = [];
  for (const file of files) {
    const byName = kindFromName(file.name);
    if (!isModelKind(byName) || byName === 'zae') continue;
    if (path.posix.basename(file.name).startsWith('._') || file.name.startsWith('__MACOSX/')) continue;
    if (file.size === 0) continue;
    const detected = detectUploadKind(await readHead(file.filePath), file.name);
    if (!isModelKind(detected)) {
      warnings.push(
        `${path.posix.basename(file.name)} in the archive is not a valid ${byName.toUpperCase()} file and was ignored`,
      );
      continue;
    }
    candidates.push({ file, kind: detected });
  }
  if (candidates.length === 0) {
    const nested = files.some((f) => ['.zip', '.zae'].includes(path.extname(f.name).toLowerCase()));
    throw fail(nested ? 'archiveNestedOnly' : 'archiveNoModel');
  }
  // The largest model is the main one; on equal sizes the format order above decides.
  candidates.sort((a, b) => b.file.size - a.file.size || MODEL_KINDS.indexOf(a.kind) - MODEL_KINDS.indexOf(b.kind));
  const chosen = candidates[0] as (typeof candidates)[number];
  if (candidates.length > 1) {
    warnings.push(
      `The archive holds ${candidates.length} models; ${path.posix.basename(chosen.file.name)} (the largest) was converted`,
    );
  }
  const others = files.length - 1;
  const note = await prepareSource(chosen.file, chosen.kind, input.workDir);
  return {
    kind: chosen.kind,
    main: chosen.file,
    index,
    bundled: true,
    message: `Found the model ${chosen.file.name} (${LABEL[chosen.kind]}, ${formatSize(chosen.file.size)}) and ${others} other file${others === 1 ? '' : 's'}${note ? `; ${note}` : ''}`,
    warnings,
  };
}

export function formatSize(bytes: number) {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 ** 2) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
}
