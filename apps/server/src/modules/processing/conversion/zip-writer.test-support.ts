import { closeSync, openSync, writeSync } from 'node:fs';
import { crc32, deflateRawSync } from 'node:zlib';

/** One entry of a generated test archive. */
export interface ZipEntrySpec {
  name: string;
  data?: Buffer;
  /** Unix mode (e.g. 0o120777 for a symlink); sets "made by Unix". */
  mode?: number;
  /** Lie about the unpacked size (zip bomb with a small declared size). */
  declaredSize?: number;
  /** Pre-compressed deflate stream and its real size, for large generated entries. */
  deflated?: { data: Buffer; size: number; crc: number };
}

/** Writes a zip (deflate) for tests, including hostile variants real tools refuse to make. */
export function writeTestZip(filePath: string, entries: readonly ZipEntrySpec[]): void {
  const fd = openSync(filePath, 'w');
  let offset = 0;
  const write = (buf: Buffer) => {
    writeSync(fd, buf);
    offset += buf.length;
  };
  const central: Buffer[] = [];
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const raw = entry.data ?? Buffer.alloc(0);
    const compressed = entry.deflated?.data ?? deflateRawSync(raw);
    const crc = entry.deflated?.crc ?? crc32(raw);
    const size = entry.declaredSize ?? entry.deflated?.size ?? raw.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(size >>> 0, 22);
    local.writeUInt16LE(name.length, 26);
    const localOffset = offset;
    write(local);
    write(name);
    write(compressed);
    const cd = Buffer.alloc(46);
    cd.writeUInt32LE(0x02014b50, 0);
    cd.writeUInt16LE(entry.mode !== undefined ? (3 << 8) | 20 : 20, 4);
    cd.writeUInt16LE(20, 6);
    cd.writeUInt16LE(0x800, 8);
    cd.writeUInt16LE(8, 10);
    cd.writeUInt32LE(crc >>> 0, 16);
    cd.writeUInt32LE(compressed.length, 20);
    cd.writeUInt32LE(size >>> 0, 24);
    cd.writeUInt16LE(name.length, 28);
    cd.writeUInt32LE(entry.mode !== undefined ? (entry.mode << 16) >>> 0 : 0, 38);
    cd.writeUInt32LE(localOffset, 42);
    central.push(Buffer.concat([cd, name]));
  }
  const cdOffset = offset;
  const cdBuf = Buffer.concat(central);
  write(cdBuf);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Math.min(entries.length, 0xffff), 8);
  end.writeUInt16LE(Math.min(entries.length, 0xffff), 10);
  end.writeUInt32LE(cdBuf.length, 12);
  end.writeUInt32LE(cdOffset, 16);
  write(end);
  closeSync(fd);
}
