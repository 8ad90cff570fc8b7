import { z } from 'zod';
import { LIBRARY_ITEM_STATUSES, libraryItemSchema, TOP_LEVEL_FILTER_VALUE, trashedFieldsSchema } from '../content.ts';
import { defineEndpoint, defineListEndpoint, recordAnswerSchema, recordQuerySchema } from '../endpoint.ts';
import { idParamsSchema, idSchema } from '../ids.ts';
import { previewImageEndpoint } from './shared.endpoints.ts';

/** A library item row, with the recycle-bin fields with `trashed=1`. */
export const libraryItemRowSchema = libraryItemSchema.extend(trashedFieldsSchema.shape);

export const libraryItemEndpoints = {
  list: defineListEndpoint({
    path: '/libraries/items',
    summary: 'Library items; filter[library]=id (or null for items in no library)',
    tags: ['library items'],
    row: libraryItemRowSchema,
    sorts: [
      'id',
      'name',
      'description',
      'status',
      'started_at',
      'finished_at',
      'created_at',
      'updated_at',
      'deleted_at',
    ],
    filters: {
      search: z.string(),
      status: z.string().describe(`One or more of ${LIBRARY_ITEM_STATUSES.join(', ')}, comma-separated`),
      library: z.union([idSchema, z.literal(TOP_LEVEL_FILTER_VALUE)]),
    },
    trashed: true,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/libraries/items/:id',
    summary: 'One library item',
    tags: ['library items'],
    params: idParamsSchema,
    query: recordQuerySchema,
    answer: recordAnswerSchema(libraryItemRowSchema, {}),
  }),
  previewImage: previewImageEndpoint('/libraries/items/:id/preview-image', 'library items'),
};
