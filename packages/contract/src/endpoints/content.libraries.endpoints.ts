import { z } from 'zod';
import {
  contentMetaDataSchema,
  librarySchema,
  RECORD_STATUSES,
  TOP_LEVEL_FILTER_VALUE,
  trashedFieldsSchema,
} from '../content.ts';
import { bulkAnswerSchema, libraryBulkSchema, librarySaveSchema, libraryUpdateSchema } from '../content-saves.ts';
import { defineEndpoint, defineListEndpoint, recordAnswerSchema, recordQuerySchema } from '../endpoint.ts';
import { idParamsSchema, idSchema } from '../ids.ts';
import { previewImageEndpoint, restoreEndpoint } from './shared.endpoints.ts';

/** A library row: breadcrumbs in `meta_data` (by default for one library only), recycle-bin fields with `trashed=1`. */
export const libraryRowSchema = librarySchema.extend({
  meta_data: contentMetaDataSchema,
  ...trashedFieldsSchema.shape,
});

export const libraryEndpoints = {
  list: defineListEndpoint({
    path: '/libraries',
    summary: 'Libraries; filter[parent_id]=null for the top level',
    tags: ['libraries'],
    row: libraryRowSchema,
    sorts: ['id', 'parent_id', 'name', 'description', 'status', 'created_at', 'updated_at', 'deleted_at'],
    filters: {
      search: z.string(),
      status: z.string().describe(`One or more of ${RECORD_STATUSES.join(', ')}, comma-separated`),
      parent_id: z.union([idSchema, z.literal(TOP_LEVEL_FILTER_VALUE)]),
      label: z.string().describe('Label ids, comma-separated'),
    },
    trashed: true,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/libraries/:id',
    summary: 'One library, with its breadcrumbs in meta_data',
    tags: ['libraries'],
    params: idParamsSchema,
    query: recordQuerySchema,
    answer: recordAnswerSchema(libraryRowSchema, {}),
  }),
  previewImage: previewImageEndpoint('/libraries/:id/preview-image', 'libraries'),
  create: defineEndpoint({
    method: 'POST',
    path: '/libraries',
    summary: 'Creates a library (under parent_id, or at the top level); JSON or form data',
    tags: ['libraries'],
    body: librarySaveSchema,
    answer: recordAnswerSchema(libraryRowSchema, {}),
    status: 201,
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/libraries/:id',
    summary: 'Changes a library (also POST with _method=PATCH); labels replace the current ones',
    tags: ['libraries'],
    params: idParamsSchema,
    body: libraryUpdateSchema,
    answer: recordAnswerSchema(libraryRowSchema, {}),
  }),
  bulk: defineEndpoint({
    method: 'POST',
    path: '/libraries/update',
    summary: 'Archives, activates or deletes the libraries named libraries[n][id]; answers what was done and what not',
    tags: ['libraries'],
    body: libraryBulkSchema,
    answer: bulkAnswerSchema,
  }),
  restore: restoreEndpoint('/libraries/:id/restore', 'libraries'),
};
