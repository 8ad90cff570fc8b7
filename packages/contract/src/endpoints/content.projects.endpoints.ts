import { z } from 'zod';
import {
  contentMetaDataSchema,
  projectListMetaDataSchema,
  projectSchema,
  RECORD_STATUSES,
  trashedFieldsSchema,
} from '../content.ts';
import { defineEndpoint, defineListEndpoint, recordAnswerSchema, recordQuerySchema } from '../endpoint.ts';
import { idParamsSchema, idSchema } from '../ids.ts';
import { previewImageEndpoint } from './shared.endpoints.ts';

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
};
