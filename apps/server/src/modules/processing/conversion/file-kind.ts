import path from 'node:path';

import { UPLOAD_KIND_BY_EXTENSION, type UploadKind, uploadKindFromName } from '@meshport/contract';
import { decodeUtf16Head, textEncoding } from './text-encoding.ts';

export type { UploadKind };

/** Accepted upload file extensions (lower case, with dot). */
export const MODEL_EXTENSIONS: readonly string[] = Object.freeze(Object.keys(UPLOAD_KIND_BY_EXTENSION));

/** The extension-only kind of a file name, or null when the extension is not accepted. */
export const kindFromName = uploadKindFromName;

const startsWith = (head: Buffer, bytes: readonly number[], offset = 0) =>
  head.length >= offset + bytes.length && bytes.every((b, i) => head[offset + i] === b);
const ascii = (head: Buffer, text: string, offset = 0) =>
  head.length >= offset + text.length && head.toString('latin1', offset, offset + text.length) === text;

const PNG = [0x89, 0x50, 0x4e, 0x47];
const JPEG = [0xff, 0xd8, 0xff];
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const ZIP_EMPTY = [0x50, 0x4b, 0x05, 0x06];

/** A known binary signature of something that is never a 3D model nor a texture (executables, scripts, documents). */
function isForeignBinary(head: Buffer): boolean {
  return (
    startsWith(head, [0x7f, 0x45, 0x4c, 0x46]) || // ELF
    ascii(head, 'MZ') || // PE / DOS
    startsWith(head, [0xcf, 0xfa, 0xed, 0xfe]) || // Mach-O
    startsWith(head, [0xfe, 0xed, 0xfa, 0xcf]) ||
    startsWith(head, [0xca, 0xfe, 0xba, 0xbe]) ||
    ascii(head, '#!') ||
    ascii(head, '%PDF') ||
    startsWith(head, [0x1f, 0x8b]) || // gzip
    ascii(head, 'Rar!') ||
    startsWith(head, [0x37, 0x7a, 0xbc, 0xaf]) // 7z
  );
}

function imageSignature(head: Buffer): boolean {
  return (
    startsWith(head, PNG) ||
    startsWith(head, JPEG) ||
    (ascii(head, 'RIFF') && ascii(head, 'WEBP', 8)) ||
    ascii(head, 'GIF8') ||
    ascii(head, 'BM') ||
    ascii(head, 'II*\0') ||
    ascii(head, 'MM\0*')
  );
}

/**
 * Text if no NUL byte and few control characters (UTF-8/Latin-1 content of OBJ, MTL, DAE, glTF, ASCII STL/PLY/OFF).
 * UTF-16 (a Collada file saved by Windows tools) is judged on its characters; UTF-32 passes here so that inspecting
 * it can say which encoding it is instead of "invalid type".
 */
function looksLikeText(head: Buffer): boolean {
  const encoding = textEncoding(head);
  if (encoding === 'utf32') return true;
  if (encoding !== 'utf8') return looksLikeTextChars(decodeUtf16Head(head, encoding));
  let control = 0;
  for (const byte of head) {
    if (byte === 0) return false;
    if (byte < 9 || (byte > 13 && byte < 32)) control++;
  }
  return control <= head.length / 100;
}

function looksLikeTextChars(text: string): boolean {
  let control = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0) return false;
    if (code < 9 || (code > 13 && code < 32)) control++;
  }
  return control <= text.length / 100;
}

/** TGA has no magic: check the header fields are plausible. */
function plausibleTga(head: Buffer): boolean {
  if (head.length < 18) return false;
  const colorMapType = head[1] ?? 255;
  const imageType = head[2] ?? 255;
  const width = head.readUInt16LE(12);
  const height = head.readUInt16LE(14);
  const depth = head[16] ?? 0;
  return (
    colorMapType <= 1 &&
    [1, 2, 3, 9, 10, 11].includes(imageType) &&
    width > 0 &&
    height > 0 &&
    [8, 15, 16, 24, 32].includes(depth)
  );
}

/**
 * The kind of an upload judged by its first bytes (≥ 4 KiB or the whole file) AND its name: null when the content
 * contradicts the name or the name is not accepted. Lenient for text formats (an .obj that is text passes, even
 * empty); strict for binary magic (an .fbx that is a PNG, a .zip without PK magic, ELF/PE/scripts → null).
 */
export function detectUploadKind(head: Buffer, fileName: string): UploadKind | null {
  const kind = kindFromName(fileName);
  if (!kind) return null;
  if (head.length > 0 && isForeignBinary(head)) return null;
  const ext = path.extname(fileName).toLowerCase();
  switch (kind) {
    case 'zip':
    case 'zae':
      return startsWith(head, ZIP) || startsWith(head, ZIP_EMPTY) ? kind : null;
    case 'glb':
      return ascii(head, 'glTF') ? kind : null;
    case 'fbx':
      // Binary FBX starts with "Kaydara FBX Binary"; ASCII FBX is text.
      if (ascii(head, 'Kaydara FBX Binary')) return kind;
      return head.length > 0 && !imageSignature(head) && !startsWith(head, ZIP) && looksLikeText(head) ? kind : null;
    case '3ds':
      // Main chunk id 0x4D4D, little endian.
      return startsWith(head, [0x4d, 0x4d]) ? kind : null;
    case 'stl':
      // Binary STL has no magic (80-byte header); refuse only known other signatures.
      return head.length === 0 || (!imageSignature(head) && !startsWith(head, ZIP)) ? kind : null;
    case 'ply':
      return head.length === 0 || ascii(head, 'ply') ? kind : null;
    case 'obj':
    case 'mtl':
    case 'dae':
    case 'gltf':
    case 'off':
      return looksLikeText(head) ? kind : null;
    case 'image':
      if (ext === '.png') return startsWith(head, PNG) ? kind : null;
      if (ext === '.jpg' || ext === '.jpeg') return startsWith(head, JPEG) ? kind : null;
      if (ext === '.webp') return ascii(head, 'RIFF') && ascii(head, 'WEBP', 8) ? kind : null;
      if (ext === '.gif') return ascii(head, 'GIF8') ? kind : null;
      if (ext === '.bmp') return ascii(head, 'BM') ? kind : null;
      if (ext === '.tif' || ext === '.tiff') return ascii(head, 'II*\0') || ascii(head, 'MM\0*') ? kind : null;
      if (ext === '.tga') return plausibleTga(head) ? kind : null;
      return null;
  }
}
