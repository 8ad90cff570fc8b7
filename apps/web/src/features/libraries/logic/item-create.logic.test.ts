import { describe, expect, it } from 'vitest';
import { filesToSend, itemName, namesAfterFilesChange } from './item-create.logic.ts';

const box = { uploadId: 'a'.repeat(32), name: 'box.obj', size: 1 };
const spider = { uploadId: 'b'.repeat(32), name: 'spider-obj.zip', size: 2 };
const empty = { single: '', perFile: {} };

describe('item names', () => {
  it('fills the single name from the first file when empty, keeps a typed one', () => {
    expect(namesAfterFilesChange(empty, [], [box]).single).toBe('box');
    expect(namesAfterFilesChange({ single: 'Crate', perFile: {} }, [], [box]).single).toBe('Crate');
  });
  it('names each file after itself when there are several, keeping the typed single name', () => {
    const one = namesAfterFilesChange({ single: 'Crate', perFile: {} }, [], [box]);
    const two = namesAfterFilesChange(one, [box], [box, spider]);
    expect(two.perFile).toEqual({ [box.uploadId]: 'Crate', [spider.uploadId]: 'spider-obj' });
    expect(itemName(two, [box, spider], spider)).toBe('spider-obj');
  });
  it('goes back to a single name when one file is left', () => {
    const two = { single: 'x', perFile: { [box.uploadId]: 'Crate', [spider.uploadId]: 'Spider' } };
    const one = namesAfterFilesChange(two, [box, spider], [spider]);
    expect(one.single).toBe('Spider');
    expect(itemName(one, [spider], spider)).toBe('Spider');
  });
  it('does not send files saved already', () => {
    expect(filesToSend([box, spider], new Set([box.uploadId]))).toEqual([spider]);
  });
});
