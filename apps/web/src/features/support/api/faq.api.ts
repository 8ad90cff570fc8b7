import { type BodyOf, faqCategoryEndpoints, faqQuestionEndpoints } from '@meshport/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api/api-client.ts';
import { queryKey } from '../../../lib/api/query-keys.ts';

/** GET /questions/categories/{id}: the category with its questions in order. */
export function useFaqCategory(id: number | null) {
  return useQuery({
    enabled: id !== null,
    queryKey: queryKey('faq', 'detail', { id }),
    queryFn: async ({ signal }) => (await call(faqCategoryEndpoints.get, { params: { id: id ?? 0 }, signal })).data,
  });
}

/** Every category, by name, for the question form's category choice. */
export function useFaqCategoryChoices() {
  return useQuery({
    queryKey: queryKey('faq', 'choices'),
    queryFn: async ({ signal }) =>
      (
        await call(faqCategoryEndpoints.list, {
          query: { per_page: 100, sort: 'name', included_fields: ['id', 'name'] },
          signal,
        })
      ).data,
  });
}

/** Every FAQ answer refreshes after a write. */
function useFaqMutation<V, A>(run: (values: V) => Promise<A>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => client.invalidateQueries({ queryKey: queryKey('faq') }) });
}

/** PATCH /admin/questions/categories/{id} with the new name. */
export function useRenameCategory() {
  return useFaqMutation(async ({ id, name }: { id: number; name: string }) =>
    call(faqCategoryEndpoints.update, { params: { id }, body: { name } }),
  );
}

export function deleteFaqCategory(id: number) {
  return call(faqCategoryEndpoints.delete, { params: { id } });
}

export type QuestionBody = BodyOf<typeof faqQuestionEndpoints.create>;

/** POST /admin/questions, or PATCH /admin/questions/{id} when `id` is given. */
export function useSaveQuestion() {
  return useFaqMutation(async ({ id, body }: { id: number | null; body: QuestionBody }) =>
    id === null
      ? (await call(faqQuestionEndpoints.create, { body })).data
      : (await call(faqQuestionEndpoints.update, { params: { id }, body })).data,
  );
}

export function useDeleteQuestion() {
  return useFaqMutation(async (id: number) => call(faqQuestionEndpoints.delete, { params: { id } }));
}
