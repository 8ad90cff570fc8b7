import { z } from 'zod';
import { feedbackReportSchema } from '../administration.ts';
import { defineEndpoint, defineListEndpoint, recordAnswerSchema, recordQuerySchema } from '../endpoint.ts';
import { idParamsSchema, idSchema } from '../ids.ts';

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
};
