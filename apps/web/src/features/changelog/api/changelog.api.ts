import { type ChangelogItem, CURRENT_ENVIRONMENT, changelogEndpoints } from '@meshport/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, count } from '../../../lib/api/api-client.ts';
import { queryKey } from '../../../lib/api/query-keys.ts';
import { toFormData } from '../../../shared/forms/index.ts';
import { type ChangelogFormValues, changelogBody } from '../logic/changelog-form.logic.ts';

/** GET /admin/changelog-items/{id}; `id` null waits. */
export function useChangelogItem(id: number | null) {
  return useQuery({
    queryKey: queryKey('changelog', 'detail', { id }),
    queryFn: async ({ signal }) =>
      (await call(changelogEndpoints.get, { params: { id: id ?? 0 }, signal })).data as ChangelogItem,
    enabled: id !== null,
  });
}

/**
 * POST /admin/changelog-items (multipart), or the same fields to …/{id} as PATCH. Every
 * changelog answer refreshes after it, the dashboard's Updates panel included.
 */
export function useSaveChangelogItem() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, values }: { id: number | null; values: ChangelogFormValues }) => {
      const body = toFormData(changelogBody(values));
      const answer =
        id === null
          ? await call(changelogEndpoints.create, { body })
          : await call(changelogEndpoints.update, { params: { id }, body });
      return answer.data as ChangelogItem;
    },
    onSuccess: () => client.invalidateQueries({ queryKey: queryKey('changelog') }),
  });
}

export async function deleteChangelogItem(id: number) {
  return call(changelogEndpoints.delete, { params: { id } });
}

/** How many items Sync would date: those without a date for the current environment. */
export async function countUnsynced(): Promise<number> {
  return count(changelogEndpoints.list, { query: { filter: { missing_environment: CURRENT_ENVIRONMENT } } });
}

/** PATCH /admin/changelog-items/sync; answers the environment and how many items it dated. */
export function useSyncChangelog() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => (await call(changelogEndpoints.sync, {})).data,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKey('changelog') }),
  });
}
