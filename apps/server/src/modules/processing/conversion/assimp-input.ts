/**
 * Puts an upload's bytes into assimpjs's file list without its per-byte copy (decision 0042).
 *
 * assimpjs 0.0.10 copies `FileList.AddFile`'s content through `emscripten::vecFromJSArray`: six calls
 * between JavaScript and WebAssembly per byte, about 165 ns a byte (120 ms for a 725 kB Collada file that
 * then converts in 10 ms). Instead, the file is added empty and its `std::vector<uint8_t>` is pointed at a
 * block allocated with the module's own `malloc` and filled in one copy; the vector frees it as usual.
 *
 * That relies on the layout of the module's `FileList` (a `std::vector<File>`, each `File` a path string of
 * 12 bytes then its content vector: begin, end, capacity) and on its export names. Both are checked once per
 * module by adding a known probe and reading it back; a module that does not match gets the slow copy.
 */

export interface AssimpFileList {
  AddFile(name: string, content: Uint8Array): void;
  delete(): void;
  /** Embind's handle: the C++ object's address in the module's memory. */
  $$: { ptr: number };
}

/** The module's raw exports (emscripten's minified names): its memory and `malloc`. */
export interface AssimpExports {
  jb?: unknown;
  mb?: unknown;
}

const FILE_BYTES = 24;
const CONTENT_OFFSET = 12;
const PROBE = Uint8Array.of(0x4d, 0x65, 0x73, 0x68, 0x70, 0x6f, 0x72, 0x74, 0x21);

interface RawAccess {
  memory: WebAssembly.Memory;
  malloc: (size: number) => number;
}

const checked = new WeakMap<object, RawAccess | null>();

function rawAccess(exports: AssimpExports | undefined): RawAccess | null {
  if (!exports) return null;
  const { jb: memory, mb: malloc } = exports;
  if (!(memory instanceof WebAssembly.Memory) || typeof malloc !== 'function') return null;
  return { memory, malloc: (size) => Number(malloc(size)) };
}

/** The first file's content vector of `list`: the addresses of its begin, end and capacity words. */
function contentWords(memory: WebAssembly.Memory, list: AssimpFileList): { words: Uint32Array; at: number } | null {
  const words = new Uint32Array(memory.buffer);
  const filesBegin = words[list.$$.ptr >> 2] ?? 0;
  const filesEnd = words[(list.$$.ptr >> 2) + 1] ?? 0;
  if (filesEnd - filesBegin !== FILE_BYTES) return null;
  return { words, at: (filesBegin + CONTENT_OFFSET) >> 2 };
}

/** Whether the module lays out a file list as expected: a probe added the slow way reads back whole. */
function probe(newList: () => AssimpFileList, access: RawAccess): boolean {
  const list = newList();
  try {
    list.AddFile('probe.bin', PROBE);
    const content = contentWords(access.memory, list);
    if (!content) return false;
    const begin = content.words[content.at] ?? 0;
    const end = content.words[content.at + 1] ?? 0;
    if (end - begin !== PROBE.length) return false;
    const read = new Uint8Array(access.memory.buffer, begin, PROBE.length);
    return read.every((byte, i) => byte === PROBE[i]);
  } catch {
    return false;
  } finally {
    list.delete();
  }
}

/**
 * A new file list holding one file, `name` with `bytes`. `module` is the assimpjs module (its raw exports
 * sit on `asm`); `newList` makes an empty `FileList`.
 */
export function fileListWith(
  module: { asm?: AssimpExports },
  newList: () => AssimpFileList,
  name: string,
  bytes: Uint8Array,
): AssimpFileList {
  let access = checked.get(module);
  if (access === undefined) {
    const raw = rawAccess(module.asm);
    access = raw && probe(newList, raw) ? raw : null;
    checked.set(module, access);
  }
  const list = newList();
  if (!access || bytes.length === 0) {
    list.AddFile(name, bytes);
    return list;
  }
  list.AddFile(name, new Uint8Array(0));
  const block = access.malloc(bytes.length);
  if (block === 0) {
    list.delete();
    throw new RangeError(`The converter could not allocate ${bytes.length} bytes for the file.`);
  }
  new Uint8Array(access.memory.buffer).set(bytes, block);
  // Read the words after malloc: growing the memory replaces its buffer.
  const content = contentWords(access.memory, list);
  if (!content) {
    list.delete();
    throw new Error('The converter file list changed its layout after the probe.');
  }
  content.words[content.at] = block;
  content.words[content.at + 1] = block + bytes.length;
  content.words[content.at + 2] = block + bytes.length;
  return list;
}
