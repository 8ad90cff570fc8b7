import { z } from 'zod';
import { groupSchema } from '../administration.ts';
import { deleteStatusSchema, optionalText, requiredText } from '../content-saves.ts';
import { defineEndpoint, defineListEndpoint, recordAnswerSchema, recordQuerySchema } from '../endpoint.ts';
import { idParamsSchema } from '../ids.ts';
import { memberIdsField } from './security.users.endpoints.ts';

/** A group row: administration.md §3 Group with the number of members. */
export const groupRowSchema = groupSchema.extend({
  users_count: z.number().int(),
  users: z.array(z.object({ id: z.number().int(), name: z.string(), email: z.string() })),
});

/** POST /groups: `users` are members of this company by id (`users[]=3` in form data). */
export const groupCreateSchema = z.object({
  name: requiredText(255),
  description: optionalText(2000).optional(),
  users: memberIdsField.optional(),
});
/** PATCH /groups/{id}: what is given changes; `users` replaces the current members. */
export const groupUpdateSchema = groupCreateSchema.partial();

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
  create: defineEndpoint({
    method: 'POST',
    path: '/groups',
    summary: 'Creates a group with its members',
    tags: ['groups'],
    body: groupCreateSchema,
    answer: recordAnswerSchema(groupRowSchema, {}),
    status: 201,
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/groups/:id',
    summary: 'Changes a group (also POST with _method=PATCH); users replace the current members',
    tags: ['groups'],
    params: idParamsSchema,
    body: groupUpdateSchema,
    answer: recordAnswerSchema(groupRowSchema, {}),
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: '/groups/:id',
    summary: 'Deletes a group; its members lose what it gave them',
    tags: ['groups'],
    params: idParamsSchema,
    answer: z.object({ group_name: z.string(), status: deleteStatusSchema }),
  }),
};
