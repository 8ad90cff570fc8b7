import type { Readable } from 'node:stream';
import { storageErrors } from '#core/operations/metrics.ts';
import { type FileStorage, StorageKeyError } from './file-storage.ts';

/**
 * The storage with its failures counted (`meshport_storage_errors_total{operation,backend}`),
 * whichever caller met them. A refused key is not counted: the storage was not reached.
 */
export function countedStorage(storage: FileStorage, backend: 'folder' | 's3'): FileStorage {
  const count = (operation: keyof FileStorage, error: unknown) => {
    if (!(error instanceof StorageKeyError)) storageErrors.inc({ operation, backend });
  };
  const counted =
    <A extends unknown[], R>(operation: keyof FileStorage, call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await call(...args);
      } catch (error) {
        count(operation, error);
        throw error;
      }
    };
  return {
    put: counted('put', (key: string, data: Buffer | string) => storage.put(key, data)),
    putStream: counted('putStream', (key: string, source: NodeJS.ReadableStream | Readable) =>
      storage.putStream(key, source),
    ),
    exists: counted('exists', (key: string) => storage.exists(key)),
    remove: counted('remove', (key: string) => storage.remove(key)),
    removeFolder: counted('removeFolder', (prefix: string) => storage.removeFolder(prefix)),
    size: counted('size', (key: string) => storage.size(key)),
    downloadTo: counted('downloadTo', (key: string, localPath: string) => storage.downloadTo(key, localPath)),
    read(key) {
      let stream: Readable;
      try {
        stream = storage.read(key);
      } catch (error) {
        count('read', error);
        throw error;
      }
      // Seen without listening: an `error` listener would change what an unheard error does.
      const emit = stream.emit;
      stream.emit = function (this: Readable, event: string | symbol, ...args: unknown[]) {
        if (event === 'error') count('read', args[0]);
        return emit.call(this, event, ...args);
      } as Readable['emit'];
      return stream;
    },
  };
}
