import { z } from 'zod';
import { downloadSchema } from '../administration.ts';
import { defineEndpoint, defineListEndpoint, recordAnswerSchema, recordQuerySchema } from '../endpoint.ts';
import { idParamsSchema } from '../ids.ts';
import { binaryAnswerSchema } from './shared.endpoints.ts';

export const downloadEndpoints = {
  list: defineListEndpoint({
    path: '/downloads',
    summary: 'Files published for every company (manuals, plug-ins)',
    tags: ['downloads'],
    row: downloadSchema,
    sorts: ['id', 'name', 'extension', 'size', 'created_at', 'updated_at'],
    filters: { search: z.string() },
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/downloads/:id',
    summary: 'One download',
    tags: ['downloads'],
    params: idParamsSchema,
    query: recordQuerySchema,
    answer: recordAnswerSchema(downloadSchema, {}),
  }),
  download: defineEndpoint({
    method: 'GET',
    path: '/downloads/:id/download',
    summary: 'The file itself, saved as name.extension',
    tags: ['downloads'],
    params: idParamsSchema,
    answer: binaryAnswerSchema,
  }),
};
