import { z } from 'zod';
import { CHANGELOG_TYPES, changelogItemSchema, ENVIRONMENTS } from '../administration.ts';
import { defineEndpoint, defineListEndpoint, recordAnswerSchema, recordQuerySchema } from '../endpoint.ts';
import { idParamsSchema } from '../ids.ts';
import { binaryAnswerSchema } from './shared.endpoints.ts';

export const changelogEndpoints = {
  list: defineListEndpoint({
    path: '/admin/changelog-items',
    summary: 'Changelog items; filter[environment] keeps those released there (Updates panel)',
    tags: ['changelog'],
    row: changelogItemSchema,
    sorts: [
      'id',
      'type',
      'description',
      'date_on_development',
      'date_on_test',
      'date_on_acceptance',
      'date_on_production',
      'created_at',
      'updated_at',
    ],
    filters: {
      search: z.string(),
      type: z.string().describe(`One or more of ${CHANGELOG_TYPES.join(', ')}, comma-separated`),
      environment: z.enum(ENVIRONMENTS),
      missing_environment: z.enum(ENVIRONMENTS),
    },
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/admin/changelog-items/:id',
    summary: 'One changelog item with its screenshot_url',
    tags: ['changelog'],
    params: idParamsSchema,
    query: recordQuerySchema,
    answer: recordAnswerSchema(changelogItemSchema, {}),
  }),
  screenshot: defineEndpoint({
    method: 'GET',
    path: '/changelog-items/:id/screenshot',
    summary: "A changelog item's screenshot",
    tags: ['changelog'],
    params: idParamsSchema,
    answer: binaryAnswerSchema,
  }),
};
