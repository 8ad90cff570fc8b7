import { open } from 'node:fs/promises';
import path from 'node:path';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import type { CodedMessage } from '@meshport/contract';
import { ConversionError } from './conversion-types.ts';
import type { IndexedFile } from './file-index.ts';
import { ENCODING_LABEL, textEncoding, utf8CopyOf } from './text-encoding.ts';

/** The oldest FBX assimp reads: 7.1, written by FBX 2011 (its importer refuses anything older). */
export const OLDEST_READABLE_FBX = 7100;

const BINARY_FBX = 'Kaydara FBX Binary';

/**
 * The FBX version the file declares (6100 for FBX 6.1), from its first bytes: a binary FBX has it as a uint32 at
 * byte 23; an ASCII FBX says `FBXVersion: 6100` in its header (or `; FBX 6.1.0 project file` on its first line).
 */
export function fbxVersion(head: Buffer): number | null {
  if (head.toString('latin1', 0, BINARY_FBX.length) === BINARY_FBX) {
    return head.length >= 27 ? head.readUInt32LE(23) : null;
  }
  const text = head.toString('latin1');
  const declared = /FBXVersion:\s*(\d{4,5})/.exec(text);
  if (declared) return Number(declared[1]);
  const comment = /^;\s*FBX\s+(\d+)\.(\d+)\.(\d+)\s+project file/m.exec(text);
  return comment ? Number(comment[1]) * 1000 + Number(comment[2]) * 100 : null;
}

/**
 * A binary FBX whose zero bytes all became spaces (a text-mode copy or transfer): its magic ends in 0x20 0x1a 0x20
 * where it must end in 0x00 0x1a 0x00. Not repaired: a space the file really held cannot be told from a zero.
 */
export function fbxZerosAsSpaces(head: Buffer): boolean {
  const magic = BINARY_FBX.length + 2;
  return (
    head.toString('latin1', 0, BINARY_FBX.length) === BINARY_FBX &&
    head.length > magic + 2 &&
    head[magic] === 0x20 &&
    head[magic + 1] === 0x1a &&
    head[magic + 2] === 0x20
  );
}

/** The way out for an FBX before 2011, or null when its version is readable or not stated. */
export function fbxTooOldMessage(head: Buffer): CodedMessage | null {
  const version = fbxVersion(head);
  if (version === null || version >= OLDEST_READABLE_FBX) return null;
  const major = Math.floor(version / 1000);
  const minor = Math.floor((version % 1000) / 100);
  return { code: 'fbxTooOld', params: { version: `${major}.${minor}` } };
}

const READABLE_EXTENSIONS = new Set(ALL_EXTENSIONS.map((extension) => extension.EXTENSION_NAME));

/** The message naming the extensions a glTF file requires that no reader here knows, or null when it needs none. */
export function unsupportedExtensionsMessage(required: unknown, format: string): CodedMessage | null {
  if (!Array.isArray(required)) return null;
  const names = [...new Set(required.filter((name): name is string => typeof name === 'string'))].filter(
    (name) => !READABLE_EXTENSIONS.has(name),
  );
  return names.length === 0 ? null : { code: 'unsupportedExtensions', params: { format, names: names.join(', ') } };
}

/** Kinds read as text whose file may be UTF-16 (binary STL and PLY have no byte order mark to go by). */
const TEXT_KINDS: readonly string[] = ['obj', 'dae', 'gltf', 'off', 'fbx'];

/** The first 4 KB of a file: enough for every magic number and header checked here. */
export async function readHead(filePath: string): Promise<Buffer> {
  const handle = await open(filePath, 'r');
  try {
    const buf = Buffer.alloc(4096);
    const { bytesRead } = await handle.read(buf, 0, buf.length, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * Makes the main file readable or says why it is not: UTF-16 text is read from a UTF-8 copy (`main.filePath` then
 * names the copy), UTF-32, FBX before 2011 and a binary FBX whose zero bytes became spaces fail with a message naming the cause and the way out. Returns a note
 * for the inspect event when the file was transcoded.
 */
export async function prepareSource(main: IndexedFile, kind: string, workDir: string): Promise<string | null> {
  let head = await readHead(main.filePath);
  let note: string | null = null;
  if (TEXT_KINDS.includes(kind)) {
    const encoding = textEncoding(head);
    if (encoding === 'utf32') {
      throw ConversionError.coded('inspect', {
        code: 'unsupportedEncoding',
        params: { encoding: ENCODING_LABEL[encoding] },
      });
    }
    if (encoding === 'utf16le' || encoding === 'utf16be') {
      main.filePath = await utf8CopyOf(main.filePath, encoding, path.join(workDir, 'utf8'));
      head = await readHead(main.filePath);
      note = 'UTF-16 text, read as UTF-8';
    }
  }
  if (kind === 'fbx') {
    if (fbxZerosAsSpaces(head)) throw ConversionError.coded('inspect', { code: 'fbxZerosAsSpaces', params: {} });
    const tooOld = fbxTooOldMessage(head);
    if (tooOld) throw ConversionError.coded('inspect', tooOld);
  }
  return note;
}
