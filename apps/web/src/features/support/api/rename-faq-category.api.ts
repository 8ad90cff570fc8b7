import { faqCategoryEndpoints } from '@meshport/contract';
import { call } from '@/lib/api/api-client.ts';
import { useFaqMutation } from './use-faq-mutation.hook.ts';

/** PATCH /admin/questions/categories/{id} with the new name. */
export function useRenameCategory() {
  return useFaqMutation(async ({ id, name }: { id: number; name: string }) =>
    call(faqCategoryEndpoints.update, { params: { id }, body: { name } }),
  );
}
