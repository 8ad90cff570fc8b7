/** A value a form may send: text, numbers, flags, files, lists and nested records. */
export type FormValue =
  | string
  | number
  | boolean
  | null
  | undefined
  | Blob
  | readonly FormValue[]
  | { readonly [key: string]: FormValue };

function isRecord(value: FormValue): value is { readonly [key: string]: FormValue } {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Blob);
}

function append(data: FormData, key: string, value: FormValue): void {
  if (value === undefined) return;
  if (value === null) {
    data.append(key, '');
    return;
  }
  if (value instanceof Blob) {
    data.append(key, value, value instanceof File ? value.name : 'blob');
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((entry: FormValue, index) => {
      // Lists of plain values as `labels[]=1`; lists of records as `libraries[0][id]=5`.
      if (isRecord(entry) || Array.isArray(entry)) append(data, `${key}[${index}]`, entry);
      else append(data, `${key}[]`, entry);
    });
    return;
  }
  if (isRecord(value)) {
    for (const [name, entry] of Object.entries(value)) append(data, `${key}[${name}]`, entry);
    return;
  }
  if (typeof value === 'boolean') {
    data.append(key, value ? '1' : '0');
    return;
  }
  data.append(key, String(value));
}

/**
 * Encodes form values the way the spec's calls send them (content.md §7): `labels[]=1`,
 * `libraries[0][id]=5`, flags as 1/0, files as parts, null as an empty value (clears), undefined
 * left out. `method: 'PATCH'` adds `_method=PATCH` for a POST that updates.
 */
export function toFormData(
  values: { readonly [key: string]: FormValue },
  options: { method?: 'PATCH' } = {},
): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) append(data, key, value);
  if (options.method) data.append('_method', options.method);
  return data;
}
