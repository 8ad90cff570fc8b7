import type { PickerOption } from '../api/search-libraries.api.ts';

/**
 * The options a picker shows: the matches of the current search, plus the chosen records (so
 * that a chosen value keeps its name when the search no longer finds it), without `exclude`
 * (a library cannot be its own parent), each once, in the order found.
 */
export function pickerData(
  found: readonly PickerOption[],
  chosen: readonly PickerOption[],
  exclude: ReadonlySet<number> = new Set(),
): { value: number; label: string }[] {
  const seen = new Set<number>();
  const data: { value: number; label: string }[] = [];
  for (const option of [...chosen, ...found]) {
    if (seen.has(option.id) || exclude.has(option.id)) continue;
    seen.add(option.id);
    data.push({ value: option.id, label: option.name });
  }
  return data;
}
