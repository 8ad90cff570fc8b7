import { open } from 'node:fs/promises';
import type { SourceMessageCode } from '@meshport/contract';
import { CodedError } from './conversion-types.ts';
import { GrowF32, GrowI32 } from './growable-array.ts';

export class ObjSyntaxError extends CodedError {}

/** One material run inside one object: triangles as (position, uv, normal) corner triples, 0-based, -1 when absent. */
export interface ObjGroup {
  object: string;
  material: string | undefined;
  corners: GrowI32;
}

export interface ObjData {
  positions: GrowF32;
  uvs: GrowF32;
  normals: GrowF32;
  /** Linear RGB per vertex (`v x y z r g b`, sRGB in the file), white where a vertex has none; empty when none has. */
  colors: GrowF32;
  groups: ObjGroup[];
  mtllibs: string[];
  /** Largest referenced indices (0-based), checked against the counts once the file is read. */
  maxV: number;
  maxT: number;
  maxN: number;
  skippedLines: number;
}

const srgbToLinear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);

/** A digit, sign or decimal point: anything else after a vertex's x y z (a comment, a word) is left alone. */
const startsNumber = (c: number) => (c >= 48 && c <= 57) || c === 45 || c === 43 || c === 46;

const SPACE = 32;
const TAB = 9;
const CR = 13;
const NL = 10;

/** A streaming OBJ reader over bytes: no per-line strings for v/vt/vn/f lines. */
class LineParser {
  pos = 0;
  line = 0;
  readonly data: ObjData = {
    positions: new GrowF32(),
    uvs: new GrowF32(),
    normals: new GrowF32(),
    colors: new GrowF32(32),
    groups: [],
    mtllibs: [],
    maxV: -1,
    maxT: -1,
    maxN: -1,
    skippedLines: 0,
  };
  private object = '';
  private material: string | undefined;
  private group: ObjGroup | undefined;
  private readonly groupsByKey = new Map<string, ObjGroup>();
  private face = new Int32Array(3 * 64);

  private fail(code: SourceMessageCode, params: Record<string, string> = {}): never {
    throw new ObjSyntaxError(code, { ...params, lineNumber: this.line });
  }

  private skipSpace(buf: Buffer, end: number) {
    let p = this.pos;
    while (p < end && (buf[p] === SPACE || buf[p] === TAB || buf[p] === CR)) p++;
    this.pos = p;
  }

  private number(buf: Buffer, end: number): number {
    this.skipSpace(buf, end);
    let p = this.pos;
    let sign = 1;
    if (buf[p] === 45) {
      sign = -1;
      p++;
    } else if (buf[p] === 43) p++;
    let mantissa = 0;
    let digits = 0;
    let scale = 0;
    let c = buf[p] ?? 0;
    while (c >= 48 && c <= 57) {
      mantissa = mantissa * 10 + (c - 48);
      digits++;
      c = buf[++p] ?? 0;
    }
    if (c === 46) {
      c = buf[++p] ?? 0;
      while (c >= 48 && c <= 57) {
        mantissa = mantissa * 10 + (c - 48);
        digits++;
        scale--;
        c = buf[++p] ?? 0;
      }
    }
    if (digits === 0) this.fail('objBadNumber');
    if (c === 101 || c === 69) {
      c = buf[++p] ?? 0;
      let expSign = 1;
      if (c === 45 || c === 43) {
        expSign = c === 45 ? -1 : 1;
        c = buf[++p] ?? 0;
      }
      let exp = 0;
      while (c >= 48 && c <= 57) {
        exp = exp * 10 + (c - 48);
        c = buf[++p] ?? 0;
      }
      scale += expSign * exp;
    }
    this.pos = p;
    if (scale === 0) return sign * mantissa;
    return scale < 0 ? (sign * mantissa) / 10 ** -scale : sign * mantissa * 10 ** scale;
  }

  private optionalNumber(buf: Buffer, end: number, fallback: number): number {
    this.skipSpace(buf, end);
    return this.pos < end && buf[this.pos] !== 35 ? this.number(buf, end) : fallback;
  }

