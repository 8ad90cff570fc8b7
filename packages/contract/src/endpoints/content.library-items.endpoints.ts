import { z } from 'zod';
import { LIBRARY_ITEM_STATUSES, libraryItemSchema, TOP_LEVEL_FILTER_VALUE, trashedFieldsSchema } from '../content.ts';
import { bulkAnswerSchema, libraryItemBulkSchema, libraryItemUpdateSchema } from '../content-saves.ts';
import { defineEndpoint, defineListEndpoint, recordAnswerSchema, recordQuerySchema } from '../endpoint.ts';
import { idParamsSchema, idSchema } from '../ids.ts';
import { placementFieldsSchema } from '../model-placement.ts';
import { libraryItemCreateSchema, processingFieldsSchema, uploadIdField } from '../processing.ts';
import { processingEndpoints } from './processing.endpoints.ts';
import { deleteAnswerSchema, previewImageEndpoint, restoreEndpoint } from './shared.endpoints.ts';

/** A library item row, with the recycle-bin fields with `trashed=1`. */
export const libraryItemRowSchema = libraryItemSchema.extend({
  ...processingFieldsSchema.shape,
  ...trashedFieldsSchema.shape,
});

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
  create: defineEndpoint({
    method: 'POST',
    path: '/libraries/items',
    summary: 'Adds an item from a finished upload, in the libraries named, and queues it for processing',
    tags: ['library items'],
    body: libraryItemCreateSchema,
    answer: recordAnswerSchema(libraryItemRowSchema, {}),
    status: 201,
  }),
  ...processingEndpoints('/libraries/items', 'library items', libraryItemRowSchema),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/libraries/items/:id',
    summary:
      'Archives or unarchives an item (archived), changes its name, description and libraries; upload_id replaces the file',
    tags: ['library items'],
    params: idParamsSchema,
    body: libraryItemUpdateSchema.extend({ upload_id: uploadIdField.optional(), ...placementFieldsSchema.shape }),
    answer: recordAnswerSchema(libraryItemRowSchema, {}),
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: '/libraries/items/:id',
    summary: 'Moves a library item to the recycling bin, unless it is connected to a model',
    tags: ['library items'],
    params: idParamsSchema,
    answer: deleteAnswerSchema('library_item_name'),
  }),
  bulk: defineEndpoint({
    method: 'POST',
    path: '/libraries/items/update',
    summary: 'Moves, archives, activates or deletes the items named items[n][id]',
    tags: ['library items'],
    body: libraryItemBulkSchema,
    answer: bulkAnswerSchema,
  }),
  restore: restoreEndpoint('/libraries/items/:id/restore', 'library items'),
};
