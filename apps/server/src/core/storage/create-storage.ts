import path from 'node:path';
import type { Config } from '#core/config/config.ts';
import { countedStorage } from './counted-storage.ts';
import type { FileStorage } from './file-storage.ts';
import { FolderStorage } from './folder-storage.ts';
import { S3Storage } from './s3-storage.ts';

/** The folder under the data folder that `FolderStorage` keeps its keys in. */
export function storageFolder(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, 'storage');
}

/** S3 when S3_BUCKET is set, otherwise the folder under DATA_DIR; its failures counted. */
export function createStorage(config: Pick<Config, 'dataDir' | 's3'>): FileStorage {
  return config.s3
    ? countedStorage(new S3Storage(config.s3), 's3')
    : countedStorage(new FolderStorage(storageFolder(config)), 'folder');
}
