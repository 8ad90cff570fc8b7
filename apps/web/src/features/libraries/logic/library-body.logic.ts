import type { BodyOf, libraryEndpoints } from '@meshport/contract';

export type LibrarySave = BodyOf<typeof libraryEndpoints.create>;

/**
 * JSON unless a new preview image goes along: then form data, with the lists as `labels[]`
 * (the server nests them back, content-saves.ts).
 */
export function libraryBody(save: Partial<LibrarySave>): Partial<LibrarySave> | FormData {
  if (!(save.preview_image instanceof File)) return save;
  const form = new FormData();
  for (const [key, value] of Object.entries(save)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const id of value) form.append(`${key}[]`, String(id));
    else if (value instanceof File) form.append(key, value);
    else form.append(key, value === null ? '' : String(value));
  }
  return form;
}
