import { type BodyOf, faqQuestionEndpoints } from '@meshport/contract';
import { call } from '@/lib/api/api-client.ts';
import { useFaqMutation } from './use-faq-mutation.hook.ts';

export type QuestionBody = BodyOf<typeof faqQuestionEndpoints.create>;

/** POST /admin/questions, or PATCH /admin/questions/{id} when `id` is given. */
export function useSaveQuestion() {
  return useFaqMutation(async ({ id, body }: { id: number | null; body: QuestionBody }) =>
    id === null
      ? (await call(faqQuestionEndpoints.create, { body })).data
      : (await call(faqQuestionEndpoints.update, { params: { id }, body })).data,
  );
}
