import { faqQuestionSaveSchema, type faqQuestionSchema } from '@meshport/contract';
import { z } from 'zod';
import type { QuestionBody } from '../api/save-faq-question.api.ts';

export type CategoryMode = 'existing' | 'new';

export interface QuestionFormValues {
  categoryMode: CategoryMode;
  categoryId: string | null;
  categoryName: string;
  question: string;
  answer: string;
}

const { question, answer, category_id, category_name } = faqQuestionSaveSchema.shape;

/**
 * The question form checked by the save's contract: the question and answer, and the category
 * in use: one picked (required), or a new one by name (the contract's `category_name`).
 */
export const questionFormSchema = z.discriminatedUnion('categoryMode', [
  z.object({ categoryMode: z.literal('existing'), categoryId: category_id.unwrap(), question, answer }),
  z.object({ categoryMode: z.literal('new'), categoryName: category_name.unwrap(), question, answer }),
]);

export function initialQuestionValues(
  question?: Pick<z.infer<typeof faqQuestionSchema>, 'question' | 'answer'>,
  categoryId?: number | null,
): QuestionFormValues {
  return {
    categoryMode: 'existing',
    categoryId: categoryId ? String(categoryId) : null,
    categoryName: '',
    question: question?.question ?? '',
    answer: question?.answer ?? '',
  };
}

/** The body of POST/PATCH /admin/questions: the chosen category, or a new one by name. */
export function questionBody(values: QuestionFormValues): QuestionBody {
  const category =
    values.categoryMode === 'new'
      ? { category_name: values.categoryName }
      : values.categoryId
        ? { category_id: Number(values.categoryId) }
        : {};
  return { ...category, question: values.question, answer: values.answer };
}

/** Server field → form field: a category error shows under whichever category input is in use. */
export function questionErrorField(key: string, mode: CategoryMode): keyof QuestionFormValues | null {
  if (key === 'category_id' || key === 'category_name') return mode === 'new' ? 'categoryName' : 'categoryId';
  if (key === 'question' || key === 'answer') return key;
  return null;
}
