import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Document } from '@gltf-transform/core';
import { ConversionError, UNREADABLE_MESSAGE } from './conversion-types.ts';
import type { FileIndex } from './file-index.ts';
import { readGltfJson } from './gltf-import.ts';
import { parseGlb } from './gltf-io.ts';

interface AssimpFile {
  GetPath(): string;
  GetContent(): Uint8Array;
}
interface AssimpResult {
  IsSuccess(): boolean;
  GetErrorCode(): string;
  FileCount(): number;
  GetFile(index: number): AssimpFile;
}
interface AssimpModule {
  FileList: new () => { AddFile(name: string, content: Uint8Array): void };
  ConvertFileList(list: InstanceType<AssimpModule['FileList']>, format: string): AssimpResult;
}

const require = createRequire(import.meta.url);
let instance: Promise<AssimpModule> | undefined;

/** The assimp WebAssembly module, kept warm between jobs (dropped after a trap). */
function assimp(): Promise<AssimpModule> {
  instance ??= (require('assimpjs') as () => Promise<AssimpModule>)();
  return instance;
}

/** Loads and compiles the module ahead of the first job. */
export async function warmAssimp(): Promise<void> {
  await assimp();
}

const fail = (message: string) => new ConversionError('convert', message);

/** Imports any format assimp reads (FBX, DAE, 3DS, STL, PLY, OFF, …) through its GLB export. */
export async function importWithAssimp(
  filePath: string,
  name: string,
  index: FileIndex,
  warnings: string[],
): Promise<Document> {
  const module = await assimp();
  const content = await readFile(filePath);
  let glb: Uint8Array;
  try {
    const list = new module.FileList();
    list.AddFile(path.posix.basename(name), new Uint8Array(content.buffer, content.byteOffset, content.byteLength));
    const result = module.ConvertFileList(list, 'glb2');
    if (!result.IsSuccess() || result.FileCount() === 0) throw fail(UNREADABLE_MESSAGE);
    // Copy out of the wasm heap before anything else runs in it.
    glb = result.GetFile(0).GetContent().slice();
  } catch (error) {
    if (error instanceof ConversionError) throw error;
    // A trap (memory access out of bounds, abort) leaves the module in an unknown state: start a new one next time.
    instance = undefined;
    throw fail(UNREADABLE_MESSAGE);
  }
  return readGltfJson(parseGlb(glb), name, index, warnings, 'converted');
}
