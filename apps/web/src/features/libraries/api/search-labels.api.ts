import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { queryKey } from '@/lib/api/query-keys.ts';
import { fetchLabels } from '@/lib/api/resources/labels/list-labels.api.ts';
import { PICKER_PAGE_SIZE, type PickerOption } from './search-libraries.api.ts';

/** GET /labels?filter[search]=…&sort=name: labels to choose from (needs list-labels). */
export async function fetchLabelOptions(search: string, signal?: AbortSignal): Promise<PickerOption[]> {
  const body = await fetchLabels(
    {
      per_page: PICKER_PAGE_SIZE,
      sort: 'name',
      included_fields: ['id', 'name'],
      ...(search ? { filter: { search } } : {}),
    },
    signal,
  );
  return body.data.map(({ id, name }) => ({ id, name }));
}

export function useLabelOptions(search: string) {
  return useQuery(
    queryOptions({
      queryKey: queryKey('labels', 'options', search),
      queryFn: ({ signal }) => fetchLabelOptions(search, signal),
      placeholderData: keepPreviousData,
    }),
  );
}
