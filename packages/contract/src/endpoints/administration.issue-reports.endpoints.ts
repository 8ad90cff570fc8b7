import { z } from 'zod';
import {
  ISSUE_PRODUCT_KEYS,
  ISSUE_SEVERITIES,
  ISSUE_STATUSES,
  type IssueProduct,
  issueReportSchema,
} from '../administration.ts';
import { optionalText, requiredText } from '../content-saves.ts';
import { defineEndpoint, defineListEndpoint, recordAnswerSchema, recordQuerySchema } from '../endpoint.ts';
import { idParamsSchema, idSchema } from '../ids.ts';
import { deleteAnswerSchema } from './shared.endpoints.ts';

export const PRODUCTS_REQUIRED = 'Choose at least one product.';
export const PRODUCT_UNKNOWN = `Products must be among ${ISSUE_PRODUCT_KEYS.join(', ')}.`;
export const EXTERNAL_LINK_INVALID = 'Must be a web address starting with http:// or https://.';
export const MAX_ISSUE_DESCRIPTION = 10_000;
export const MAX_EXTERNAL_LINK = 2000;

const isProduct = (key: string): key is IssueProduct => (ISSUE_PRODUCT_KEYS as readonly string[]).includes(key);

/**
 * The products of a report: the spec's map of key → '1' (form data `products[hatch]=1`), or a list
 * of keys; keys with '0' or false are left out. Answers the map.
 */
export const issueProductsField = z
  .union(
    [
      z.array(z.string()).max(ISSUE_PRODUCT_KEYS.length * 2),
      z.record(z.string(), z.union([z.literal('1'), z.literal('0'), z.literal(1), z.literal(0), z.boolean()])),
    ],
    { error: PRODUCTS_REQUIRED },
  )
  .transform((value, context) => {
    const keys = Array.isArray(value)
      ? value
      : Object.entries(value)
          .filter(([, on]) => on === '1' || on === 1 || on === true)
          .map(([key]) => key);
    if (!keys.every(isProduct)) {
      context.addIssue({ code: 'custom', message: PRODUCT_UNKNOWN });
      return z.NEVER;
    }
    if (keys.length === 0) {
      context.addIssue({ code: 'custom', message: PRODUCTS_REQUIRED });
      return z.NEVER;
    }
    return Object.fromEntries(ISSUE_PRODUCT_KEYS.filter((key) => keys.includes(key)).map((key) => [key, '1' as const]));
  });

export const issueReportSaveSchema = z.object({
  title: requiredText(255),
  description: optionalText(MAX_ISSUE_DESCRIPTION).optional(),
  severity: z.enum(ISSUE_SEVERITIES, { error: `Must be one of ${ISSUE_SEVERITIES.join(', ')}.` }),
  products: issueProductsField,
});

/** An issue tracker address, or '' / null for none. */
export const externalLinkField = z
  .union([z.string().trim().max(MAX_EXTERNAL_LINK, `At most ${MAX_EXTERNAL_LINK} characters.`), z.null()], {
    error: EXTERNAL_LINK_INVALID,
  })
  .transform((value, context) => {
    if (value === null || value === '') return null;
    let url: URL | null = null;
    try {
      url = new URL(value);
    } catch {
      url = null;
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || /\s/.test(value)) {
      context.addIssue({ code: 'custom', message: EXTERNAL_LINK_INVALID });
      return z.NEVER;
    }
    return value;
  });

export const issueReportAdminUpdateSchema = z.object({
  status: z.enum(ISSUE_STATUSES, { error: `Must be one of ${ISSUE_STATUSES.join(', ')}.` }).optional(),
  external_link: externalLinkField.optional(),
});

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
  create: defineEndpoint({
    method: 'POST',
    path: '/issue-reports',
    summary: 'Reports an issue (any member of the company)',
    tags: ['issue-reports'],
    body: issueReportSaveSchema,
    answer: recordAnswerSchema(issueReportRowSchema, {}),
    status: 201,
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/admin/issue-reports/:id',
    summary: 'Changes the status or the external issue tracker link of a report (platform admins)',
    tags: ['admin'],
    params: idParamsSchema,
    body: issueReportAdminUpdateSchema,
    answer: recordAnswerSchema(issueReportRowSchema, {}),
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: '/admin/issue-reports/:id',
    summary: 'Deletes an issue report (platform admins)',
    tags: ['admin'],
    params: idParamsSchema,
    answer: deleteAnswerSchema('issue_report_title'),
  }),
};
