import { readFile } from 'node:fs/promises';

/**
 * An FBX file's GlobalSettings: its unit (centimetres per unit) and its axis system. assimp reads
 * them into scene metadata that assimpjs neither applies nor exposes, so they are read here from the
 * file itself, binary or ASCII. Axes: 0 = X, 1 = Y, 2 = Z; signs ±1.
 */
export interface FbxGlobalSettings {
  unitScaleFactor: number;
  upAxis: number;
  upAxisSign: number;
  frontAxis: number;
  frontAxisSign: number;
  coordAxis: number;
  coordAxisSign: number;
}

const DEFAULTS: FbxGlobalSettings = {
  unitScaleFactor: 1,
  upAxis: 1,
  upAxisSign: 1,
  frontAxis: 2,
  frontAxisSign: 1,
  coordAxis: 0,
  coordAxisSign: 1,
};
const NAMES = Object.keys(DEFAULTS) as (keyof FbxGlobalSettings)[];
const byPropertyName = new Map(NAMES.map((key) => [key.charAt(0).toUpperCase() + key.slice(1), key]));

export const BINARY_MAGIC = 'Kaydara FBX Binary  \0';

/** The settings the file states (defaults for what it leaves out: Y up, centimetres); null when none can be read. */
export async function readFbxGlobalSettings(filePath: string): Promise<FbxGlobalSettings | null> {
  const bytes = await readFile(filePath);
  const found =
    bytes.toString('latin1', 0, BINARY_MAGIC.length) === BINARY_MAGIC
      ? binaryProperties(bytes)
      : asciiProperties(bytes);
  if (!found) return null;
  const settings = { ...DEFAULTS, ...found };
  return valid(settings) ? settings : null;
}

function valid(s: FbxGlobalSettings): boolean {
  const axes = [s.upAxis, s.frontAxis, s.coordAxis];
  const signs = [s.upAxisSign, s.frontAxisSign, s.coordAxisSign];
  return (
    Number.isFinite(s.unitScaleFactor) &&
    s.unitScaleFactor > 0 &&
    new Set(axes).size === 3 &&
    axes.every((axis) => axis === 0 || axis === 1 || axis === 2) &&
    signs.every((sign) => sign === 1 || sign === -1)
  );
}

function asciiProperties(bytes: Buffer): Partial<FbxGlobalSettings> | null {
  const text = bytes.toString('latin1');
  const start = text.indexOf('GlobalSettings:');
  if (start < 0) return null;
  const found: Partial<FbxGlobalSettings> = {};
  const property = /P:\s*"(\w+)"\s*,\s*"[^"]*"\s*,\s*"[^"]*"\s*,\s*"[^"]*"\s*,\s*([-+\d.eE]+)/g;
  property.lastIndex = start;
  const end = text.indexOf('\n}', start);
  for (let match = property.exec(text); match && (end < 0 || match.index < end); match = property.exec(text)) {
    const key = byPropertyName.get(match[1] as string);
    if (key) found[key] = Number(match[2]);
  }
  return found;
}

export interface FbxBinaryNode {
  end: number;
  count: number;
  name: string;
  properties: number;
  children: number;
}

/**
 * A binary FBX's node records (FBX 7.x; 64-bit offsets from 7500): `children(from, to)` lists the records between
 * two offsets (the file's top level from 27). Throws on a record that points outside the file.
 */
export function fbxBinaryTree(bytes: Buffer): { children: (from: number, to: number) => FbxBinaryNode[] } {
  const wide = bytes.readUInt32LE(23) >= 7500;
  const header = wide ? 25 : 13;
  const readNode = (at: number) => {
    if (at + header > bytes.length) return null;
    const end = wide ? Number(bytes.readBigUInt64LE(at)) : bytes.readUInt32LE(at);
    const count = wide ? Number(bytes.readBigUInt64LE(at + 8)) : bytes.readUInt32LE(at + 4);
    const listLength = wide ? Number(bytes.readBigUInt64LE(at + 16)) : bytes.readUInt32LE(at + 8);
    const nameLength = bytes.readUInt8(at + header - 1);
    const name = bytes.toString('latin1', at + header, at + header + nameLength);
    const properties = at + header + nameLength;
    if (end === 0) return null;
    if (end > bytes.length || end <= at) throw new Error('bad FBX node');
    return { end, count, name, properties, children: properties + listLength };
  };
  const children = (from: number, to: number) => {
    const list: FbxBinaryNode[] = [];
    for (let at = from; at < to; ) {
      const node = readNode(at);
      if (!node) break;
      list.push(node);
      at = node.end;
    }
    return list;
  };
  return { children };
}

/** Walks the binary node tree to GlobalSettings › Properties70 › P. */
function binaryProperties(bytes: Buffer): Partial<FbxGlobalSettings> | null {
  if (bytes.length < 27) return null;
  try {
    const { children } = fbxBinaryTree(bytes);
    const top = children(27, bytes.length);
    const settings = top.find((node) => node.name === 'GlobalSettings');
    const props70 = settings && children(settings.children, settings.end).find((n) => n.name === 'Properties70');
    if (!props70) return null;
    const found: Partial<FbxGlobalSettings> = {};
    for (const p of children(props70.children, props70.end)) {
      if (p.name !== 'P' || p.count < 5) continue;
      const values = binaryValues(bytes, p.properties, p.count);
      const key = typeof values[0] === 'string' ? byPropertyName.get(values[0]) : undefined;
      const value = values[4];
      if (key && typeof value === 'number') found[key] = value;
    }
    return found;
  } catch {
    return null;
  }
}

/** A record's scalar values (strings and numbers; arrays are not read). */
export function binaryValues(bytes: Buffer, at: number, count: number): (string | number | null)[] {
  const values: (string | number | null)[] = [];
  for (let i = 0; i < count; i++) {
    const type = String.fromCharCode(bytes.readUInt8(at));
    at += 1;
    switch (type) {
      case 'S':
      case 'R': {
        const length = bytes.readUInt32LE(at);
        values.push(type === 'S' ? bytes.toString('utf8', at + 4, at + 4 + length) : null);
        at += 4 + length;
        break;
      }
      case 'C':
        values.push(bytes.readUInt8(at));
        at += 1;
        break;
      case 'Y':
        values.push(bytes.readInt16LE(at));
        at += 2;
        break;
      case 'I':
        values.push(bytes.readInt32LE(at));
        at += 4;
        break;
      case 'F':
        values.push(bytes.readFloatLE(at));
        at += 4;
        break;
      case 'D':
        values.push(bytes.readDoubleLE(at));
        at += 8;
        break;
      case 'L':
        values.push(Number(bytes.readBigInt64LE(at)));
        at += 8;
        break;
      default:
        return values;
    }
  }
  return values;
}
