import { describe, expect, it } from 'vitest';
import { entriesReducer, finishedFiles, isBusy, newEntry } from './upload-entries.logic.ts';

const ID = '0123456789abcdef0123456789abcdef';

describe('upload entries', () => {
  it('lists only finished uploads as the value, in the order added', () => {
    let entries = entriesReducer([], { type: 'add', entry: newEntry({ id: 'a', name: 'a.fbx', size: 10 }) });
    entries = entriesReducer(entries, { type: 'add', entry: newEntry({ id: 'b', name: 'b.obj', size: 20 }) });
    entries = entriesReducer(entries, {
      type: 'progress',
      id: 'a',
      bytes: 5,
      speed: 1,
      uploadUrl: `/v2/uploads/${ID}`,
    });
    expect(isBusy(entries)).toBe(true);
    expect(finishedFiles(entries)).toEqual([]);
    entries = entriesReducer(entries, { type: 'done', id: 'b', uploadUrl: `/v2/uploads/${ID}`, uploadId: ID });
    expect(finishedFiles(entries)).toEqual([{ uploadId: ID, name: 'b.obj', size: 20 }]);
    entries = entriesReducer(entries, { type: 'remove', id: 'a' });
    expect(isBusy(entries)).toBe(false);
  });

  it('keeps a paused file paused through late progress, and a failed one retryable', () => {
    let entries = [newEntry({ id: 'a', name: 'a.fbx', size: 10, status: 'uploading' })];
    entries = entriesReducer(entries, { type: 'paused', id: 'a', paused: true });
    entries = entriesReducer(entries, { type: 'progress', id: 'a', bytes: 6, speed: null, uploadUrl: null });
    expect(entries[0]).toMatchObject({ status: 'paused', bytes: 6 });
    entries = entriesReducer(entries, { type: 'failed', id: 'a', error: 'Lost', retryable: true });
    expect(entries[0]).toMatchObject({ status: 'failed', error: 'Lost', retryable: true });
    expect(isBusy(entries)).toBe(false);
    entries = entriesReducer(entries, { type: 'retry', id: 'a' });
    expect(entries[0]).toMatchObject({ status: 'waiting', error: null });
  });
});
