import { ApiError, MATERIAL_MAP_KINDS, type MaterialMapKind } from '@meshport/contract';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { applyServerErrors } from '@/shared/forms/index.ts';

/** The fields of the material forms that take a server message (`file`: the import's package). */
export type MaterialFormField = 'name' | 'description' | 'categories' | 'parent_name' | 'archived' | 'file';

/** Where each server field shows: `categories.0` under categories, `upload_id` under the file. */
const SERVER_FIELDS: Readonly<Record<string, MaterialFormField>> = {
  name: 'name',
  description: 'description',
  categories: 'categories',
  parent_name: 'parent_name',
  archived: 'archived',
  upload_id: 'file',
};

export interface MaterialSaveErrors {
  /** The first message per map (`maps.base_color`), shown beside that map's upload. */
  maps: Partial<Record<MaterialMapKind, string>>;
  /** Text for the form's alert: what no field took, or a failure without fields; null otherwise. */
  message: string | null;
}

const isKind = (value: string): value is MaterialMapKind => (MATERIAL_MAP_KINDS as readonly string[]).includes(value);

/**
 * A failed save of the material forms, through `applyServerErrors`: `maps.<kind>` (or
 * `maps[kind]`) goes beside that map's upload, the metadata under its field, the rest in one text.
 */
export function placeMaterialSaveErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly (MaterialFormField & Path<T>)[],
  texts: { fallback: string; noResponse: string },
): MaterialSaveErrors {
  const maps: MaterialSaveErrors['maps'] = {};
  if (error instanceof ApiError && error.isNetworkError) return { maps, message: texts.noResponse };
  const { message } = applyServerErrors<T>(
    error,
    (key, messages) => {
      const [head = key, sub] = key.split(/[.[\]]+/);
      if (head === 'maps' && sub && isKind(sub)) {
        maps[sub] ??= messages[0];
        return {};
      }
      const field = SERVER_FIELDS[head];
      return field && (fields as readonly string[]).includes(field) ? (field as Path<T>) : null;
    },
    setError,
    texts.fallback,
  );
  return { maps, message };
}
