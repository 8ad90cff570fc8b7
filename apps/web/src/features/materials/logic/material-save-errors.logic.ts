import { ApiError, MATERIAL_MAP_KINDS, type MaterialMapKind } from '@meshport/contract';

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
  /** The first message per form field the answer named. */
  fields: Partial<Record<MaterialFormField, string>>;
  /** The first message per map (`maps.base_color`). */
  maps: Partial<Record<MaterialMapKind, string>>;
  /** Text for the form's alert: what no field took, or a failure without fields; null otherwise. */
  message: string | null;
}

const isKind = (value: string): value is MaterialMapKind => (MATERIAL_MAP_KINDS as readonly string[]).includes(value);

/**
 * A failed save's messages placed beside the fields of the material forms: `maps.<kind>` (or
 * `maps[kind]`) under that map, the metadata under theirs, the rest in one text.
 */
export function materialSaveErrors(
  error: unknown,
  texts: { fallback: string; noResponse: string },
  fields: readonly MaterialFormField[],
): MaterialSaveErrors {
  const result: MaterialSaveErrors = { fields: {}, maps: {}, message: null };
  if (!(error instanceof ApiError)) return { ...result, message: texts.fallback };
  if (error.isNetworkError) return { ...result, message: texts.noResponse };
  const unplaced: string[] = [];
  for (const [key, messages] of Object.entries(error.fieldErrors)) {
    const message = messages[0];
    if (!message) continue;
    const [head = key, sub] = key.split(/[.[\]]+/);
    const field = SERVER_FIELDS[head];
    if (head === 'maps' && sub && isKind(sub)) result.maps[sub] ??= message;
    else if (field && fields.includes(field)) result.fields[field] ??= message;
    else unplaced.push(message);
  }
  const placed = Object.keys(result.fields).length + Object.keys(result.maps).length;
  if (placed === 0 || unplaced.length > 0) result.message = unplaced[0] ?? error.body.message ?? texts.fallback;
  return result;
}
