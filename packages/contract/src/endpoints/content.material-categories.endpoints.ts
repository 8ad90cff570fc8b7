import { z } from 'zod';
import {
  contentMetaDataSchema,
  materialCategorySchema,
  RECORD_STATUSES,
  TOP_LEVEL_FILTER_VALUE,
  trashedFieldsSchema,
} from '../content.ts';
import {
  bulkAnswerSchema,
  materialCategoryBulkSchema,
  materialCategorySaveSchema,
  materialCategoryUpdateSchema,
} from '../content-saves.ts';
import { defineEndpoint, defineListEndpoint, recordAnswerSchema, recordQuerySchema } from '../endpoint.ts';
import { idParamsSchema, idSchema } from '../ids.ts';
import { deleteAnswerSchema, previewImageEndpoint, restoreEndpoint } from './shared.endpoints.ts';

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
  create: defineEndpoint({
    method: 'POST',
    path: '/materials/categories',
    summary: 'Creates a material category (under parent_id, or at the top level)',
    tags: ['material categories'],
    body: materialCategorySaveSchema,
    answer: recordAnswerSchema(materialCategoryRowSchema, {}),
    status: 201,
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/materials/categories/:id',
    summary: 'Changes a material category (also POST with _method=PATCH)',
    tags: ['material categories'],
    params: idParamsSchema,
    body: materialCategoryUpdateSchema,
    answer: recordAnswerSchema(materialCategoryRowSchema, {}),
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: '/materials/categories/:id',
    summary: 'Moves a category and its sub-categories to the recycling bin, unless connected to a model',
    tags: ['material categories'],
    params: idParamsSchema,
    answer: deleteAnswerSchema('category_name'),
  }),
  bulk: defineEndpoint({
    method: 'POST',
    path: '/materials/categories/update',
    summary: 'Archives, activates or deletes the categories named categories[n][id]',
    tags: ['material categories'],
    body: materialCategoryBulkSchema,
    answer: bulkAnswerSchema,
  }),
  restore: restoreEndpoint('/materials/categories/:id/restore', 'material categories'),
};
