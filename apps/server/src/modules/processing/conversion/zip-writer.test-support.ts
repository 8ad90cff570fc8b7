import { writeFileSync } from 'node:fs';
import { deflatedRecord, type ZipRecord, zipRecords } from '#core/archive/zip-writer.ts';

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

function record(entry: ZipEntrySpec): ZipRecord {
  const base: ZipRecord = entry.deflated
    ? { name: entry.name, compressed: entry.deflated.data, crc: entry.deflated.crc, size: entry.deflated.size }
    : deflatedRecord(entry.name, entry.data ?? Buffer.alloc(0));
  return {
    ...base,
    ...(entry.declaredSize !== undefined && { size: entry.declaredSize }),
    ...(entry.mode !== undefined && { mode: entry.mode }),
  };
}

/** Writes a zip (deflate) for tests, including hostile variants real tools refuse to make. */
export function writeTestZip(filePath: string, entries: readonly ZipEntrySpec[]): void {
  writeFileSync(filePath, zipRecords(entries.map(record)));
}
