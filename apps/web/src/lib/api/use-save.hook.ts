import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QueryResource } from './query-keys.ts';

/** A save that refreshes every cached answer about `resources` once it succeeded. */
export function useSave<A, R>(resources: QueryResource[], save: (input: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: save,
    onSuccess: () => Promise.all(resources.map((resource) => client.invalidateQueries({ queryKey: [resource] }))),
  });
}
