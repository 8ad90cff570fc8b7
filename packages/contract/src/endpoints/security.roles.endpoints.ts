import { z } from 'zod';
import { defineEndpoint, defineListEndpoint, recordAnswerSchema, recordQuerySchema } from '../endpoint.ts';
import { idParamsSchema } from '../ids.ts';

/** administration.md §3 Role. */
export const roleSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  abilities: z.array(z.string()),
});
export type Role = z.infer<typeof roleSchema>;

export const roleEndpoints = {
  list: defineListEndpoint({
    path: '/roles',
    summary: 'Roles of this company (also the role picker)',
    tags: ['roles'],
    row: roleSchema,
    sorts: ['id', 'title', 'description', 'created_at', 'updated_at'],
    filters: { search: z.string() },
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/roles/:id',
    summary: 'One role with its abilities',
    tags: ['roles'],
    params: idParamsSchema,
    query: recordQuerySchema,
    answer: recordAnswerSchema(roleSchema, {}),
  }),
};
