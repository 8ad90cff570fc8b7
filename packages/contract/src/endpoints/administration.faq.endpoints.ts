import { z } from 'zod';
import { faqCategorySchema, faqQuestionSchema } from '../administration.ts';
import { deleteStatusSchema, requiredText } from '../content-saves.ts';
import { defineEndpoint, defineListEndpoint, recordAnswerSchema, recordQuerySchema } from '../endpoint.ts';
import { idParamsSchema, idSchema } from '../ids.ts';
import { deleteAnswerSchema } from './shared.endpoints.ts';

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
  create: defineEndpoint({
    method: 'POST',
    path: '/admin/questions/categories',
    summary: 'Creates a FAQ category (platform admins)',
    tags: ['faq'],
    body: faqCategorySaveSchema(),
    answer: recordAnswerSchema(faqCategoryRowSchema, {}),
    status: 201,
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/admin/questions/categories/:id',
    summary: 'Renames a FAQ category (platform admins)',
    tags: ['faq'],
    params: idParamsSchema,
    body: faqCategorySaveSchema(),
    answer: recordAnswerSchema(faqCategoryRowSchema, {}),
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: '/admin/questions/categories/:id',
    summary: 'Deletes a FAQ category and all its questions (platform admins)',
    tags: ['faq'],
    params: idParamsSchema,
    answer: deleteAnswerSchema('category_name').extend({ questions: z.number().int() }),
  }),
};

/** Longest FAQ answer text. */
export const MAX_FAQ_ANSWER = 10_000;
export const CATEGORY_CHOICE_REQUIRED = 'Choose a category or name a new one.';
export const CATEGORY_CHOICE_BOTH = 'Choose a category or name a new one, not both.';

function faqCategorySaveSchema() {
  return z.object({ name: requiredText(255) });
}

const questionFields = {
  question: requiredText(500),
  answer: z
    .string({ error: 'Required.' })
    .trim()
    .min(1, 'Required.')
    .max(MAX_FAQ_ANSWER, `At most ${MAX_FAQ_ANSWER} characters.`),
  /** An existing category… */
  category_id: idSchema.optional(),
  /** …or a new one by this name (the create form's "new category"). */
  category_name: requiredText(255).optional(),
};

/** A question with either `category_id` or `category_name`. */
export const faqQuestionSaveSchema = z.object(questionFields).superRefine((body, context) => {
  if (body.category_id === undefined && body.category_name === undefined) {
    context.addIssue({ code: 'custom', path: ['category_id'], message: CATEGORY_CHOICE_REQUIRED });
  }
  if (body.category_id !== undefined && body.category_name !== undefined) {
    context.addIssue({ code: 'custom', path: ['category_id'], message: CATEGORY_CHOICE_BOTH });
  }
});
export const faqQuestionUpdateSchema = z.object(questionFields).partial();

/** A question as its saves answer it: with its category. */
export const faqQuestionRowSchema = faqQuestionSchema.extend({
  category: z.object({ id: z.number().int(), name: z.string() }),
  created_at: z.string(),
  updated_at: z.string(),
});

export const faqQuestionEndpoints = {
  create: defineEndpoint({
    method: 'POST',
    path: '/admin/questions',
    summary: 'Adds a question to a FAQ category, or to a new category by name (platform admins)',
    tags: ['faq'],
    body: faqQuestionSaveSchema,
    answer: z.object({ data: faqQuestionRowSchema }),
    status: 201,
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/admin/questions/:id',
    summary: 'Changes a FAQ question, its answer or its category (platform admins)',
    tags: ['faq'],
    params: idParamsSchema,
    body: faqQuestionUpdateSchema,
    answer: z.object({ data: faqQuestionRowSchema }),
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: '/admin/questions/:id',
    summary: 'Deletes a FAQ question (platform admins)',
    tags: ['faq'],
    params: idParamsSchema,
    answer: z.object({ question: z.string(), status: deleteStatusSchema }),
  }),
};
