import { describe, expect, it } from 'vitest';
import type { UploadedFile } from '@/shared/upload/index.ts';
import { filesToSend, ITEM_CREATE_SCHEMA, itemName, namesAfterFilesChange } from './item-create.logic.ts';

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

describe('ITEM_CREATE_SCHEMA', () => {
  const file = (uploadId: string) => ({ uploadId, name: `${uploadId}.obj` }) as UploadedFile;
  const values = (files: UploadedFile[], single: string, perFile: Record<string, string> = {}) => ({
    libraries: [{ id: 3, name: 'Props' }],
    files,
    names: { single, perFile },
    description: '',
  });
  const pathsOf = (input: unknown) =>
    ITEM_CREATE_SCHEMA.safeParse(input).error?.issues.map((issue) => issue.path.join('.')) ?? [];

  it('needs a file and, for one file, the single name', () => {
    expect(pathsOf(values([], ' '))).toEqual(['files', 'names.single']);
    expect(pathsOf(values([file('aaaaaaaa')], 'Box'))).toEqual([]);
  });
  it('needs a name per file when there are several, as the contract checks names', () => {
    const files = [file('aaaaaaaa'), file('bbbbbbbb')];
    expect(pathsOf(values(files, '', { aaaaaaaa: 'Box', bbbbbbbb: ' ' }))).toEqual(['names.perFile.bbbbbbbb']);
    expect(pathsOf(values(files, '', { aaaaaaaa: 'Box', bbbbbbbb: 'a\u0007' }))).toEqual(['names.perFile.bbbbbbbb']);
    expect(pathsOf(values(files, '', { aaaaaaaa: 'Box', bbbbbbbb: 'Lamp' }))).toEqual([]);
  });
});
