import type { UploadedFile } from '../../../shared/upload/index.ts';
import { nameFromFileName } from '../../../shared/upload/index.ts';

/**
 * The names of the items a create makes, one per finished upload: with one file the form shows a
 * single Name field (`single`), with several a name per file (`perFile`, by upload id).
 */
export interface ItemNames {
  single: string;
  perFile: Record<string, string>;
}

/** The names after the files changed: new files are named after themselves, the single name carries over. */
export function namesAfterFilesChange(names: ItemNames, before: UploadedFile[], after: UploadedFile[]): ItemNames {
  const perFile: Record<string, string> = {};
  for (const file of after) perFile[file.uploadId] = names.perFile[file.uploadId] ?? nameFromFileName(file.name);
  let single = names.single;
  const first = after[0];
  if (before.length <= 1 && after.length > 1 && before[0] && single.trim() !== '') {
    perFile[before[0].uploadId] = single;
  }
  if (after.length === 1 && first) {
    if (before.length > 1) single = perFile[first.uploadId] ?? single;
    else if (single.trim() === '') single = nameFromFileName(first.name);
  }
  return { single, perFile };
}

/** The name an item of this file gets. */
export function itemName(names: ItemNames, files: UploadedFile[], file: UploadedFile): string {
  return (files.length === 1 ? names.single : (names.perFile[file.uploadId] ?? '')).trim();
}

/** Files saved in an earlier attempt are not sent again (their uploads are taken). */
export function filesToSend(files: UploadedFile[], saved: ReadonlySet<string>): UploadedFile[] {
  return files.filter((file) => !saved.has(file.uploadId));
}
