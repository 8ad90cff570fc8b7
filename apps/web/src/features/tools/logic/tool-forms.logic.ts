import {
  DOWNLOAD_EXTENSIONS,
  downloadSaveSchema,
  fileExtension,
  HEX_COLOR_PATTERN,
  MAX_DOWNLOAD_BYTES,
} from '@meshport/contract';
import { z } from 'zod';

/** The colour input's rule (administration.md §5): hex only, 3 or 6 digits, or 4 or 8 with alpha. */
export function isHexColor(value: string): boolean {
  return HEX_COLOR_PATTERN.test(value.trim());
}

/** '#abc' from 'ABC' or '#ABC': what the colour swatch and the server take. */
export function normalizeHexColor(value: string): string {
  return `#${value.trim().replace(/^#/, '').toLowerCase()}`;
}

export type DownloadFileProblem = 'tooLarge' | 'invalidType' | 'empty' | null;

/** The checks the server makes again: a known kind of file, not empty, not too large. */
export function downloadFileProblem(file: Pick<File, 'name' | 'size'>): DownloadFileProblem {
  if (!(DOWNLOAD_EXTENSIONS as readonly string[]).includes(fileExtension(file.name))) return 'invalidType';
  if (file.size === 0) return 'empty';
  if (file.size > MAX_DOWNLOAD_BYTES) return 'tooLarge';
  return null;
}

/** The name a new download gets from its file: the file name without the extension. */
export function downloadNameOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return (dot > 0 ? fileName.slice(0, dot) : fileName).trim().slice(0, 255);
}

/** A download form's save as multipart: `_method=PATCH` on edit, the file only when one was chosen. */
export function downloadFormData(values: { name: string; file: File | null }, editing: boolean): FormData {
  const form = new FormData();
  if (editing) form.append('_method', 'PATCH');
  form.append('name', values.name.trim());
  if (values.file) {
    form.append('extension', fileExtension(values.file.name));
    form.append('file', values.file, values.file.name);
  }
  return form;
}

/**
 * The download form checked by the contract: the name, and the file (required on create) whose
 * kind the web takes from its name, checked before the contract's empty and size rules.
 */
export function downloadFormSchema(editing: boolean) {
  const file = z
    .file()
    .refine((chosen) => (DOWNLOAD_EXTENSIONS as readonly string[]).includes(fileExtension(chosen.name)), {
      abort: true,
    })
    .pipe(downloadSaveSchema.shape.file);
  return downloadSaveSchema.pick({ name: true }).extend({ file: editing ? file.nullable() : file });
}

/** The locale key of a download file issue, by zod issue code: kind, empty, too large, missing. */
export function downloadFileMessageKey(code: string): string {
  if (code === 'custom') return 'form.fileInvalidType';
  if (code === 'too_small') return 'form.fileEmpty';
  if (code === 'too_big') return 'form.fileTooLarge';
  return 'form.fileRequired';
}
