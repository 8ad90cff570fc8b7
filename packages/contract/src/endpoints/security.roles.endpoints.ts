import { z } from 'zod';
import { deleteStatusSchema, optionalText, requiredText } from '../content-saves.ts';
import { defineEndpoint, defineListEndpoint, recordAnswerSchema, recordQuerySchema } from '../endpoint.ts';
import { idParamsSchema } from '../ids.ts';
import { ABILITIES, type Ability } from '../permissions.ts';

/** A role: id, title, description, timestamps and its abilities (spec: administration.md §3). */
export const roleSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  abilities: z.array(z.string()),
});
export type Role = z.infer<typeof roleSchema>;

/** Abilities by key (`abilities[]=view-projects` in form data); '' (none ticked) means none. */
const abilitiesField = z
  .union([
    z.literal(''),
    z
      .array(z.enum(ABILITIES as [Ability, ...Ability[]], { error: 'Not a known ability.' }), {
        error: 'Must be a list of abilities.',
      })
      .max(ABILITIES.length * 2, 'Too many abilities.'),
  ])
  .transform((value) => (value === '' ? [] : [...new Set(value)]));

/** POST /roles. */
export const roleCreateSchema = z.object({
  title: requiredText(255),
  description: optionalText(2000).optional(),
  abilities: abilitiesField.optional(),
});
/** PATCH /roles/{id}: what is given changes; `abilities` replaces the current set. */
export const roleUpdateSchema = roleCreateSchema.partial();

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
  create: defineEndpoint({
    method: 'POST',
    path: '/roles',
    summary: 'Creates a role with its abilities',
    tags: ['roles'],
    body: roleCreateSchema,
    answer: recordAnswerSchema(roleSchema, {}),
    status: 201,
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/roles/:id',
    summary: 'Changes a role (also POST with _method=PATCH); abilities replace the current ones',
    tags: ['roles'],
    params: idParamsSchema,
    body: roleUpdateSchema,
    answer: recordAnswerSchema(roleSchema, {}),
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: '/roles/:id',
    summary: 'Deletes a role; its members are left without a role (and so without permissions)',
    tags: ['roles'],
    params: idParamsSchema,
    answer: z.object({ role_title: z.string(), status: deleteStatusSchema }),
  }),
};
