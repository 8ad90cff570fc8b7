import { z } from 'zod';
import { MAX_LINKS, requiredText } from './content-saves.ts';
import { MAX_ID } from './ids.ts';
import { MATERIAL_MAP_KINDS } from './material-maps.ts';

/**
 * The material slots of a processed model (issue 30, decision 0059): slot i is material i of the
 * web-ready GLB, named by the file (`figures.material_names`) and renamable. On hatch, whoever may
 * update models chooses per slot which of the company's materials (and variants) may go there, and
 * the default: the content spec's model material links, made per slot.
 */

/** Longest display name of a slot. */
export const MATERIAL_SLOT_NAME_MAX = 100;
/** Most slots one save names, and most materials one slot allows. */
export const MAX_MATERIAL_SLOTS = MAX_LINKS;

export const MATERIAL_SLOTS_NOT_PROCESSED =
  'This model has no material slots yet: they are known once it has been processed (again).';
export const MATERIAL_SLOTS_ONLY_FINISHED = 'Material slots can be saved on a finished model only.';
/** The finishes export (`GET /projects/models/{id}/files/variants-glb`) of a model whose slots allow no material. */
export const MATERIAL_VARIANTS_NONE = 'This model has no finishes to export: choose the materials of its slots first.';
/** The finishes export of a model that is not FINISHED (queued, processing again, failed). */
export const MATERIAL_VARIANTS_ONLY_FINISHED = 'The finishes are exported from a finished model only.';
export const MATERIAL_SLOT_INDEX_TWICE = 'This slot is named twice.';
export const MATERIAL_SLOT_DEFAULT_NOT_ALLOWED = 'The default must be one of the slot’s materials.';
/** The slot index a save names that the model's file does not have. */
export const noSuchSlot = (slots: number) =>
  slots === 0
    ? 'No such slot: the model has no material slots.'
    : `No such slot: the model has ${slots} material slot${slots === 1 ? '' : 's'} (0 to ${slots - 1}).`;

/** A company material as a slot offers it; `maps` are a variant's own over its base's (as `GET /materials`). */
export const materialRefSchema = z.object({
  name: z.string(),
  parent_name: z.string().nullable(),
  preview_image_url: z.string().nullable(),
  maps: z.partialRecord(z.enum(MATERIAL_MAP_KINDS), z.string()),
});
export type MaterialRef = z.infer<typeof materialRefSchema>;

/**
 * One slot: its index, the file's name for it, its display name (the file's until renamed), and
 * the materials it allows. Materials in the recycle bin or archived are left out.
 */
export const materialSlotSchema = z.object({
  index: z.number().int(),
  source_name: z.string(),
  name: z.string(),
  default_material: materialRefSchema.nullable(),
  materials: z.array(materialRefSchema),
});
export type MaterialSlot = z.infer<typeof materialSlotSchema>;

export const materialSlotsAnswerSchema = z.object({ data: z.array(materialSlotSchema) });
export type MaterialSlotsAnswer = z.infer<typeof materialSlotsAnswerSchema>;

/** A material named by a slot save: its name, the material's identifier. */
const materialNameRef = requiredText(255);

/** One slot of a save; form data sends the index as text. A material named twice counts once (the server's). */
export const materialSlotSaveSchema = z.object({
  index: z.coerce
    .number({ error: 'Must be a whole number.' })
    .int('Must be a whole number.')
    .min(0, 'Must be 0 or more.')
    .max(MAX_ID, `Must be at most ${MAX_ID}.`),
  name: requiredText(MATERIAL_SLOT_NAME_MAX),
  /** The materials (by name) the slot allows; none when left out (form data cannot send an empty list). */
  materials: z
    .array(materialNameRef, { error: 'Must be a list of material names.' })
    .max(MAX_MATERIAL_SLOTS, `At most ${MAX_MATERIAL_SLOTS}.`)
    .default([]),
  /** One of `materials`, or null (empty, left out) for none: the model shows its own material there. */
  default_material: z
    .union([materialNameRef, z.literal(''), z.null()], { error: 'Must be a material name or null.' })
    .optional()
    .transform((name) => name || null),
});
export type MaterialSlotSave = z.infer<typeof materialSlotSaveSchema>;

/**
 * PUT /projects/models/{id}/material-slots: every slot the model configures. A slot left out goes
 * back to the file's name without materials.
 */
export const materialSlotsSaveSchema = z
  .object({
    slots: z
      .array(materialSlotSaveSchema, { error: 'Must be a list of slots.' })
      .max(MAX_MATERIAL_SLOTS, `At most ${MAX_MATERIAL_SLOTS}.`),
  })
  .superRefine((body, context) => {
    const seen = new Set<number>();
    body.slots.forEach((slot, i) => {
      if (seen.has(slot.index)) {
        context.addIssue({ code: 'custom', path: ['slots', i, 'index'], message: MATERIAL_SLOT_INDEX_TWICE });
      }
      seen.add(slot.index);
      if (slot.default_material !== null && !slot.materials.includes(slot.default_material)) {
        context.addIssue({
          code: 'custom',
          path: ['slots', i, 'default_material'],
          message: MATERIAL_SLOT_DEFAULT_NOT_ALLOWED,
        });
      }
    });
  });
export type MaterialSlotsSave = z.infer<typeof materialSlotsSaveSchema>;