  /** An index of a face corner; 0 when absent. */
  private index(buf: Buffer, end: number): number {
    let p = this.pos;
    let sign = 1;
    if (buf[p] === 45) {
      sign = -1;
      p++;
    }
    let value = 0;
    let digits = 0;
    let c = buf[p] ?? 0;
    while (c >= 48 && c <= 57 && p < end) {
      value = value * 10 + (c - 48);
      digits++;
      c = buf[++p] ?? 0;
    }
    this.pos = p;
    if (digits === 0) return sign === -1 ? this.fail('objBadFaceIndex') : 0;
    if (value === 0) this.fail('objFaceIndexZero');
    return sign * value;
  }

  private resolve(index: number, count: number): number {
    if (index < 0) {
      const resolved = count + index;
      if (resolved < 0) this.fail('objFaceBeforeElement', { index: String(index) });
      return resolved;
    }
    return index - 1;
  }

  private currentGroup(): ObjGroup {
    if (this.group) return this.group;
    const key = `${this.object}\u0000${this.material ?? ''}`;
    let group = this.groupsByKey.get(key);
    if (!group) {
      group = { object: this.object, material: this.material, corners: new GrowI32() };
      this.groupsByKey.set(key, group);
      this.data.groups.push(group);
    }
    this.group = group;
    return group;
  }

  private faceLine(buf: Buffer, end: number) {
    const data = this.data;
    const vCount = data.positions.length / 3;
    const tCount = data.uvs.length / 2;
    const nCount = data.normals.length / 3;
    let n = 0;
    for (;;) {
      this.skipSpace(buf, end);
      if (this.pos >= end || buf[this.pos] === 35) break;
      const v = this.resolve(this.index(buf, end), vCount);
      if (v === -1) this.fail('objCornerNoVertex');
      let t = -1;
      let nn = -1;
      if (buf[this.pos] === 47) {
        this.pos++;
        const ti = this.index(buf, end);
        if (ti !== 0) t = this.resolve(ti, tCount);
        if (buf[this.pos] === 47) {
          this.pos++;
          const ni = this.index(buf, end);
          if (ni !== 0) nn = this.resolve(ni, nCount);
        }
      }
      const c = buf[this.pos] ?? SPACE;
      if (this.pos < end && c !== SPACE && c !== TAB && c !== CR) this.fail('objBadCorner');
      if (n * 3 + 3 > this.face.length) {
        const next = new Int32Array(this.face.length * 2);
        next.set(this.face);
        this.face = next;
      }
      this.face[n * 3] = v;
      this.face[n * 3 + 1] = t;
      this.face[n * 3 + 2] = nn;
      if (v > data.maxV) data.maxV = v;
      if (t > data.maxT) data.maxT = t;
      if (nn > data.maxN) data.maxN = nn;
      n++;
    }
    if (n === 0) this.fail('objFaceNoCorners');
    if (n < 3) {
      data.skippedLines++;
      return;
    }
    const corners = this.currentGroup().corners;
    const f = this.face;
    for (let i = 1; i + 1 < n; i++) {
      corners.push3(f[0] as number, f[1] as number, f[2] as number);
      corners.push3(f[i * 3] as number, f[i * 3 + 1] as number, f[i * 3 + 2] as number);
      corners.push3(f[i * 3 + 3] as number, f[i * 3 + 4] as number, f[i * 3 + 5] as number);
    }
  }

  private rest(buf: Buffer, start: number, end: number) {
    return buf.toString('utf8', start, end).trim();
  }

  private keyword(buf: Buffer, start: number, end: number, word: string) {
    if (end - start < word.length) return false;
    for (let i = 0; i < word.length; i++) if (buf[start + i] !== word.charCodeAt(i)) return false;
    const after = buf[start + word.length];
    return start + word.length === end || after === SPACE || after === TAB || after === CR;
  }

