import { MAX_DOWNLOAD_BYTES } from '@meshport/contract';
import { describe, expect, it } from 'vitest';
import {
  downloadFileMessageKey,
  downloadFileProblem,
  downloadFormData,
  downloadFormSchema,
  downloadNameOf,
  isHexColor,
  normalizeHexColor,
} from './tool-forms.logic.ts';

describe('tools form logic', () => {
  it('accepts hex colours of 3, 4, 6 or 8 digits only, with or without #', () => {
    for (const ok of ['#fff', 'FFF', '#ffff', '#a1b2c3', '#a1b2c3d4', ' #ABC ']) expect(isHexColor(ok), ok).toBe(true);
    for (const bad of ['', '#', '#ff', '#fffff', '#ggg', 'red', '#1234567', '#a1b2c3d4e']) {
      expect(isHexColor(bad), bad).toBe(false);
    }
    expect(normalizeHexColor(' A1B2C3 ')).toBe('#a1b2c3');
    expect(normalizeHexColor('#ABCD')).toBe('#abcd');
  });

  it('checks a download file by extension, emptiness and size', () => {
    expect(downloadFileProblem({ name: 'Manual.PDF', size: 10 })).toBeNull();
    expect(downloadFileProblem({ name: 'script.sh', size: 10 })).toBe('invalidType');
    expect(downloadFileProblem({ name: 'noextension', size: 10 })).toBe('invalidType');
    expect(downloadFileProblem({ name: 'empty.txt', size: 0 })).toBe('empty');
    expect(downloadFileProblem({ name: 'huge.zip', size: MAX_DOWNLOAD_BYTES + 1 })).toBe('tooLarge');
    expect(downloadNameOf('Plug-in v2.zip')).toBe('Plug-in v2');
    expect(downloadNameOf('.hidden')).toBe('.hidden');
  });

  it('sends the extension with a chosen file and _method=PATCH on edit', () => {
    const file = new File(['%PDF-1.7'], 'Guide.Pdf');
    const created = downloadFormData({ name: ' Guide ', file }, false);
    expect([...created.keys()]).toEqual(['name', 'extension', 'file']);
    expect(created.get('name')).toBe('Guide');
    expect(created.get('extension')).toBe('pdf');
    const renamed = downloadFormData({ name: 'Guide 2', file: null }, true);
    expect([...renamed.entries()]).toEqual([
      ['_method', 'PATCH'],
      ['name', 'Guide 2'],
    ]);
  });
});

describe('the download form schema', () => {
  const codeOf = (editing: boolean, file: File | null) => {
    const result = downloadFormSchema(editing).safeParse({ name: 'Manual', file });
    return result.success ? null : downloadFileMessageKey(result.error.issues[0]?.code ?? '');
  };
  it('refuses what downloadFileProblem refuses, with the same texts, and a missing file on create only', () => {
    expect(codeOf(false, new File(['x'], 'Manual.PDF'))).toBeNull();
    expect(codeOf(false, new File(['x'], 'script.sh'))).toBe('form.fileInvalidType');
    expect(codeOf(false, new File([], 'empty.txt'))).toBe('form.fileEmpty');
    expect(codeOf(false, null)).toBe('form.fileRequired');
    expect(codeOf(true, null)).toBeNull();
  });
});
