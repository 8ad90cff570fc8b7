/** The header of a PLY file: format, elements and their properties, checked line by line. */

import type { SourceMessageCode } from '@meshport/contract';
import { CodedError } from './conversion-types.ts';

export class PlySyntaxError extends CodedError {}

export type ScalarType = 'int8' | 'uint8' | 'int16' | 'uint16' | 'int32' | 'uint32' | 'float32' | 'float64';

const TYPES: Readonly<Record<string, ScalarType>> = {
  char: 'int8',
  int8: 'int8',
  uchar: 'uint8',
  uint8: 'uint8',
  short: 'int16',
  int16: 'int16',
  ushort: 'uint16',
  uint16: 'uint16',
  int: 'int32',
  int32: 'int32',
  uint: 'uint32',
  uint32: 'uint32',
  float: 'float32',
  float32: 'float32',
  double: 'float64',
  float64: 'float64',
};

export const SIZE: Readonly<Record<ScalarType, number>> = {
  int8: 1,
  uint8: 1,
  int16: 2,
  uint16: 2,
  int32: 4,
  uint32: 4,
  float32: 4,
  float64: 8,
};

export interface PlyProperty {
  name: string;
  type: ScalarType;
  /** Set for list properties: the type of the item count. */
  countType?: ScalarType;
}

export interface PlyElement {
  name: string;
  count: number;
  properties: PlyProperty[];
}

export type PlyFormat = 'ascii' | 'binary_little_endian' | 'binary_big_endian';

export interface PlyHeader {
  format: PlyFormat;
  elements: PlyElement[];
  /** Image files named by `comment TextureFile <name>` (MeshLab, assimp). */
  textureFiles: string[];
  /** Offset of the first byte after `end_header`. */
  bodyOffset: number;
}

const MAX_HEADER_BYTES = 64 * 1024;
/** A damaged PLY file, by message code (`ply…`). */
export const damaged = (code: SourceMessageCode, params: Record<string, string | number> = {}) =>
  new PlySyntaxError(code, params);

/** Parses the header; throws PlySyntaxError with a human message. */
export function parsePlyHeader(bytes: Uint8Array): PlyHeader {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, MAX_HEADER_BYTES));
  const text = head.toString('latin1');
  if (!/^ply\r?\n/.test(text)) throw damaged('plyNotPly');
  const end = /(^|\n)end_header[ \t]*(\r?\n|$)/.exec(text);
  if (!end) throw damaged('plyNoEndHeader');
  const bodyOffset = end.index + end[0].length;
  const lines = text.slice(0, end.index).split(/\r?\n/).slice(1);
  let format: PlyFormat | undefined;
  const elements: PlyElement[] = [];
  const textureFiles: string[] = [];
  for (const [i, raw] of lines.entries()) {
    const line = raw.trim();
    const where = { lineNumber: i + 2 };
    if (line === '') continue;
    const words = line.split(/\s+/);
    switch (words[0]) {
      case 'format': {
        if (format) throw damaged('plyFormatRepeated', where);
        const name = words[1];
        if (name !== 'ascii' && name !== 'binary_little_endian' && name !== 'binary_big_endian') {
          throw name ? damaged('plyFormatUnknown', { ...where, name }) : damaged('plyFormatMissing', where);
        }
        format = name;
        break;
      }
      case 'comment': {
        const texture = /^comment\s+TextureFile\s+(.+)$/i.exec(line);
        if (texture?.[1]) textureFiles.push(texture[1].trim());
        break;
      }
      case 'obj_info':
        break;
      case 'element': {
        const count = Number(words[2]);
        if (words.length !== 3 || !/^\d+$/.test(words[2] ?? '') || !Number.isSafeInteger(count)) {
          throw damaged('plyBadElement', where);
        }
        elements.push({ name: words[1] as string, count, properties: [] });
        break;
      }
      case 'property': {
        const element = elements.at(-1);
        if (!element) throw damaged('plyPropertyFirst', where);
        if (words[1] === 'list') {
          const countType = TYPES[words[2] ?? ''];
          const type = TYPES[words[3] ?? ''];
          if (words.length !== 5 || !countType || !type || countType.startsWith('float')) {
            throw damaged('plyBadListProperty', where);
          }
          element.properties.push({ name: words[4] as string, type, countType });
        } else {
          const type = TYPES[words[1] ?? ''];
          if (words.length !== 3 || !type) throw damaged('plyBadProperty', where);
          element.properties.push({ name: words[2] as string, type });
        }
        break;
      }
      default:
        // Free text some exporters write (Blender 2.4: "Created by Blender3D…"): ignored, as other readers do.
        break;
    }
  }
  if (!format) throw damaged('plyNoFormat');
  return { format, elements, textureFiles, bodyOffset };
}
