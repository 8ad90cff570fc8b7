import { z } from 'zod';
import { favoriteSchema } from '../content-saves.ts';
import { designCreateSchema, designRowSchema, designUpdateSchema } from '../designs.ts';
import { defineEndpoint, defineListEndpoint, recordAnswerSchema, recordQuerySchema } from '../endpoint.ts';
import { idParamsSchema, idSchema } from '../ids.ts';
import { deleteAnswerSchema, previewImageEndpoint } from './shared.endpoints.ts';

const flag = z.enum(['1', '0', 'true', 'false']);

/**
 * Designs (issue 30): a project's model configured with one material per slot, saved under a
 * name. Read on both platforms; saved on hatch and customerportal (a salesperson saves them there).
 */
export const designEndpoints = {
  list: defineListEndpoint({
    path: '/projects/designs',
    summary: 'Designs of the projects the requester may see (the project overview), favourites first on customerportal',
    tags: ['designs'],
    row: designRowSchema,
    sorts: ['id', 'name', 'is_favorited', 'created_at', 'updated_at'],
    filters: {
      search: z.string(),
      project_id: idSchema,
      project_model_id: idSchema,
      favorited: flag,
    },
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/projects/designs/:id',
    summary: 'One design',
    tags: ['designs'],
    params: idParamsSchema,
    query: recordQuerySchema,
    answer: recordAnswerSchema(designRowSchema, {}),
  }),
  previewImage: previewImageEndpoint('/projects/designs/:id/preview-image', 'designs'),
  create: defineEndpoint({
    method: 'POST',
    path: '/projects/designs',
    summary:
      'Saves a finished model of a project with a material per slot (by name, one the slot allows) as a named design; its preview is rendered after',
    tags: ['designs'],
    body: designCreateSchema,
    answer: recordAnswerSchema(designRowSchema, {}),
    status: 201,
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/projects/designs/:id',
    summary: 'Renames a design and/or replaces its choices (a new preview is rendered when they change)',
    tags: ['designs'],
    params: idParamsSchema,
    body: designUpdateSchema,
    answer: recordAnswerSchema(designRowSchema, {}),
  }),
  favorite: defineEndpoint({
    method: 'PATCH',
    path: '/projects/designs/:id/favorite',
    summary: 'Sets or clears the requester’s favourite star on a design',
    tags: ['designs'],
    params: idParamsSchema,
    body: favoriteSchema,
    answer: z.object({ data: z.object({ id: z.number().int(), is_favorited: z.boolean() }) }),
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: '/projects/designs/:id',
    summary: 'Deletes a design (there is no recycle bin for designs)',
    tags: ['designs'],
    params: idParamsSchema,
    answer: deleteAnswerSchema('design_name'),
  }),
};
