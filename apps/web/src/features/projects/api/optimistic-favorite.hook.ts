import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type QueryResource, queryKey } from '@/lib/api/query-keys.ts';
import { withFavorite } from '../logic/favorite.logic.ts';

export interface FavoriteInput {
  id: number;
  favorited: boolean;
}

type Snapshot = [readonly unknown[], unknown][];

/**
 * A favourite star (content.md §4), optimistic: every cached page of `resource` showing the record
 * flips at once, is put back if the call fails, and the lists reload afterwards (favourites first).
 */
export function useOptimisticFavorite(resource: QueryResource, favorite: (input: FavoriteInput) => Promise<unknown>) {
  const client = useQueryClient();
  const key = queryKey(resource);
  return useMutation({
    mutationFn: favorite,
    onMutate: async ({ id, favorited }: FavoriteInput): Promise<{ snapshot: Snapshot }> => {
      await client.cancelQueries({ queryKey: key });
      const snapshot: Snapshot = client.getQueriesData({ queryKey: key });
      client.setQueriesData<{ data: { id?: number; is_favorited?: boolean }[] }>({ queryKey: key }, (page) =>
        withFavorite(page, id, favorited),
      );
      return { snapshot };
    },
    onError: (_error, _input, context) => {
      for (const [cached, data] of context?.snapshot ?? []) client.setQueryData(cached, data);
    },
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}
