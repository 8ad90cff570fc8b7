import path from 'node:path';
import { FileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import { type DataStore, type Locker, MemoryLocker } from '@tus/server';
import type { Config } from '#core/config/config.ts';
import type { Database } from '#core/db/database.ts';
import { storageFolder } from '#core/storage/create-storage.ts';
import { S3_PART_BYTES, s3ClientConfig } from '#core/storage/s3-storage.ts';
import { PostgresUploadLocker } from './upload-locker.ts';

/** The tus extensions offered. Not creation-defer-length: the size is checked (and counted against the quota) at creation. */
export const TUS_EXTENSIONS = ['creation', 'creation-with-upload', 'termination', 'expiration'];

/** Where tus keeps uploads, how it locks one, and where their bytes are in the storage (`FileStorage`) once finished. */
export interface UploadStore {
  datastore: DataStore;
  /**
   * Keeps two requests from writing one upload at once: across every server process on a
   * PostgreSQL server (upload-locker.ts); in this process on the embedded database, which has no other.
   */
  locker: Locker;
  /** Frees what the locker holds (its connection). */
  close(): Promise<void>;
  /** The storage key of an upload's bytes. */
  storageKeyOf(id: string): string;
  /** Every storage key the store may have written for an upload (bytes, info, an incomplete part). */
  keysOf(id: string): string[];
}

/**
 * The same place as the storage: with S3_BUCKET the tus S3 store writes the object `{id}` (plus
 * `{id}.info`, and `{id}.part` while a part is incomplete) in the bucket; otherwise the tus file
 * store keeps `uploads/{id}` (and `uploads/{id}.json`) in the storage folder.
 */
export function createUploadStore(
  config: Pick<Config, 'dataDir' | 's3' | 'uploadExpireHours'>,
  database: Pick<Database, 'driver'>,
  log?: { warn(details: Record<string, unknown>, msg: string): void },
): UploadStore {
  const expirationPeriodInMilliseconds = Math.round(config.uploadExpireHours * 3600 * 1000);
  const url = database.driver.kind === 'postgres' ? database.driver.pool.options.connectionString : undefined;
  const shared = url ? new PostgresUploadLocker({ url, ...(log ? { log } : {}) }) : null;
  const locking = { locker: shared ?? new MemoryLocker(), close: async () => shared?.close() };
  let store: UploadStore;
  if (config.s3) {
    store = {
      datastore: new S3Store({
        partSize: S3_PART_BYTES,
        // Expiry goes by the uploads table (job uploads.expire), not by object tags.
        useTags: false,
        // Its cache of `{id}.info` stays per process: the info does not change after creation
        // (no deferred length), and a removed upload is refused by the uploads table before tus.
        expirationPeriodInMilliseconds,
        s3ClientConfig: { ...s3ClientConfig(config.s3), bucket: config.s3.bucket },
      }),
      storageKeyOf: (id) => id,
      keysOf: (id) => [id, `${id}.info`, `${id}.part`],
      ...locking,
    };
  } else {
    store = {
      datastore: new FileStore({
        directory: path.join(storageFolder(config), 'uploads'),
        expirationPeriodInMilliseconds,
      }),
      storageKeyOf: (id) => `uploads/${id}`,
      keysOf: (id) => [`uploads/${id}`, `uploads/${id}.json`],
      ...locking,
    };
  }
  store.datastore.extensions = [...TUS_EXTENSIONS];
  return store;
}
