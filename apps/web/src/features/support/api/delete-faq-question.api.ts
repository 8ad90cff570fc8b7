import { faqQuestionEndpoints } from '@meshport/contract';
import { call } from '@/lib/api/api-client.ts';
import { useFaqMutation } from './use-faq-mutation.hook.ts';

/** DELETE /admin/questions/{id}. */
export function useDeleteQuestion() {
  return useFaqMutation(async (id: number) => call(faqQuestionEndpoints.delete, { params: { id } }));
}
