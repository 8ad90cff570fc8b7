import { z } from 'zod';
import { groupSchema } from '../administration.ts';
import { defineEndpoint, defineListEndpoint, recordAnswerSchema, recordQuerySchema } from '../endpoint.ts';
import { idParamsSchema } from '../ids.ts';

/** A group row: administration.md §3 Group with the number of members. */
export const groupRowSchema = groupSchema.extend({
  users_count: z.number().int(),
  users: z.array(z.object({ id: z.number().int(), name: z.string(), email: z.string() })),
});

export const groupEndpoints = {
  list: defineListEndpoint({
    path: '/groups',
    summary: 'Groups of this company with their members (also the group picker)',
    tags: ['groups'],
    row: groupRowSchema,
    sorts: ['id', 'name', 'description', 'created_at', 'updated_at', 'users_count'],
    filters: { search: z.string() },
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/groups/:id',
    summary: 'One group with its members',
    tags: ['groups'],
    params: idParamsSchema,
    query: recordQuerySchema,
    answer: recordAnswerSchema(groupRowSchema, {}),
  }),
};
