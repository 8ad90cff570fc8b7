import path from 'node:path';
import { FileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import type { DataStore } from '@tus/server';
import type { Config } from '#core/config/config.ts';
import { storageFolder } from '#core/storage/create-storage.ts';
import { S3_PART_BYTES, s3ClientConfig } from '#core/storage/s3-storage.ts';

/** The tus extensions offered. Not creation-defer-length: the size is checked (and counted against the quota) at creation. */
export const TUS_EXTENSIONS = ['creation', 'creation-with-upload', 'termination', 'expiration'];

/** Where tus keeps uploads, and where their bytes are in the storage (`FileStorage`) once finished. */
export interface UploadStore {
  datastore: DataStore;
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
export function createUploadStore(config: Pick<Config, 'dataDir' | 's3' | 'uploadExpireHours'>): UploadStore {
  const expirationPeriodInMilliseconds = Math.round(config.uploadExpireHours * 3600 * 1000);
  let store: UploadStore;
  if (config.s3) {
    store = {
      datastore: new S3Store({
        partSize: S3_PART_BYTES,
        // Expiry goes by the uploads table (job uploads.expire), not by object tags.
        useTags: false,
        expirationPeriodInMilliseconds,
        s3ClientConfig: { ...s3ClientConfig(config.s3), bucket: config.s3.bucket },
      }),
      storageKeyOf: (id) => id,
      keysOf: (id) => [id, `${id}.info`, `${id}.part`],
    };
  } else {
    store = {
      datastore: new FileStore({
        directory: path.join(storageFolder(config), 'uploads'),
        expirationPeriodInMilliseconds,
      }),
      storageKeyOf: (id) => `uploads/${id}`,
      keysOf: (id) => [`uploads/${id}`, `uploads/${id}.json`],
    };
  }
  store.datastore.extensions = [...TUS_EXTENSIONS];
  return store;
}
