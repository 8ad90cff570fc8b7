import { type Library, librarySaveSchema, type RecordStatus } from '@meshport/contract';
import type { PickerOption } from '../api/search-libraries.api.ts';
import type { LibrarySave } from './library-body.logic.ts';

/** What the form checks itself: the contract's name and description; the pickers hold valid choices. */
export const LIBRARY_FORM_SCHEMA = librarySaveSchema.pick({ name: true, description: true });

/** A 422's key as the form's field (`parent_id` → parent, `labels.0` → labels), or null. */
export function libraryErrorField(key: string): keyof LibraryFormValues | null {
  const field = key.split(/[.[]/)[0] ?? key;
  if (field === 'parent_id') return 'parent';
  if (field === 'preview_image') return 'previewImage';
  return ['name', 'description', 'status', 'labels'].includes(field) ? (field as keyof LibraryFormValues) : null;
}

export interface LibraryFormValues {
  name: string;
  description: string;
  status: RecordStatus;
  parent: PickerOption | null;
  labels: PickerOption[];
  previewImage: File | null;
  removePreviewImage: boolean;
}

export function emptyLibraryForm(parent: PickerOption | null): LibraryFormValues {
  return {
    name: '',
    description: '',
    status: 'active',
    parent,
    labels: [],
    previewImage: null,
    removePreviewImage: false,
  };
}

export function libraryFormValues(library: Library, parent: PickerOption | null): LibraryFormValues {
  return {
    name: library.name,
    description: library.description ?? '',
    status: library.status,
    parent,
    labels: library.labels.map(({ id, name }) => ({ id, name })),
    previewImage: null,
    removePreviewImage: false,
  };
}

/** The save call's body: a new image replaces, a removal sends null, otherwise the image stays. */
export function librarySave(values: LibraryFormValues, withLabels: boolean): LibrarySave {
  return {
    name: values.name.trim(),
    description: values.description.trim() === '' ? null : values.description.trim(),
    status: values.status,
    parent_id: values.parent?.id ?? null,
    ...(withLabels ? { labels: values.labels.map((label) => label.id) } : {}),
    ...(values.previewImage ? { preview_image: values.previewImage } : {}),
    ...(!values.previewImage && values.removePreviewImage ? { preview_image: null } : {}),
  };
}
