import { libraryEndpoints } from '@meshport/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client.ts';
import { queryKey } from '@/lib/api/query-keys.ts';

/** How many matches a picker offers at once; typing narrows them. */
export const PICKER_PAGE_SIZE = 50;

export interface PickerOption {
  id: number;
  name: string;
}

/** GET /libraries?filter[search]=…&sort=name: libraries to choose from, on every level. */
export async function fetchLibraryOptions(search: string, signal?: AbortSignal): Promise<PickerOption[]> {
  const body = await call(libraryEndpoints.list, {
    query: {
      per_page: PICKER_PAGE_SIZE,
      sort: 'name',
      included_fields: ['id', 'name'],
      ...(search ? { filter: { search } } : {}),
    },
    signal,
  });
  return body.data.map(({ id, name }) => ({ id, name }));
}

export function useLibraryOptions(search: string) {
  return useQuery(
    queryOptions({
      queryKey: queryKey('libraries', 'options', search),
      queryFn: ({ signal }) => fetchLibraryOptions(search, signal),
      placeholderData: keepPreviousData,
    }),
  );
}
