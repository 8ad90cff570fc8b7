import { z } from 'zod';
import { MODEL_STATUSES, projectModelSchema, trashedFieldsSchema } from '../content.ts';
import { defineEndpoint, defineListEndpoint, recordAnswerSchema, recordQuerySchema } from '../endpoint.ts';
import { idParamsSchema, idSchema, materialNameParamsSchema } from '../ids.ts';
import { MATERIAL_MAP_KINDS } from '../material-maps.ts';
import { materialSlotsAnswerSchema, materialSlotsSaveSchema } from '../material-slots.ts';
import { processingFieldsSchema, projectModelCreateSchema, projectModelUpdateSchema } from '../processing.ts';
import { processingEndpoints } from './processing.endpoints.ts';
import { binaryAnswerSchema, deleteAnswerSchema, previewImageEndpoint, restoreEndpoint } from './shared.endpoints.ts';

/**
 * A project model row: `status` is the status text, or `{finished}` when the opt-in
 * `status.finished` is asked for instead (the demo-model picker); recycle-bin fields with `trashed=1`.
 */
export const projectModelRowSchema = projectModelSchema.extend({
  ...processingFieldsSchema.shape,
  status: z.union([z.enum(MODEL_STATUSES), z.object({ finished: z.boolean() })]),
  ...trashedFieldsSchema.shape,
});

export const projectModelEndpoints = {
  list: defineListEndpoint({
    path: '/projects/models',
    summary: 'Project models (the processor Models tab, the demo-model picker, the recycle bin)',
    tags: ['project models'],
    row: projectModelRowSchema,
    sorts: [
      'id',
      'project_id',
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
      status: z.string().describe(`One or more of ${MODEL_STATUSES.join(', ')}, comma-separated`),
      project: idSchema,
    },
    trashed: true,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/projects/models/:id',
    summary: 'One project model',
    tags: ['project models'],
    params: idParamsSchema,
    query: recordQuerySchema,
    answer: recordAnswerSchema(projectModelRowSchema, {}),
  }),
  previewImage: previewImageEndpoint('/projects/models/:id/preview-image', 'project models'),
  create: defineEndpoint({
    method: 'POST',
    path: '/projects/models',
    summary: 'Adds a model to a project from a finished upload, and queues it for processing',
    tags: ['project models'],
    body: projectModelCreateSchema,
    answer: recordAnswerSchema(projectModelRowSchema, {}),
    status: 201,
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/projects/models/:id',
    summary: 'Changes name or description; upload_id replaces the file and processes it again',
    tags: ['project models'],
    params: idParamsSchema,
    body: projectModelUpdateSchema,
    answer: recordAnswerSchema(projectModelRowSchema, {}),
  }),
  ...processingEndpoints('/projects/models', 'project models', projectModelRowSchema),
  materialSlots: defineEndpoint({
    method: 'GET',
    path: '/projects/models/:id/material-slots',
    summary:
      "The model's material slots in the processed file's order: the file's name, the display name, the materials allowed and the default (409 before the model was processed with them)",
    tags: ['project models'],
    params: idParamsSchema,
    answer: materialSlotsAnswerSchema,
  }),
  saveMaterialSlots: defineEndpoint({
    method: 'PUT',
    path: '/projects/models/:id/material-slots',
    summary:
      'Names every configured slot, the materials it allows (by name) and its default; a slot left out goes back to the file’s name without materials. A finished model only (409 otherwise)',
    tags: ['project models'],
    params: idParamsSchema,
    body: materialSlotsSaveSchema,
    answer: materialSlotsAnswerSchema,
  }),
  slotMaterialMap: defineEndpoint({
    method: 'GET',
    path: '/projects/models/:id/material-slots/materials/:name/maps/:map',
    summary:
      "One PBR map (WebP) of a material that one of the model's slots allows: how whoever may view the model loads its finishes, on either platform",
    tags: ['project models'],
    params: idParamsSchema.extend(materialNameParamsSchema.shape).extend({ map: z.enum(MATERIAL_MAP_KINDS) }),
    answer: binaryAnswerSchema,
  }),
  slotMaterialPreview: defineEndpoint({
    method: 'GET',
    path: '/projects/models/:id/material-slots/materials/:name/preview-image',
    summary: "The rendered preview (a swatch) of a material that one of the model's slots allows",
    tags: ['project models'],
    params: idParamsSchema.extend(materialNameParamsSchema.shape),
    answer: binaryAnswerSchema,
  }),
  variantsGlb: defineEndpoint({
    method: 'GET',
    path: '/projects/models/:id/files/variants-glb',
    summary:
      "The web-ready model with every finish its slots allow as KHR_materials_variants (one variant per material, each slot's default shown first); 409 before FINISHED or without any slot's materials",
    tags: ['project models'],
    params: idParamsSchema,
    answer: binaryAnswerSchema,
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: '/projects/models/:id',
    summary: 'Moves a project model to the recycling bin',
    tags: ['project models'],
    params: idParamsSchema,
    answer: deleteAnswerSchema('model_name'),
  }),
  restore: restoreEndpoint('/projects/models/:id/restore', 'project models'),
};
