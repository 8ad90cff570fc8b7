import { faqCategoryEndpoints } from '@meshport/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client.ts';
import { queryKey } from '@/lib/api/query-keys.ts';

/** GET /questions/categories/{id}: the category with its questions in order. */
export function useFaqCategory(id: number | null) {
  return useQuery({
    enabled: id !== null,
    queryKey: queryKey('faq', 'detail', { id }),
    queryFn: async ({ signal }) => (await call(faqCategoryEndpoints.get, { params: { id: id ?? 0 }, signal })).data,
  });
}
