import { z } from 'zod';
import { LIBRARY_ITEM_STATUSES } from './content.ts';
import { idRefList, materialSaveSchema, materialUpdateSchema, optionalText, requiredText } from './content-saves.ts';
import { idSchema } from './ids.ts';
import { MATERIAL_MAP_KINDS, type MaterialMapKind } from './material-maps.ts';
import {
  dimensionsFigureSchema,
  placementFieldsSchema,
  placementFigureSchema,
  unitsField,
  upAxisField,
} from './model-placement.ts';
import { messageCodeFields } from './processing-messages.ts';

/**
 * What the processing pipeline takes and tells: records take a finished tus
 * upload by its id, and report each step as a geometry event.
 */

/** The steps of processing an upload, in order. */
export const PROCESSING_STEPS = ['store', 'inspect', 'convert', 'optimise', 'preview', 'finish'] as const;
export type ProcessingStep = (typeof PROCESSING_STEPS)[number];

/** The id of a finished upload: the last segment of its tus `Location`. */
export const uploadIdField = z
  .string({ error: 'Required: the id of a finished upload.' })
  .trim()
  .regex(/^[A-Za-z0-9_-]{8,128}$/, 'Must be the id of a finished upload (the last part of its Location).');

export const projectModelCreateSchema = z.object({
  name: requiredText(255),
  description: optionalText().optional(),
  project_id: idSchema,
  upload_id: uploadIdField,
  ...placementFieldsSchema.shape,
});
/** PATCH (or POST with `_method=PATCH`) /projects/models/{id}: metadata, and `upload_id` replaces the file. */
export const projectModelUpdateSchema = projectModelCreateSchema.omit({ project_id: true }).partial();

export const libraryItemCreateSchema = z.object({
  name: requiredText(255),
  description: optionalText().optional(),
  libraries: idRefList.optional(),
  upload_id: uploadIdField,
  ...placementFieldsSchema.shape,
});

const mapUploads = z
  .object(
    Object.fromEntries(MATERIAL_MAP_KINDS.map((kind) => [kind, uploadIdField.optional()])) as Record<
      MaterialMapKind,
      z.ZodOptional<typeof uploadIdField>
    >,
  )
  .strict();

/** POST /materials: the metadata, and optionally the PBR maps as uploads (`maps[base_color]=<upload id>`). */
export const materialCreateSchema = materialSaveSchema.extend({ maps: mapUploads.optional() });

export const REPLACED_AND_REMOVED_MAP = 'A map can not be replaced and removed at once.';

/**
 * PATCH (or POST with `_method=PATCH`) /materials/{name}: the metadata; `maps[kind]=<upload id>`
 * replaces that map, `remove_maps[]=<kind>` removes it (a variant then inherits its base's again).
 */
export const materialPatchSchema = materialUpdateSchema
  .extend({
    maps: mapUploads.optional(),
    remove_maps: z
      .array(z.enum(MATERIAL_MAP_KINDS, { error: `Must be one of ${MATERIAL_MAP_KINDS.join(', ')}.` }), {
        error: 'Must be a list of map kinds.',
      })
      .max(MATERIAL_MAP_KINDS.length, `At most ${MATERIAL_MAP_KINDS.length}.`)
      .transform((kinds) => [...new Set(kinds)])
      .optional(),
  })
  .superRefine((body, context) => {
    if (body.remove_maps?.some((kind) => body.maps?.[kind] !== undefined)) {
      context.addIssue({ code: 'custom', path: ['remove_maps'], message: REPLACED_AND_REMOVED_MAP });
    }
  });

/** POST /materials/import: a `.matz` package; `name` overrides the package's own. */
export const materialImportSchema = z.object({
  upload_id: uploadIdField,
  name: materialSaveSchema.shape.name.optional(),
  categories: idRefList.optional(),
});

const vector3 = z.tuple([z.number(), z.number(), z.number()]);

/** What processing measured, on the record once FINISHED. */
export const processingFiguresSchema = z.object({
  format: z.string(),
  /** As the scene draws them (like vertices and points): a mesh used by ten nodes counts ten times. */
  triangles: z.number().int(),
  triangles_before: z.number().int(),
  vertices: z.number().int(),
  points: z.number().int(),
  meshes: z.number().int(),
  materials: z.number().int(),
  /** The output's material names in its order: material i is the model's slot i (decision 0059); absent on older records. */
  material_names: z.array(z.string()).optional(),
  textures: z.number().int(),
  bounds: z.object({ min: vector3, max: vector3 }).nullable(),
  simplified: z.boolean(),
  original_bytes: z.number().int(),
  glb_bytes: z.number().int(),
  /** The light version's size (a GLB over 1 MB gets one, issue 30); null without one, absent on older records. */
  lite_glb_bytes: z.number().int().nullable().optional(),
  /** Milliseconds per step. */
  steps_ms: z.record(z.string(), z.number()),
  warnings: z.array(z.string()),
  /** Animation keyframes as read and after resampling (decision 0035); null without animations, absent on older records. */
  keyframes_before: z.number().int().nullable().optional(),
  keyframes_after: z.number().int().nullable().optional(),
  /** The units and up axis the output was placed by (decision 0037); absent on older records. */
  placement: placementFigureSchema.optional(),
  /** The real size in metres, from the output's bounds (decision 0037); absent on older records. */
  dimensions_m: dimensionsFigureSchema.nullable().optional(),
  /** The Khronos glTF-Validator's errors and warnings on the decoded output (absent on records processed before). */
  validator_errors: z.number().int().optional(),
  validator_warnings: z.number().int().optional(),
});
export type ProcessingFigures = z.infer<typeof processingFiguresSchema>;

/** The processing side of a model or item: figures and downloads, null until there are. */
export const processingFieldsSchema = z.object({
  original_file_name: z.string().nullable(),
  original_url: z.string().nullable(),
  glb_url: z.string().nullable(),
  figures: processingFiguresSchema.nullable(),
  /** The units and up axis of a file that states none; null: its format's default (decision 0037). */
  units: unitsField,
  up_axis: upAxisField,
});

export const geometryEventSchema = z.object({
  id: z.number().int(),
  step: z.string(),
  message: z.string(),
  ...messageCodeFields,
  status: z.enum(LIBRARY_ITEM_STATUSES),
  created_at: z.string(),
});
export type GeometryEvent = z.infer<typeof geometryEventSchema>;
export const geometryEventsAnswerSchema = z.object({ data: z.array(geometryEventSchema) });

/** Spec: a reprocess answers 'Reprocessing started...' (content.md §8); the others are ours. */
export const REPROCESSING_STARTED = 'Reprocessing started...';
export const PROCESSING_CANCELLED = 'Processing cancelled.';
export const REPROCESS_ONLY_FINISHED = 'Only a finished record can be reprocessed.';
export const CANCEL_ONLY_RUNNING = 'Only a queued or processing record can be cancelled.';
