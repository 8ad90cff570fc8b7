import type { Library, RecordStatus } from '@meshport/contract';
import type { LibrarySave } from '../api/save-library.api.ts';
import type { PickerOption } from '../api/search-libraries.api.ts';

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
