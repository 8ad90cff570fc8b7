import path from 'node:path';
import type { Readable } from 'node:stream';

/** A key that is not a plain relative path inside the storage; nothing was read or written. */
export class StorageKeyError extends Error {
  constructor(key: string, reason: string) {
    super(`Storage key refused (${reason}): ${JSON.stringify(key)}`);
    this.name = 'StorageKeyError';
  }
}

/** Percent-encoded dots, slashes and backslashes: some layer might decode them into `..` or a separator. */
const ENCODED_SEPARATOR = /%(2e|2f|5c|25)/i;
/** The folder storage writes `<key>.<random>.partial` beside a key while a stream comes in. */
export const PARTIAL_SUFFIX = '.partial';

/**
 * The key rules every storage applies: keys are relative paths such as `companies/1/logo.svg`.
 * Refused: empty keys, absolute paths, `.` and `..` segments, empty segments, backslashes, NUL,
 * percent-encoded separators and the reserved `.partial` suffix.
 */
export function checkStorageKey(key: string): string {
  if (typeof key !== 'string' || key === '') throw new StorageKeyError(String(key), 'empty');
  if (key.includes('\0')) throw new StorageKeyError(key, 'NUL character');
  if (key.includes('\\')) throw new StorageKeyError(key, 'backslash');
  if (path.isAbsolute(key) || key.startsWith('/')) throw new StorageKeyError(key, 'absolute path');
  if (ENCODED_SEPARATOR.test(key)) throw new StorageKeyError(key, 'encoded separator');
  const segments = key.split('/');
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..')) {
    throw new StorageKeyError(key, 'empty, . or .. segment');
  }
  if (key.endsWith(PARTIAL_SUFFIX)) throw new StorageKeyError(key, `reserved suffix ${PARTIAL_SUFFIX}`);
  return key;
}

/**
 * The one storage interface, through which every file goes: a folder under the data folder (`FolderStorage`) or an
 * S3-compatible bucket (`S3Storage`), chosen by the configuration (`createStorage`). Keys follow
 * `checkStorageKey` in both.
 */
export interface FileStorage {
  put(key: string, data: Buffer | string): Promise<void>;
  /**
   * Streams `source` under the key without holding it in memory. A reader sees the old value
   * or the whole new one, never part of one; a failed stream leaves nothing new under the key.
   */
  putStream(key: string, source: NodeJS.ReadableStream | Readable): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** The key's bytes as a stream; a missing key fails the stream (ENOENT / NoSuchKey). */
  read(key: string): Readable;
  /** Removes a key; a key with nothing under it is no error (purges and replacements may repeat). */
  remove(key: string): Promise<void>;
  /** Removes every key under the folder `prefix/` (a company's files when it is deleted); none is no error. */
  removeFolder(prefix: string): Promise<void>;
  /** The key's size in bytes, or null when nothing is stored under it. */
  size(key: string): Promise<number | null>;
  /** Copies the key's bytes to a local file (converters need a path), streaming. */
  downloadTo(key: string, localPath: string): Promise<void>;
}
