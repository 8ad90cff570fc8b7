import { z } from 'zod';
import { materialSchema, RECORD_STATUSES, TOP_LEVEL_FILTER_VALUE, trashedFieldsSchema } from '../content.ts';
import { bulkAnswerSchema, materialBulkSchema } from '../content-saves.ts';
import { defineEndpoint, defineListEndpoint, recordAnswerSchema, recordQuerySchema } from '../endpoint.ts';
import { idSchema, materialNameParamsSchema } from '../ids.ts';
import { MATERIAL_MAP_KINDS } from '../material-maps.ts';
import { materialCreateSchema, materialImportSchema, materialPatchSchema } from '../processing.ts';
import { binaryAnswerSchema, deleteAnswerSchema, restoreEndpoint } from './shared.endpoints.ts';

/** A material row, with the recycle-bin fields with `trashed=1`. */
export const materialRowSchema = materialSchema.extend({
  /**
   * The addresses of the material's PBR maps (WebP), by kind; only the maps it has. A variant's
   * are its own, else its base's (those kinds are in `inherited_maps`).
   */
  maps: z.partialRecord(z.enum(MATERIAL_MAP_KINDS), z.string()),
  inherited_maps: z.array(z.enum(MATERIAL_MAP_KINDS)),
  ...trashedFieldsSchema.shape,
});

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
  create: defineEndpoint({
    method: 'POST',
    path: '/materials',
    summary:
      'Creates a material (a variant of parent_name when given); its name is its identifier. maps[kind]=<upload id> adds PBR maps',
    tags: ['materials'],
    body: materialCreateSchema,
    answer: recordAnswerSchema(materialRowSchema, {}),
    status: 201,
  }),
  import: defineEndpoint({
    method: 'POST',
    path: '/materials/import',
    summary: 'Creates a material from a finished upload of a .matz package (docs/material-package.md)',
    tags: ['materials'],
    body: materialImportSchema,
    answer: recordAnswerSchema(materialRowSchema, {}),
    status: 201,
  }),
  map: defineEndpoint({
    method: 'GET',
    path: '/materials/:name/maps/:map',
    summary: 'One PBR map of a material (WebP)',
    tags: ['materials'],
    params: materialNameParamsSchema.extend({ map: z.enum(MATERIAL_MAP_KINDS) }),
    answer: binaryAnswerSchema,
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/materials/:name',
    summary:
      'Renames (links are kept), archives or activates (archived), or recategorises a material; maps[kind]=<upload id> replaces a PBR map, remove_maps[]=<kind> removes one',
    tags: ['materials'],
    params: materialNameParamsSchema,
    body: materialPatchSchema,
    answer: recordAnswerSchema(materialRowSchema, {}),
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: '/materials/:name',
    summary: 'Moves a material to the recycling bin, unless it is connected to a model',
    tags: ['materials'],
    params: materialNameParamsSchema,
    answer: deleteAnswerSchema('material_name'),
  }),
  duplicate: defineEndpoint({
    method: 'POST',
    path: '/materials/:name/duplicate',
    summary: 'Copies a material under a new name ("{name} copy", numbered when taken)',
    tags: ['materials'],
    params: materialNameParamsSchema,
    answer: recordAnswerSchema(materialRowSchema, {}),
    status: 201,
  }),
  bulk: defineEndpoint({
    method: 'POST',
    path: '/materials/update',
    summary: 'Moves, archives, activates or deletes the materials named materials[n][name]',
    tags: ['materials'],
    body: materialBulkSchema,
    answer: bulkAnswerSchema,
  }),
  restore: restoreEndpoint('/materials/:name/restore', 'materials', 'name'),
};
