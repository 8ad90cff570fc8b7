import { describe, expect, it } from 'vitest';
import {
  findStoredUploads,
  fingerprintOf,
  forgetStored,
  type KeyValueStorage,
  resumeInstanceId,
  uniqueByUrl,
} from './resume-store.logic.ts';

class MemoryStorage implements KeyValueStorage {
  private readonly items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  keys() {
    return [...this.items.keys()];
  }
}

const ENDPOINT = '/v2/uploads';
const entry = (name: string, url: string) =>
  JSON.stringify({
    size: 1234,
    metadata: { filename: name, filetype: 'application/octet-stream' },
    creationTime: 'Mon',
    uploadUrl: url,
  });

function stored(storage: MemoryStorage, scope: string, file: string, url: string, n = 1) {
  const fingerprint = fingerprintOf(`${resumeInstanceId(scope)}-${file}-application/octet-stream-1234-99`, ENDPOINT);
  storage.setItem(`tus::${fingerprint}::${n}`, entry(file, url));
  return fingerprint;
}

describe('resume bookkeeping', () => {
  it('names the instance by scope, without brackets of its own', () => {
    expect(resumeInstanceId('model')).toBe('meshport[model]');
    expect(resumeInstanceId('a]b[')).toBe('meshport[ab]');
  });

  it('finds the uploads of its own scope only', () => {
    const storage = new MemoryStorage();
    const fingerprint = stored(storage, 'model', 'spider.fbx', 'http://h/v2/uploads/a');
    stored(storage, 'material_map', 'oak.png', 'http://h/v2/uploads/b');
    stored(storage, 'model-x', 'other.fbx', 'http://h/v2/uploads/c');
    storage.setItem('tus::broken::1', '{not json');
    storage.setItem('unrelated', 'x');
    const found = findStoredUploads(storage, resumeInstanceId('model'));
    expect(found).toEqual([
      {
        storageKey: `tus::${fingerprint}::1`,
        fingerprint,
        uploadUrl: 'http://h/v2/uploads/a',
        name: 'spider.fbx',
        size: 1234,
        createdAt: 'Mon',
      },
    ]);
  });

  it('forgets by fingerprint or by URL', () => {
    const storage = new MemoryStorage();
    const fingerprint = stored(storage, 'model', 'spider.fbx', 'http://h/v2/uploads/a', 1);
    stored(storage, 'model', 'spider.fbx', 'http://h/v2/uploads/a2', 2);
    stored(storage, 'model', 'box.fbx', 'http://h/v2/uploads/b');
    forgetStored(storage, { fingerprint });
    expect(findStoredUploads(storage, resumeInstanceId('model')).map((upload) => upload.name)).toEqual(['box.fbx']);
    forgetStored(storage, { uploadUrl: 'http://h/v2/uploads/b' });
    expect(storage.keys()).toEqual([]);
  });

  it('offers one notice per upload URL', () => {
    const storage = new MemoryStorage();
    stored(storage, 'model', 'spider.fbx', 'http://h/v2/uploads/a', 1);
    stored(storage, 'model', 'spider.fbx', 'http://h/v2/uploads/a', 2);
    expect(uniqueByUrl(findStoredUploads(storage, resumeInstanceId('model')))).toHaveLength(1);
  });
});
