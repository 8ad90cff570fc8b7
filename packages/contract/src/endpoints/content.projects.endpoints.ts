import { z } from 'zod';
import {
  contentMetaDataSchema,
  projectListMetaDataSchema,
  projectSchema,
  RECORD_STATUSES,
  trashedFieldsSchema,
} from '../content.ts';
import { favoriteSchema, projectCopySchema, projectSaveSchema, projectUpdateSchema } from '../content-saves.ts';
import { defineEndpoint, defineListEndpoint, recordAnswerSchema, recordQuerySchema } from '../endpoint.ts';
import { idParamsSchema, idSchema } from '../ids.ts';
import { deleteAnswerSchema, previewImageEndpoint, restoreEndpoint } from './shared.endpoints.ts';

const flag = z.enum(['1', '0', 'true', 'false']);

/** A project row as lists return it (the recycle-bin fields with `trashed=1`). */
export const projectRowSchema = projectSchema.extend(trashedFieldsSchema.shape);

export const projectEndpoints = {
  list: defineListEndpoint({
    path: '/projects',
    summary: 'Projects (top level unless include_sub_projects=1), with the labels in use in meta_data',
    tags: ['projects'],
    row: projectRowSchema,
    sorts: [
      'id',
      'parent_id',
      'name',
      'description',
      'status',
      'is_favorited',
      'created_at',
      'updated_at',
      'deleted_at',
    ],
    filters: {
      search: z.string(),
      status: z.enum(RECORD_STATUSES),
      label: z.string().describe('Label ids, comma-separated'),
      parent_id: z.union([idSchema, z.literal('null')]),
      favorited: flag,
    },
    extraQuery: { include_sub_projects: flag, favorites_first: flag },
    extraAnswer: { meta_data: projectListMetaDataSchema.optional() },
    trashed: true,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/projects/:id',
    summary: 'One project',
    tags: ['projects'],
    params: idParamsSchema,
    query: recordQuerySchema,
    answer: recordAnswerSchema(projectRowSchema, { meta_data: contentMetaDataSchema.optional() }),
  }),
  previewImage: previewImageEndpoint('/projects/:id/preview-image', 'projects'),
  create: defineEndpoint({
    method: 'POST',
    path: '/projects',
    summary: 'Creates a project (a sub-project with parent_id, hatch only); JSON or form data',
    tags: ['projects'],
    body: projectSaveSchema,
    answer: recordAnswerSchema(projectRowSchema, {}),
    status: 201,
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/projects/:id',
    summary: 'Changes a project (also POST with _method=PATCH); labels and users replace the current ones',
    tags: ['projects'],
    params: idParamsSchema,
    body: projectUpdateSchema,
    answer: recordAnswerSchema(projectRowSchema, {}),
  }),
  copy: defineEndpoint({
    method: 'POST',
    path: '/projects/:id/copy',
    summary: 'Copies a project with its labels, members and model links; given fields replace the source’s',
    tags: ['projects'],
    params: idParamsSchema,
    body: projectCopySchema,
    answer: recordAnswerSchema(projectRowSchema, {}),
    status: 201,
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: '/projects/:id',
    summary: 'Moves a project and all its sub-projects to the recycling bin',
    tags: ['projects'],
    params: idParamsSchema,
    answer: deleteAnswerSchema('project_name').extend({ sub_projects: z.number().int() }),
  }),
  favorite: defineEndpoint({
    method: 'PATCH',
    path: '/projects/:id/favorite',
    summary: 'Sets or clears the requester’s favourite star on a project',
    tags: ['projects'],
    params: idParamsSchema,
    body: favoriteSchema,
    answer: z.object({ data: z.object({ id: z.number().int(), is_favorited: z.boolean() }) }),
  }),
  restore: restoreEndpoint('/projects/:id/restore', 'projects'),
};
