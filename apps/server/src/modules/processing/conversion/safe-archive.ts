import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { SourceMessageCode } from '@meshport/contract';
import yauzl from 'yauzl';
import { ConversionError, type ConversionStep, codedFailure } from './conversion-types.ts';

export interface ArchiveLimits {
  /** Most entries (files and folders) an archive may hold. */
  maxEntries: number;
  /** Most bytes all files may unpack to, counted while streaming. */
  maxTotalBytes: number;
  /** Highest unpacked/packed ratio of one entry once it unpacks to more than `ratioFloorBytes`. */
  maxRatio: number;
  ratioFloorBytes: number;
}

export const DEFAULT_ARCHIVE_LIMITS: ArchiveLimits = {
  maxEntries: 10_000,
  maxTotalBytes: 4 * 1024 ** 3,
  maxRatio: 200,
  ratioFloorBytes: 16 * 1024 ** 2,
};

export interface UnpackedFile {
  /** Normalised relative path inside the archive, with forward slashes. */
  name: string;
  /** Absolute path of the unpacked file. */
  filePath: string;
  size: number;
}

const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;

function decodeName(entry: yauzl.Entry): string {
  // Opened with `decodeStrings: false`, yauzl gives the name's bytes, whatever its types say.
  const raw: unknown = entry.fileName;
  if (!Buffer.isBuffer(raw)) return String(raw);
  // General purpose bit 11: the name is UTF-8; otherwise CP437, close enough to Latin-1 for file names.
  return raw.toString((entry.generalPurposeBitFlag & 0x800) !== 0 ? 'utf8' : 'latin1');
}

/** Normalises an entry name; null for a name that leaves the target folder. */
export function safeEntryName(name: string): string | null {
  const slashed = name.replaceAll('\\', '/');
  if (slashed.startsWith('/') || /^[a-zA-Z]:/.test(slashed) || slashed.includes('\0')) return null;
  const parts = slashed.split('/').filter((p) => p !== '' && p !== '.');
  if (parts.some((p) => p === '..')) return null;
  return parts.join('/');
}

function openZip(filePath: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(
      filePath,
      { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: true, strictFileNames: false },
      (err, zip) => (err || !zip ? reject(err ?? new Error('no zip')) : resolve(zip)),
    );
  });
}

function readEntries(zip: yauzl.ZipFile, onEntry: (entry: yauzl.Entry) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      try {
        onEntry(entry);
        zip.readEntry();
      } catch (error) {
        reject(error);
      }
    });
    zip.on('end', () => resolve());
    zip.on('error', reject);
    zip.readEntry();
  });
}

function openStream(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<NodeJS.ReadableStream> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (err, stream) =>
      err || !stream ? reject(err ?? new Error('no stream')) : resolve(stream),
    );
  });
}

/**
 * Unpacks a zip into `targetDir` refusing zip-slip paths, links, too many entries, too many bytes (declared and
 * actually streamed) and zip-bomb ratios. Nested archives are unpacked as plain files, never recursed.
 */
export async function unpackArchive(
  filePath: string,
  targetDir: string,
  options: { step?: ConversionStep; limits?: Partial<ArchiveLimits> } = {},
): Promise<UnpackedFile[]> {
  const step = options.step ?? 'inspect';
  const limits = { ...DEFAULT_ARCHIVE_LIMITS, ...options.limits };
  const fail = (code: SourceMessageCode, fileName?: string) =>
    codedFailure(step, code, fileName === undefined ? {} : { fileName });
  const tooMany = () => codedFailure(step, 'archiveTooManyFiles', { limitNumber: limits.maxEntries });
  const tooBig = () => codedFailure(step, 'archiveTooLarge', { limitBytes: limits.maxTotalBytes });

  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(filePath);
  } catch {
    throw fail('archiveUnreadable');
  }
  try {
    if (zip.entryCount > limits.maxEntries) throw tooMany();
    const files: { entry: yauzl.Entry; name: string }[] = [];
    let declared = 0;
    let count = 0;
    await readEntries(zip, (entry) => {
      if (++count > limits.maxEntries) throw tooMany();
      const rawName = decodeName(entry);
      const name = safeEntryName(rawName);
      if (name === null) throw fail('archivePathOutside', rawName);
      const madeByUnix = entry.versionMadeBy >> 8 === 3;
      const mode = (entry.externalFileAttributes >>> 16) & S_IFMT;
      const isDir = rawName.endsWith('/') || rawName.endsWith('\\') || (madeByUnix && mode === S_IFDIR);
      if (madeByUnix && mode !== 0 && mode !== S_IFREG && mode !== S_IFDIR) {
        throw fail('archiveLink', rawName);
      }
      if (isDir || name === '') return;
      declared += entry.uncompressedSize;
      if (declared > limits.maxTotalBytes) throw tooBig();
      files.push({ entry, name });
    });

    const result: UnpackedFile[] = [];
    const seen = new Set<string>();
    let total = 0;
    const root = path.resolve(targetDir);
    for (const { entry, name } of files) {
      const target = path.resolve(root, name);
      if (!target.startsWith(root + path.sep)) throw fail('archivePathOutside', name);
      if (seen.has(target)) continue;
      seen.add(target);
      await mkdir(path.dirname(target), { recursive: true });
      let written = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _enc, done) {
          written += chunk.length;
          total += chunk.length;
          if (total > limits.maxTotalBytes) return done(tooBig());
          if (written > limits.ratioFloorBytes && written > Math.max(1, entry.compressedSize) * limits.maxRatio) {
            return done(fail('archiveImplausible', name));
          }
          done(null, chunk);
        },
      });
      try {
        await pipeline(await openStream(zip, entry), counter, createWriteStream(target, { flags: 'wx' }));
      } catch (error) {
        if (error instanceof ConversionError) throw error;
        throw fail('archiveEntryDamaged', name);
      }
      result.push({ name, filePath: target, size: written });
    }
    return result;
  } finally {
    zip.close();
  }
}
