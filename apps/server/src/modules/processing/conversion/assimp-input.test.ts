import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import { type AssimpExports, type AssimpFileList, fileListWith } from './assimp-input.ts';

interface Module {
  FileList: new () => AssimpFileList;
  ConvertFileList(
    list: AssimpFileList,
    format: string,
  ): {
    IsSuccess(): boolean;
    GetFile(index: number): { GetContent(): Uint8Array; delete(): void };
    delete(): void;
  };
  asm?: AssimpExports;
}

const require = createRequire(import.meta.url);
let module: Module;

beforeAll(async () => {
  module = await (require('assimpjs') as () => Promise<Module>)();
});

/** A strip of quads as OBJ text. */
function stripObj(quads: number): Uint8Array {
  const lines: string[] = [];
  for (let i = 0; i <= quads; i++) lines.push(`v ${i} 0 ${i % 7}`, `v ${i} 1 ${i % 5}`);
  for (let i = 1; i < 2 * quads; i += 2) lines.push(`f ${i} ${i + 2} ${i + 1}`, `f ${i + 1} ${i + 2} ${i + 3}`);
  return new TextEncoder().encode(`${lines.join('\n')}\n`);
}

function toGlb(list: AssimpFileList): Uint8Array {
  try {
    const result = module.ConvertFileList(list, 'glb2');
    try {
      expect(result.IsSuccess()).toBe(true);
      const file = result.GetFile(0);
      const glb = file.GetContent().slice();
      file.delete();
      return glb;
    } finally {
      result.delete();
    }
  } finally {
    list.delete();
  }
}

function addedSlowly(name: string, bytes: Uint8Array): AssimpFileList {
  const list = new module.FileList();
  list.AddFile(name, bytes);
  return list;
}

describe('fileListWith', () => {
  it('hands assimp the same bytes as its own AddFile: the output is identical', () => {
    const obj = stripObj(20_000);
    const fast = toGlb(fileListWith(module, () => new module.FileList(), 'strip.obj', obj));
    const slow = toGlb(addedSlowly('strip.obj', obj));
    expect(Buffer.from(fast).equals(Buffer.from(slow))).toBe(true);
  });

  it('falls back to the module’s own copy when the raw exports are not what it expects', () => {
    const obj = stripObj(50);
    const withoutExports = { ...module, asm: undefined } as Module;
    const list = fileListWith(withoutExports, () => new module.FileList(), 'strip.obj', obj);
    expect(Buffer.from(toGlb(list)).equals(Buffer.from(toGlb(addedSlowly('strip.obj', obj))))).toBe(true);
  });

  it('frees what it put in the module: converting the same file again does not grow the memory', () => {
    const obj = stripObj(20_000);
    const memory = module.asm?.jb as WebAssembly.Memory;
    for (let i = 0; i < 2; i++) toGlb(fileListWith(module, () => new module.FileList(), 'strip.obj', obj));
    const settled = memory.buffer.byteLength;
    for (let i = 0; i < 5; i++) toGlb(fileListWith(module, () => new module.FileList(), 'strip.obj', obj));
    expect(memory.buffer.byteLength).toBe(settled);
  });
});
