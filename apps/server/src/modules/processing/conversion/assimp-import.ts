import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Document } from '@gltf-transform/core';
import { type AssimpExports, type AssimpFileList, fileListWith } from './assimp-input.ts';
import { ConversionError, codedFailure } from './conversion-types.ts';
import type { FileIndex } from './file-index.ts';
import { readGltfJson } from './gltf-import.ts';
import { parseGlb } from './gltf-io.ts';

interface AssimpFile {
  GetPath(): string;
  GetContent(): Uint8Array;
  delete(): void;
}
interface AssimpResult {
  IsSuccess(): boolean;
  GetErrorCode(): string;
  FileCount(): number;
  GetFile(index: number): AssimpFile;
  delete(): void;
}
interface AssimpModule {
  FileList: new () => AssimpFileList;
  ConvertFileList(list: AssimpFileList, format: string): AssimpResult;
  asm?: AssimpExports;
}

const require = createRequire(import.meta.url);
let instance: Promise<AssimpModule> | undefined;

/** The assimp WebAssembly module, kept warm between jobs (dropped after a trap). */
function assimp(): Promise<AssimpModule> {
  instance ??= (require('assimpjs') as () => Promise<AssimpModule>)();
  return instance;
}

/** A small OBJ strip (a few kB): converted once so that the first job does not pay for the glue's warm-up. */
function warmUpModel(): Uint8Array {
  const lines: string[] = [];
  for (let i = 0; i < 200; i++) lines.push(`v ${i} 0 0`, `v ${i} 1 0`);
  for (let i = 1; i < 399; i += 2) lines.push(`f ${i} ${i + 2} ${i + 1}`, `f ${i + 1} ${i + 2} ${i + 3}`);
  return new TextEncoder().encode(lines.join('\n'));
}

/**
 * Loads and compiles the module ahead of the first job, and converts a small model once: the first file read
 * through it no longer pays for the warm-up of its JavaScript glue (about 60 ms).
 */
export async function warmAssimp(): Promise<void> {
  const module = await assimp();
  try {
    convert(module, 'warm-up.obj', warmUpModel());
  } catch {
    // Only a warm-up: a module that fails it is started afresh by the first job.
    instance = undefined;
  }
}

const unreadable = () => codedFailure('convert', 'unreadable');

/** Converts one file to GLB in the module; null when assimp cannot read it. Frees what it made in the module. */
function convert(module: AssimpModule, name: string, bytes: Uint8Array): Uint8Array | null {
  const list = fileListWith(module, () => new module.FileList(), name, bytes);
  let result: AssimpResult | undefined;
  try {
    result = module.ConvertFileList(list, 'glb2');
    if (!result.IsSuccess() || result.FileCount() === 0) return null;
    const file = result.GetFile(0);
    try {
      // Copy out of the wasm heap before anything else runs in it.
      return file.GetContent().slice();
    } finally {
      file.delete();
    }
  } finally {
    result?.delete();
    list.delete();
  }
}

/** Imports any format assimp reads (FBX, DAE, 3DS, STL, PLY, OFF, …) through its GLB export. */
export async function importWithAssimp(
  filePath: string,
  name: string,
  index: FileIndex,
  warnings: string[],
): Promise<Document> {
  const module = await assimp();
  const content = await readFile(filePath);
  let glb: Uint8Array | null;
  try {
    glb = convert(
      module,
      path.posix.basename(name),
      new Uint8Array(content.buffer, content.byteOffset, content.byteLength),
    );
  } catch (error) {
    if (error instanceof ConversionError) throw error;
    // A trap (memory access out of bounds, abort) leaves the module in an unknown state: start a new one next time.
    instance = undefined;
    throw unreadable();
  }
  if (!glb) throw unreadable();
  // Damage found in assimp's output is named by the format uploaded: a message's parameters are never English words.
  return readGltfJson(parseGlb(glb), name, index, warnings, path.posix.extname(name).slice(1).toUpperCase() || '3D');
}
