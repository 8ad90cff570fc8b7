import { crc32, deflateRawSync } from 'node:zlib';

/** One entry as it is stored: its deflated bytes, and the CRC-32 and size of what they unpack to. */
export interface ZipRecord {
  name: string;
  compressed: Buffer;
  crc: number;
  size: number;
  /** Unix mode (e.g. 0o100644, 0o120777 for a symlink); sets "made by Unix". */
  mode?: number;
}

const LOCAL_SIGNATURE = 0x04034b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const END_SIGNATURE = 0x06054b50;
const VERSION = 20;
const UTF8_NAMES = 0x800;
const DEFLATE = 8;
// 2026-01-01 00:00 in DOS form: a fixed stamp keeps generated archives the same bytes every run.
const DOS_TIME = 0;
const DOS_DATE = ((2026 - 1980) << 9) | (1 << 5) | 1;

/** An entry deflated, with the CRC-32 and size of its data. */
export function deflatedRecord(name: string, data: Buffer): ZipRecord {
  return { name, compressed: deflateRawSync(data), crc: crc32(data), size: data.length };
}

/** A zip archive (deflate, UTF-8 names, no zip64) of records as given; sizes above 4 GiB are not supported. */
export function zipRecords(records: readonly ZipRecord[]): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const record of records) {
    const name = Buffer.from(record.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(LOCAL_SIGNATURE, 0);
    local.writeUInt16LE(VERSION, 4);
    local.writeUInt16LE(UTF8_NAMES, 6);
    local.writeUInt16LE(DEFLATE, 8);
    local.writeUInt16LE(DOS_TIME, 10);
    local.writeUInt16LE(DOS_DATE, 12);
    local.writeUInt32LE(record.crc >>> 0, 14);
    local.writeUInt32LE(record.compressed.length, 18);
    local.writeUInt32LE(record.size >>> 0, 22);
    local.writeUInt16LE(name.length, 26);
    const cd = Buffer.alloc(46);
    cd.writeUInt32LE(CENTRAL_SIGNATURE, 0);
    cd.writeUInt16LE(record.mode !== undefined ? (3 << 8) | VERSION : VERSION, 4);
    cd.writeUInt16LE(VERSION, 6);
    cd.writeUInt16LE(UTF8_NAMES, 8);
    cd.writeUInt16LE(DEFLATE, 10);
    cd.writeUInt16LE(DOS_TIME, 12);
    cd.writeUInt16LE(DOS_DATE, 14);
    cd.writeUInt32LE(record.crc >>> 0, 16);
    cd.writeUInt32LE(record.compressed.length, 20);
    cd.writeUInt32LE(record.size >>> 0, 24);
    cd.writeUInt16LE(name.length, 28);
    cd.writeUInt32LE(record.mode !== undefined ? (record.mode << 16) >>> 0 : 0, 38);
    cd.writeUInt32LE(offset, 42);
    central.push(cd, name);
    parts.push(local, name, record.compressed);
    offset += local.length + name.length + record.compressed.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END_SIGNATURE, 0);
  end.writeUInt16LE(Math.min(records.length, 0xffff), 8);
  end.writeUInt16LE(Math.min(records.length, 0xffff), 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directory, end]);
}

/** A zip archive of the files given, each deflated, in the order given. */
export function zipFiles(files: readonly { name: string; data: Buffer }[]): Buffer {
  return zipRecords(files.map((file) => deflatedRecord(file.name, file.data)));
}
