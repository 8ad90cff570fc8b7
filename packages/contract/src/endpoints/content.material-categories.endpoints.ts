import { z } from 'zod';
import {
  contentMetaDataSchema,
  materialCategorySchema,
  RECORD_STATUSES,
  TOP_LEVEL_FILTER_VALUE,
  trashedFieldsSchema,
} from '../content.ts';
import { defineEndpoint, defineListEndpoint, recordAnswerSchema, recordQuerySchema } from '../endpoint.ts';
import { idParamsSchema, idSchema } from '../ids.ts';
import { previewImageEndpoint } from './shared.endpoints.ts';

/** A material category row: breadcrumbs in `meta_data` (by default for one category only), recycle-bin fields with `trashed=1`. */
export const materialCategoryRowSchema = materialCategorySchema.extend({
  meta_data: contentMetaDataSchema,
  ...trashedFieldsSchema.shape,
});

export const materialCategoryEndpoints = {
  list: defineListEndpoint({
    path: '/materials/categories',
    summary: 'Material categories (hatch only); filter[parent_id]=null for the top level',
    tags: ['material categories'],
    row: materialCategoryRowSchema,
    sorts: ['id', 'parent_id', 'name', 'status', 'created_at', 'updated_at', 'deleted_at'],
    filters: {
      search: z.string(),
      status: z.string().describe(`One or more of ${RECORD_STATUSES.join(', ')}, comma-separated`),
      parent_id: z.union([idSchema, z.literal(TOP_LEVEL_FILTER_VALUE)]),
    },
    trashed: true,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/materials/categories/:id',
    summary: 'One material category, with breadcrumbs (meta_data) and sub-categories',
    tags: ['material categories'],
    params: idParamsSchema,
    query: recordQuerySchema,
    answer: recordAnswerSchema(materialCategoryRowSchema, {}),
  }),
  previewImage: previewImageEndpoint('/materials/categories/:id/preview-image', 'material categories'),
};
