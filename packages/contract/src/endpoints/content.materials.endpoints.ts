import { z } from 'zod';
import { materialSchema, RECORD_STATUSES, TOP_LEVEL_FILTER_VALUE, trashedFieldsSchema } from '../content.ts';
import { defineEndpoint, defineListEndpoint, recordAnswerSchema, recordQuerySchema } from '../endpoint.ts';
import { idSchema } from '../ids.ts';
import { binaryAnswerSchema } from './shared.endpoints.ts';

/** The material name is its identifier; it arrives URL-encoded (content.md §2). */
export const materialNameParamsSchema = z.object({ name: z.string().min(1).max(255) });

/** A material row, with the recycle-bin fields with `trashed=1`. */
export const materialRowSchema = materialSchema.extend(trashedFieldsSchema.shape);

export const materialEndpoints = {
  list: defineListEndpoint({
    path: '/materials',
    summary: 'Materials (hatch only); filter[category]=id (or null for materials in no category)',
    tags: ['materials'],
    row: materialRowSchema,
    sorts: ['name', 'parent_name', 'description', 'status', 'created_at', 'updated_at', 'deleted_at'],
    filters: {
      search: z.string(),
      status: z.string().describe(`One or more of ${RECORD_STATUSES.join(', ')}, comma-separated`),
      category: z.union([idSchema, z.literal(TOP_LEVEL_FILTER_VALUE)]),
      parent_name: z.string().describe(`A base material's name (its variants), or ${TOP_LEVEL_FILTER_VALUE}`),
    },
    trashed: true,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/materials/:name',
    summary: 'One material, by its (URL-encoded) name',
    tags: ['materials'],
    params: materialNameParamsSchema,
    query: recordQuerySchema,
    answer: recordAnswerSchema(materialRowSchema, {}),
  }),
  previewImage: defineEndpoint({
    method: 'GET',
    path: '/materials/:name/preview-image',
    summary: 'The preview image of one record',
    tags: ['materials'],
    params: materialNameParamsSchema,
    answer: binaryAnswerSchema,
  }),
};