  /**
   * After a vertex's x y z: `r g b` (3 more numbers) is its colour; 1 more is w, ignored. The first coloured vertex
   * gives every earlier one white, and from then on every vertex gets a colour, so colours stay aligned with positions.
   */
  private vertexColour(buf: Buffer, end: number) {
    const { colors, positions } = this.data;
    const extra: number[] = [];
    this.skipSpace(buf, end);
    while (extra.length < 4 && this.pos < end && startsNumber(buf[this.pos] ?? 0)) {
      extra.push(this.number(buf, end));
      this.skipSpace(buf, end);
    }
    const coloured = extra.length === 3;
    if (!coloured && colors.length === 0) return;
    const before = positions.length - 3;
    while (colors.length < before) colors.push3(1, 1, 1);
    if (!coloured) {
      colors.push3(1, 1, 1);
      return;
    }
    // Some exporters write 0–255.
    const scale = extra.some((c) => c > 1) ? 1 / 255 : 1;
    const [r, g, b] = extra.map((c) => srgbToLinear(Math.min(1, Math.max(0, c * scale)))) as [number, number, number];
    colors.push3(r, g, b);
  }

  parseLine(buf: Buffer, start: number, end: number) {
    this.line++;
    this.pos = start;
    this.skipSpace(buf, end);
    const s = this.pos;
    if (s >= end) return;
    const c0 = buf[s];
    const c1 = buf[s + 1];
    const sep1 = c1 === SPACE || c1 === TAB;
    if (c0 === 118) {
      // v, vt, vn
      if (sep1) {
        this.pos = s + 1;
        this.data.positions.push3(this.number(buf, end), this.number(buf, end), this.number(buf, end));
        this.vertexColour(buf, end);
      } else if (c1 === 116) {
        this.pos = s + 2;
        const u = this.number(buf, end);
        const v = this.optionalNumber(buf, end, 0);
        this.data.uvs.push2(u, 1 - v);
      } else if (c1 === 110) {
        this.pos = s + 2;
        this.data.normals.push3(this.number(buf, end), this.number(buf, end), this.number(buf, end));
      }
      return;
    }
    if (c0 === 102 && (sep1 || s + 1 >= end || c1 === CR)) {
      this.pos = s + 1;
      this.faceLine(buf, end);
      return;
    }
    if (this.keyword(buf, s, end, 'usemtl')) {
      this.material = this.rest(buf, s + 6, end);
      this.group = undefined;
    } else if (this.keyword(buf, s, end, 'mtllib')) {
      const name = this.rest(buf, s + 6, end);
      if (name) this.data.mtllibs.push(name);
    } else if (c0 === 111 && sep1) {
      this.object = this.rest(buf, s + 1, end);
      this.group = undefined;
    } else if ((c0 === 108 || c0 === 112) && sep1) {
      this.data.skippedLines++;
    }
  }
}

/** Reads an OBJ file in chunks; memory grows with the geometry, not the text. */
export async function parseObjFile(filePath: string): Promise<ObjData> {
  const parser = new LineParser();
  const handle = await open(filePath, 'r');
  try {
    let buf = Buffer.allocUnsafe(4 * 1024 * 1024);
    let filled = 0;
    for (;;) {
      if (filled === buf.length) {
        const bigger = Buffer.allocUnsafe(buf.length * 2);
        buf.copy(bigger, 0, 0, filled);
        buf = bigger;
      }
      const { bytesRead } = await handle.read(buf, filled, buf.length - filled, null);
      const end = filled + bytesRead;
      const eof = bytesRead === 0;
      let start = 0;
      let nl = buf.indexOf(NL, start);
      while (nl !== -1 && nl < end) {
        parser.parseLine(buf, start, nl);
        start = nl + 1;
        nl = buf.indexOf(NL, start);
      }
      if (eof) {
        if (start < end) parser.parseLine(buf, start, end);
        break;
      }
      buf.copy(buf, 0, start, end);
      filled = end - start;
    }
  } finally {
    await handle.close();
  }
  return parser.data;
}
