import { z } from 'zod';
import { requiredText } from './content-saves.ts';
import { idSchema, MAX_ID } from './ids.ts';
import { MAX_MATERIAL_SLOTS } from './material-slots.ts';

/**
 * Designs (issue 30): a model of a project configured with one material per slot, saved under a
 * name on the project. The server renders its preview after each save.
 */

/** How far the server got with a design's preview: rendering, drawn, or not drawable. */
export const DESIGN_PREVIEW_STATES = ['pending', 'ready', 'failed'] as const;
export type DesignPreviewState = (typeof DESIGN_PREVIEW_STATES)[number];

/** Longest name of a design. */
export const DESIGN_NAME_MAX = 100;
/** Designs per page of the project overview's list. */
export const DESIGN_LIST_PER_PAGE = 12;

export const DESIGN_SLOT_TWICE = 'This slot is chosen twice.';
export const DESIGN_MODEL_NOT_FINISHED = 'A design can be saved on a finished model only.';
export const DESIGN_MATERIAL_NOT_ALLOWED = 'This slot does not allow this material.';

/** One choice of a design as lists show it: the slot, its display name, the material chosen (null: the model's own). */
export const designChoiceRowSchema = z.object({
  slot_index: z.number().int(),
  slot_name: z.string(),
  material: z.string().nullable(),
});
export type DesignChoiceRow = z.infer<typeof designChoiceRowSchema>;

/** A design as `GET /projects/designs` lists it. */
export const designRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  project_id: z.number().int(),
  project_model_id: z.number().int(),
  model_name: z.string(),
  created_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  preview_status: z.enum(DESIGN_PREVIEW_STATES),
  preview_image_url: z.string().nullable(),
  is_favorited: z.boolean(),
  choices: z.array(designChoiceRowSchema),
});
export type DesignRow = z.infer<typeof designRowSchema>;

/** The material chosen for one slot, by the material's name (one the slot allows); null keeps the model's own there. */
export const designChoiceSaveSchema = z.object({
  slot_index: z.coerce
    .number({ error: 'Must be a whole number.' })
    .int('Must be a whole number.')
    .min(0, 'Must be 0 or more.')
    .max(MAX_ID, `Must be at most ${MAX_ID}.`),
  material: z.union([requiredText(255), z.null()], { error: 'Must be a material name or null.' }),
});
export type DesignChoiceSave = z.infer<typeof designChoiceSaveSchema>;

const choicesSchema = z
  .array(designChoiceSaveSchema, { error: 'Must be a list of choices.' })
  .max(MAX_MATERIAL_SLOTS, `At most ${MAX_MATERIAL_SLOTS}.`)
  .superRefine((choices, context) => {
    const seen = new Set<number>();
    choices.forEach((choice, i) => {
      if (seen.has(choice.slot_index)) {
        context.addIssue({ code: 'custom', path: [i, 'slot_index'], message: DESIGN_SLOT_TWICE });
      }
      seen.add(choice.slot_index);
    });
  });

/** POST /projects/designs: a name, the model, a material per slot (a slot left out shows its default). */
export const designCreateSchema = z.object({
  name: requiredText(DESIGN_NAME_MAX),
  project_model_id: idSchema,
  choices: choicesSchema.default([]),
});
export type DesignCreate = z.infer<typeof designCreateSchema>;

/** PATCH /projects/designs/{id}: the name, the choices (all of them, replacing the stored ones), or both. */
export const designUpdateSchema = z.object({
  name: requiredText(DESIGN_NAME_MAX).optional(),
  choices: choicesSchema.optional(),
});
export type DesignUpdate = z.infer<typeof designUpdateSchema>;
