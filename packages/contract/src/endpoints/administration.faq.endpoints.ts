import { z } from 'zod';
import { faqCategorySchema } from '../administration.ts';
import { defineEndpoint, defineListEndpoint, recordAnswerSchema, recordQuerySchema } from '../endpoint.ts';
import { idParamsSchema } from '../ids.ts';

/** A category as lists return it: `questions` only when asked for (`included_fields`); one category has them. */
export const faqCategoryRowSchema = faqCategorySchema.extend({ questions: faqCategorySchema.shape.questions.unwrap() });

export const faqCategoryEndpoints = {
  list: defineListEndpoint({
    path: '/questions/categories',
    summary: 'FAQ categories, the same for every company',
    tags: ['faq'],
    row: faqCategoryRowSchema,
    sorts: ['id', 'name', 'questions_count', 'created_at', 'updated_at'],
    filters: { search: z.string() },
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/questions/categories/:id',
    summary: 'One FAQ category with its questions',
    tags: ['faq'],
    params: idParamsSchema,
    query: recordQuerySchema,
    answer: recordAnswerSchema(faqCategoryRowSchema, {}),
  }),
};
