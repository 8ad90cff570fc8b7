import type { UploadedFile } from './upload.types.ts';

export type EntryStatus = 'waiting' | 'uploading' | 'paused' | 'done' | 'failed';

/** One file of a field, as the widget shows it. */
export interface UploadEntry {
  /** The Uppy file id (also the tus fingerprint's core). */
  id: string;
  name: string;
  size: number;
  status: EntryStatus;
  bytes: number;
  /** Smoothed bytes per second while sending. */
  speed: number | null;
  error: string | null;
  /** Whether Retry may help (a lost connection), not a refusal. */
  retryable: boolean;
  uploadUrl: string | null;
  uploadId: string | null;
  /** Image fields: the chosen file's object URL and its 100×100 thumbnail. */
  previewUrl: string | null;
  thumbnailUrl: string | null;
}

export type EntryAction =
  | { type: 'add'; entry: UploadEntry }
  | { type: 'progress'; id: string; bytes: number; speed: number | null; uploadUrl: string | null }
  | { type: 'paused'; id: string; paused: boolean }
  | { type: 'done'; id: string; uploadUrl: string; uploadId: string }
  | { type: 'failed'; id: string; error: string; retryable: boolean }
  | { type: 'retry'; id: string }
  | { type: 'thumbnail'; id: string; url: string }
  | { type: 'remove'; id: string };

/** A new entry for a chosen file (or a finished upload the form already holds). */
export function newEntry(fields: Pick<UploadEntry, 'id' | 'name' | 'size'> & Partial<UploadEntry>): UploadEntry {
  return {
    status: 'waiting',
    bytes: 0,
    speed: null,
    error: null,
    retryable: false,
    uploadUrl: null,
    uploadId: null,
    previewUrl: null,
    thumbnailUrl: null,
    ...fields,
  };
}

function update(entries: UploadEntry[], id: string, change: (entry: UploadEntry) => UploadEntry): UploadEntry[] {
  return entries.map((entry) => (entry.id === id ? change(entry) : entry));
}

export function entriesReducer(entries: UploadEntry[], action: EntryAction): UploadEntry[] {
  switch (action.type) {
    case 'add':
      return [...entries.filter((entry) => entry.id !== action.entry.id), action.entry];
    case 'progress':
      return update(entries, action.id, (entry) =>
        entry.status === 'done'
          ? entry
          : {
              ...entry,
              bytes: action.bytes,
              speed: action.speed,
              uploadUrl: action.uploadUrl ?? entry.uploadUrl,
              status: entry.status === 'paused' ? 'paused' : 'uploading',
            },
      );
    case 'paused':
      return update(entries, action.id, (entry) =>
        entry.status === 'done' || entry.status === 'failed'
          ? entry
          : { ...entry, status: action.paused ? 'paused' : 'uploading', speed: null },
      );
    case 'done':
      return update(entries, action.id, (entry) => ({
        ...entry,
        status: 'done',
        bytes: entry.size,
        speed: null,
        error: null,
        uploadUrl: action.uploadUrl,
        uploadId: action.uploadId,
      }));
    case 'failed':
      return update(entries, action.id, (entry) => ({
        ...entry,
        status: 'failed',
        speed: null,
        error: action.error,
        retryable: action.retryable,
      }));
    case 'retry':
      return update(entries, action.id, (entry) => ({ ...entry, status: 'waiting', error: null, retryable: false }));
    case 'thumbnail':
      return update(entries, action.id, (entry) => ({ ...entry, thumbnailUrl: action.url }));
    case 'remove':
      return entries.filter((entry) => entry.id !== action.id);
  }
}

/** What the field's `value` lists: the finished uploads, in the order they were added. */
export function finishedFiles(entries: UploadEntry[]): UploadedFile[] {
  return entries
    .filter((entry) => entry.status === 'done' && entry.uploadId !== null)
    .map((entry) => ({
      uploadId: entry.uploadId as string,
      name: entry.name,
      size: entry.size,
      ...(entry.previewUrl ? { previewUrl: entry.previewUrl } : {}),
    }));
}

/** Whether a form must wait (Save disabled): a file still on its way. */
export function isBusy(entries: UploadEntry[]): boolean {
  return entries.some(
    (entry) => entry.status === 'waiting' || entry.status === 'uploading' || entry.status === 'paused',
  );
}
