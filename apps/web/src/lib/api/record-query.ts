import { queryOptions } from '@tanstack/react-query';
import { type QueryResource, queryKey } from './query-keys.ts';

/** A record read for its edit form: keyed `[resource, 'detail', id]`, always fresh (`staleTime` 0). */
export function recordQuery<T>(resource: QueryResource, id: number, read: (signal: AbortSignal) => Promise<T>) {
  return queryOptions({
    queryKey: queryKey(resource, 'detail', id),
    queryFn: ({ signal }) => read(signal),
    staleTime: 0,
  });
}
