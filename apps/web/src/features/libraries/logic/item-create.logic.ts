import { libraryItemCreateSchema } from '@meshport/contract';
import { z } from 'zod';
import type { PlacementValues } from '@/shared/forms/index.ts';
import type { UploadedFile } from '@/shared/upload/index.ts';
import { nameFromFileName } from '@/shared/upload/index.ts';
import type { PickerOption } from '../api/search-libraries.api.ts';

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

/** What the create form holds: the items' shared fields, the files and their names. */
export interface ItemCreateValues extends PlacementValues {
  libraries: PickerOption[];
  files: UploadedFile[];
  names: ItemNames;
  description: string;
}

/** An item's name as the contract checks it. */
export const ITEM_NAME_SCHEMA = libraryItemCreateSchema.shape.name;

/**
 * The create form's schema, derived from the contract's item create schema: at least one file,
 * the name each file's item gets (the single Name field for one file, its own for several), the
 * shared description and libraries. Files and names are checked together because which names
 * count depends on how many files there are.
 */
export const ITEM_CREATE_SCHEMA = z
  .object({
    libraries: libraryItemCreateSchema.shape.libraries,
    files: z.array(z.object({ uploadId: z.string() })),
    names: z.object({ single: z.string(), perFile: z.record(z.string(), z.string()) }),
    description: libraryItemCreateSchema.shape.description,
    units: libraryItemCreateSchema.shape.units,
    up_axis: libraryItemCreateSchema.shape.up_axis,
  })
  .superRefine((values, ctx) => {
    if (values.files.length === 0) ctx.addIssue({ code: 'custom', path: ['files'], message: 'Required.' });
    const names =
      values.files.length > 1
        ? values.files.map((file) => ({
            name: values.names.perFile[file.uploadId] ?? '',
            path: ['perFile', file.uploadId],
          }))
        : [{ name: values.names.single, path: ['single'] }];
    for (const { name, path } of names) {
      const issue = ITEM_NAME_SCHEMA.safeParse(name).error?.issues[0];
      if (issue) ctx.addIssue({ ...issue, path: ['names', ...path] });
    }
  });
