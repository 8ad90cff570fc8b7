import { z } from 'zod';
import { labelSchema } from '../content.ts';
import { requiredText } from '../content-saves.ts';
import { defineEndpoint, defineListEndpoint, recordAnswerSchema, recordQuerySchema } from '../endpoint.ts';
import { idParamsSchema } from '../ids.ts';
import { deleteAnswerSchema } from './shared.endpoints.ts';

/** The colour input's rule (administration.md §5): hex only, 3 or 6 digits, 4 or 8 with alpha. */
export const HEX_COLOR_PATTERN = /^#?([0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
export const HEX_COLOR_MESSAGE = 'Must be a hex colour: 3 or 6 digits, or 4 or 8 with alpha.';

/** A hex colour, stored lower case with its '#'. */
export const hexColorField = z
  .string({ error: 'Required.' })
  .trim()
  .regex(HEX_COLOR_PATTERN, HEX_COLOR_MESSAGE)
  .transform((hex) => `#${hex.replace('#', '').toLowerCase()}`);

/** POST /labels; PATCH takes any of the fields. */
export const labelSaveSchema = z.object({ name: requiredText(), color: hexColorField });
export const labelUpdateSchema = labelSaveSchema.partial();

/** Message of a name another label of the company already has (names are unique, case-insensitively). */
export const LABEL_NAME_TAKEN = 'A label with this name already exists.';

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
  create: defineEndpoint({
    method: 'POST',
    path: '/labels',
    summary: 'Creates a label (name, color)',
    tags: ['labels'],
    body: labelSaveSchema,
    answer: recordAnswerSchema(labelSchema, {}),
    status: 201,
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/labels/:id',
    summary: 'Changes a label (also POST with _method=PATCH)',
    tags: ['labels'],
    params: idParamsSchema,
    body: labelUpdateSchema,
    answer: recordAnswerSchema(labelSchema, {}),
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: '/labels/:id',
    summary: 'Deletes a label; projects and libraries lose it',
    tags: ['labels'],
    params: idParamsSchema,
    answer: deleteAnswerSchema('label_name'),
  }),
};
