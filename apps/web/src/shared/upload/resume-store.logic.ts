/**
 * The tus client keeps each unfinished upload in localStorage under `tus::<fingerprint>::<n>`
 * (option `storeFingerprintForResuming`; removed on success), and the Uppy tus plugin makes the
 * fingerprint `tus-<file id>-<endpoint>`, where the file id starts with the Uppy instance's id.
 * Each field's instance id names its scope, so a field finds the uploads it started before a reload.
 */

/** The storage a field reads (window.localStorage in the browser). */
export type KeyValueStorage = Pick<Storage, 'length' | 'key' | 'getItem' | 'removeItem'>;

export interface StoredUpload {
  /** The localStorage key of the entry. */
  storageKey: string;
  fingerprint: string;
  uploadUrl: string;
  name: string;
  size: number;
  createdAt: string | null;
}

const STORAGE_PREFIX = 'tus::';

/** The Uppy instance id of a field's scope (a purpose, or a finer key): `meshport[model]`. */
export function resumeInstanceId(scope: string): string {
  return `meshport[${scope.replace(/[[\]]/g, '')}]`;
}

/** The fingerprint the Uppy tus plugin gives a file of this Uppy file id. */
export function fingerprintOf(fileId: string, endpoint: string): string {
  return ['tus', fileId, endpoint].join('-');
}

function parseEntry(storageKey: string, text: string | null): StoredUpload | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (!value || typeof value !== 'object') return null;
    const { uploadUrl, size, metadata, creationTime } = value as {
      uploadUrl?: unknown;
      size?: unknown;
      metadata?: { filename?: unknown };
      creationTime?: unknown;
    };
    if (typeof uploadUrl !== 'string' || !uploadUrl) return null;
    const fingerprint = storageKey.slice(STORAGE_PREFIX.length, storageKey.lastIndexOf('::'));
    return {
      storageKey,
      fingerprint,
      uploadUrl,
      name: typeof metadata?.filename === 'string' ? metadata.filename : '',
      size: typeof size === 'number' ? size : 0,
      createdAt: typeof creationTime === 'string' ? creationTime : null,
    };
  } catch {
    return null;
  }
}

/** The unfinished uploads stored for a field's Uppy instance, oldest key order as stored. */
export function findStoredUploads(storage: KeyValueStorage, instanceId: string): StoredUpload[] {
  const prefix = `${STORAGE_PREFIX}tus-${instanceId}-`;
  const found: StoredUpload[] = [];
  for (let index = 0; index < storage.length; index++) {
    const key = storage.key(index);
    if (!key?.startsWith(prefix)) continue;
    const entry = parseEntry(key, storage.getItem(key));
    if (entry) found.push(entry);
  }
  return found;
}

/** Forgets every stored upload of a fingerprint (a file refused or cancelled), or with this URL. */
export function forgetStored(storage: KeyValueStorage, match: { fingerprint?: string; uploadUrl?: string }): void {
  const keys: string[] = [];
  for (let index = 0; index < storage.length; index++) {
    const key = storage.key(index);
    if (!key?.startsWith(STORAGE_PREFIX)) continue;
    const entry = parseEntry(key, storage.getItem(key));
    const byFingerprint = match.fingerprint !== undefined && key.startsWith(`${STORAGE_PREFIX}${match.fingerprint}::`);
    const byUrl = match.uploadUrl !== undefined && entry?.uploadUrl === match.uploadUrl;
    if (byFingerprint || byUrl) keys.push(key);
  }
  for (const key of keys) storage.removeItem(key);
}

/** The same upload stored twice (several attempts of one file) is offered once: the newest entry per URL. */
export function uniqueByUrl(uploads: StoredUpload[]): StoredUpload[] {
  const byUrl = new Map<string, StoredUpload>();
  for (const upload of uploads) byUrl.set(upload.uploadUrl, upload);
  return [...byUrl.values()];
}
