import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** A key that is not a plain relative path inside the storage folder; nothing was read or written. */
export class StorageKeyError extends Error {
  constructor(key: string, reason: string) {
    super(`Storage key refused (${reason}): ${JSON.stringify(key)}`);
    this.name = 'StorageKeyError';
  }
}

/** Percent-encoded dots, slashes and backslashes: some layer might decode them into `..` or a separator. */
const ENCODED_SEPARATOR = /%(2e|2f|5c|25)/i;
const PARTIAL_SUFFIX = '.partial';

/**
 * The one storage interface (DESIGN §8): keys are relative paths such as
 * `companies/1/logo.svg`. This implementation keeps files in a folder under the data folder.
 */
export class FileStorage {
  private readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  /**
   * The file of a key. Refused: empty keys, absolute paths, `.` and `..` segments, backslashes,
   * NUL, percent-encoded separators; and anything that would still resolve outside the folder.
   */
  private resolve(key: string): string {
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
    const full = path.resolve(this.root, key);
    if (!full.startsWith(this.root + path.sep)) throw new StorageKeyError(key, 'outside the storage folder');
    return full;
  }

  async put(key: string, data: Buffer | string): Promise<void> {
    await this.putStream(key, Readable.from([typeof data === 'string' ? Buffer.from(data) : data]));
  }

  /**
   * Streams `source` into the key's file: into a temporary file beside it first, renamed over
   * the key once complete, so a reader sees the old file or the whole new one, never part of
   * one. A failed or aborted stream leaves nothing under the key (and removes the temporary file).
   */
  async putStream(key: string, source: NodeJS.ReadableStream | Readable): Promise<void> {
    const full = this.resolve(key);
    await fs.mkdir(path.dirname(full), { recursive: true });
    const partial = `${full}.${randomBytes(6).toString('hex')}${PARTIAL_SUFFIX}`;
    try {
      await pipeline(source, createWriteStream(partial, { flags: 'wx' }));
      await fs.rename(partial, full);
    } catch (error) {
      await fs.rm(partial, { force: true });
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await fs.stat(this.resolve(key))).isFile();
    } catch {
      return false;
    }
  }

  read(key: string): Readable {
    return createReadStream(this.resolve(key));
  }

  /** Removes a key's file; a key with no file is no error (purges and replacements may repeat). */
  async remove(key: string): Promise<void> {
    await fs.rm(this.resolve(key), { force: true });
  }
}
