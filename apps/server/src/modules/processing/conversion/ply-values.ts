/** Reading the values of a PLY body one at a time, in file order: binary (either endianness) or ASCII. */
import { damaged, type ScalarType, SIZE } from './ply-header.ts';

/** Reads the values of the body one at a time, in file order. */
export interface ValueReader {
  read(type: ScalarType): number;
}

export class BinaryReader implements ValueReader {
  private readonly view: DataView;
  offset: number;
  constructor(
    bytes: Uint8Array,
    start: number,
    private readonly little: boolean,
  ) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.offset = start;
  }
  read(type: ScalarType): number {
    const at = this.offset;
    const size = SIZE[type];
    if (at + size > this.view.byteLength) throw damaged('plyEndsEarly');
    this.offset = at + size;
    const v = this.view;
    switch (type) {
      case 'float32':
        return v.getFloat32(at, this.little);
      case 'uint8':
        return v.getUint8(at);
      case 'int32':
        return v.getInt32(at, this.little);
      case 'uint32':
        return v.getUint32(at, this.little);
      case 'float64':
        return v.getFloat64(at, this.little);
      case 'int8':
        return v.getInt8(at);
      case 'int16':
        return v.getInt16(at, this.little);
      case 'uint16':
        return v.getUint16(at, this.little);
    }
  }
}

const isSpace = (c: number) => c === 32 || c === 10 || c === 13 || c === 9 || c === 11 || c === 12;

export class AsciiReader implements ValueReader {
  constructor(
    private readonly bytes: Uint8Array,
    private pos: number,
  ) {}
  read(_type: ScalarType): number {
    const b = this.bytes;
    const end = b.length;
    let p = this.pos;
    while (p < end && isSpace(b[p] as number)) p++;
    if (p >= end) throw damaged('plyEndsEarly');
    const start = p;
    let sign = 1;
    if (b[p] === 45) {
      sign = -1;
      p++;
    } else if (b[p] === 43) p++;
    let mantissa = 0;
    let digits = 0;
    let scale = 0;
    let c = b[p] ?? 32;
    while (c >= 48 && c <= 57) {
      mantissa = mantissa * 10 + (c - 48);
      digits++;
      c = b[++p] ?? 32;
    }
    if (c === 46) {
      c = b[++p] ?? 32;
      while (c >= 48 && c <= 57) {
        mantissa = mantissa * 10 + (c - 48);
        digits++;
        scale--;
        c = b[++p] ?? 32;
      }
    }
    if (digits > 0 && (c === 101 || c === 69)) {
      c = b[++p] ?? 32;
      let expSign = 1;
      if (c === 45 || c === 43) {
        expSign = c === 45 ? -1 : 1;
        c = b[++p] ?? 32;
      }
      let exp = 0;
      let expDigits = 0;
      while (c >= 48 && c <= 57) {
        exp = exp * 10 + (c - 48);
        expDigits++;
        c = b[++p] ?? 32;
      }
      if (expDigits === 0) digits = 0;
      scale += expSign * exp;
    }
    if (digits === 0 || digits > 15 || !isSpace(c)) return this.slowNumber(start);
    this.pos = p;
    if (scale === 0) return sign * mantissa;
    return scale < 0 ? (sign * mantissa) / 10 ** -scale : sign * mantissa * 10 ** scale;
  }
  /** Long mantissas, nan/inf and anything unusual: the whole token through Number(). */
  private slowNumber(start: number): number {
    const b = this.bytes;
    let p = start;
    while (p < b.length && !isSpace(b[p] as number)) p++;
    const token = Buffer.from(b.buffer, b.byteOffset + start, p - start).toString('latin1');
    this.pos = p;
    const value = Number(token);
    if (!Number.isNaN(value)) return value;
    if (/^[+-]?nan$/i.test(token)) return Number.NaN;
    if (/^[+-]?inf(inity)?$/i.test(token)) return token.startsWith('-') ? -Infinity : Infinity;
    throw damaged('plyNotNumber', { token: token.slice(0, 20) });
  }
}
