import { z } from 'zod';

/**
 * Real size and upright (issue 26): glTF means metres and Y up. FBX, Collada and glTF state their
 * units and axes and are read as they state them; OBJ, STL, PLY, OFF and 3DS state nothing, so the
 * record says which unit its file's numbers are in and which axis is up (null: the format's default,
 * docs/decisions/0037).
 */
export const MODEL_UNITS = ['mm', 'cm', 'm', 'in'] as const;
export type ModelUnit = (typeof MODEL_UNITS)[number];
export const UP_AXES = ['y', 'z'] as const;
export type UpAxis = (typeof UP_AXES)[number];

export const METRES_PER_UNIT: Readonly<Record<ModelUnit, number>> = { mm: 0.001, cm: 0.01, m: 1, in: 0.0254 };

/** The formats whose files state neither units nor axes, and what they are taken to be unless the record says. */
export const PLACEMENT_DEFAULTS = {
  obj: { units: 'm', up_axis: 'y' },
  stl: { units: 'mm', up_axis: 'z' },
  ply: { units: 'm', up_axis: 'y' },
  off: { units: 'm', up_axis: 'y' },
  '3ds': { units: 'm', up_axis: 'z' },
} as const satisfies Record<string, { units: ModelUnit; up_axis: UpAxis }>;
export type UnstatedFormat = keyof typeof PLACEMENT_DEFAULTS;

export const isUnstatedFormat = (format: string): format is UnstatedFormat => Object.hasOwn(PLACEMENT_DEFAULTS, format);

export const unitsField = z
  .enum(MODEL_UNITS, { error: `Must be one of ${MODEL_UNITS.join(', ')} (or null: the format's default).` })
  .nullable();
export const upAxisField = z
  .enum(UP_AXES, { error: `Must be one of ${UP_AXES.join(', ')} (or null: the format's default).` })
  .nullable();

/** A choice as a form sends it: '' (and null) is the format's default. */
const chosen = <T extends z.ZodType>(field: T) =>
  z.union([z.literal(''), field]).transform((value) => (value === '' ? null : value) as z.output<T>);

/** The fields a model, an item and a reprocess take; absent leaves the record's as they are. */
export const placementFieldsSchema = z.object({
  units: chosen(unitsField).optional(),
  up_axis: chosen(upAxisField).optional(),
});
export type PlacementFields = z.infer<typeof placementFieldsSchema>;

/** What processing applied: metres per unit of the file, the file's up axis, and who said so. */
export const placementFigureSchema = z.object({
  units: z.enum(MODEL_UNITS).nullable(),
  metres_per_unit: z.number(),
  up_axis: z.enum(UP_AXES),
  /** file: the file states them (FBX, Collada, glTF); format: the format's default; record: the record's choice. */
  from: z.enum(['file', 'format', 'record']),
});
export type PlacementFigure = z.infer<typeof placementFigureSchema>;

/** The output's size in metres along glTF's axes: width X, depth Z, height Y. */
export const dimensionsFigureSchema = z.object({ width: z.number(), depth: z.number(), height: z.number() });
export type DimensionsFigure = z.infer<typeof dimensionsFigureSchema>;
