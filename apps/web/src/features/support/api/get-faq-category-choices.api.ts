import { faqCategoryEndpoints } from '@meshport/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client.ts';
import { queryKey } from '@/lib/api/query-keys.ts';

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
