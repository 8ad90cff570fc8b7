import { z } from 'zod';
import { ISSUE_SEVERITIES, ISSUE_STATUSES, issueReportSchema } from '../administration.ts';
import { defineEndpoint, defineListEndpoint, recordAnswerSchema, recordQuerySchema } from '../endpoint.ts';
import { idParamsSchema, idSchema } from '../ids.ts';

/** An issue report as lists return it: `included_fields=company.name` keeps part of the company or user. */
export const issueReportRowSchema = issueReportSchema.extend({
  company: issueReportSchema.shape.company.partial(),
  user: issueReportSchema.shape.user.partial(),
});

const commaSeparated = (values: readonly string[]) =>
  z.string().describe(`One or more of ${values.join(', ')}, comma-separated`);

export const issueReportEndpoints = {
  list: defineListEndpoint({
    path: '/admin/issue-reports',
    summary: 'Issue reports of every company (platform admins)',
    tags: ['admin'],
    row: issueReportRowSchema,
    sorts: ['id', 'title', 'status', 'severity', 'created_at', 'updated_at', 'company.name', 'user.name', 'user.email'],
    filters: {
      search: z.string(),
      company_id: idSchema,
      severity: commaSeparated(ISSUE_SEVERITIES),
      status: commaSeparated(ISSUE_STATUSES),
    },
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/admin/issue-reports/:id',
    summary: 'One issue report',
    tags: ['admin'],
    params: idParamsSchema,
    query: recordQuerySchema,
    answer: recordAnswerSchema(issueReportRowSchema, {}),
  }),
};
