import { z } from 'zod';
import { FEEDBACK_RATING_MAX, feedbackReportSchema } from '../administration.ts';
import { deleteStatusSchema, optionalText } from '../content-saves.ts';
import { defineEndpoint, defineListEndpoint, recordAnswerSchema, recordQuerySchema } from '../endpoint.ts';
import { idParamsSchema, idSchema } from '../ids.ts';

export const RATING_INVALID = `Choose a rating from 1 to ${FEEDBACK_RATING_MAX} stars.`;
export const MAX_FEEDBACK_COMMENT = 5000;

export const feedbackReportSaveSchema = z.object({
  rating: z
    .union(
      [
        z.number(),
        z
          .string()
          .regex(/^\s*\d{1,3}\s*$/)
          .transform(Number),
      ],
      { error: RATING_INVALID },
    )
    .pipe(z.number().int(RATING_INVALID).min(1, RATING_INVALID).max(FEEDBACK_RATING_MAX, RATING_INVALID)),
  comment: optionalText(MAX_FEEDBACK_COMMENT).optional(),
});

/** A feedback report as lists return it: `included_fields=user.name` keeps part of the company or user. */
export const feedbackReportRowSchema = feedbackReportSchema.extend({
  company: feedbackReportSchema.shape.company.partial(),
  user: feedbackReportSchema.shape.user.partial(),
});

export const feedbackReportEndpoints = {
  list: defineListEndpoint({
    path: '/admin/feedback-reports',
    summary: 'Feedback reports of every company (platform admins)',
    tags: ['admin'],
    row: feedbackReportRowSchema,
    sorts: ['id', 'rating', 'created_at', 'updated_at', 'company.name', 'user.name', 'user.email'],
    filters: {
      search: z.string(),
      user_id: idSchema,
      company_id: idSchema,
      rating: z.string().describe('One or more of 1 to 5, comma-separated'),
    },
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/admin/feedback-reports/:id',
    summary: 'One feedback report',
    tags: ['admin'],
    params: idParamsSchema,
    query: recordQuerySchema,
    answer: recordAnswerSchema(feedbackReportRowSchema, {}),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/feedback-reports',
    summary: 'Rates the product from 1 to 5 stars with an optional comment (any member of the company)',
    tags: ['feedback-reports'],
    body: feedbackReportSaveSchema,
    answer: recordAnswerSchema(feedbackReportRowSchema, {}),
    status: 201,
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: '/admin/feedback-reports/:id',
    summary: 'Deletes a feedback report (platform admins)',
    tags: ['admin'],
    params: idParamsSchema,
    answer: z.object({ feedback_report_id: z.number().int(), status: deleteStatusSchema }),
  }),
};
