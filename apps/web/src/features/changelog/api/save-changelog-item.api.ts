import { type ChangelogItem, changelogEndpoints } from '@meshport/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client.ts';
import { queryKey } from '@/lib/api/query-keys.ts';
import { toFormData } from '@/shared/forms/index.ts';
import { type ChangelogFormValues, changelogBody } from '../logic/changelog-form.logic.ts';

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
