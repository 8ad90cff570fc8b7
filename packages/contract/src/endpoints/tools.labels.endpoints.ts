import { z } from 'zod';
import { labelSchema } from '../content.ts';
import { defineEndpoint, defineListEndpoint, recordAnswerSchema, recordQuerySchema } from '../endpoint.ts';
import { idParamsSchema } from '../ids.ts';

export const labelEndpoints = {
  list: defineListEndpoint({
    path: '/labels',
    summary: 'Labels of this company',
    tags: ['labels'],
    row: labelSchema,
    sorts: ['id', 'name', 'color', 'created_at', 'updated_at'],
    filters: { search: z.string() },
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/labels/:id',
    summary: 'One label',
    tags: ['labels'],
    params: idParamsSchema,
    query: recordQuerySchema,
    answer: recordAnswerSchema(labelSchema, {}),
  }),
};
