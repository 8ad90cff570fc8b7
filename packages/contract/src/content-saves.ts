import { z } from 'zod';
import { RECORD_STATUSES } from './content.ts';
import { idSchema } from './ids.ts';

/**
 * What the content write calls take (content.md §7 and the saves it leaves unshown). Every
 * schema reads JSON and form data alike: the server nests `libraries[0][id]` and `labels[]`
 * into lists before validation, and form values arrive as text.
 */

/** Most records one bulk call may name. */
export const MAX_BULK_SELECTION = 1000;
/** Most labels, members, libraries or categories one save may name. */
export const MAX_LINKS = 500;
/** Largest preview image (administration.md §5 caps profile images at 3 MB; previews the same). */
export const MAX_PREVIEW_IMAGE_BYTES = 3 * 1024 * 1024;
/** Preview image types, judged by the file's content (the server sniffs it). */
export const PREVIEW_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/bmp'] as const;

/**
 * The upload widget's messages for a file too large or of the wrong type (spec: administration.md
 * §5), shared by every file field.
 */
export const FILE_TOO_LARGE = 'File is too large';
export const FILE_INVALID_TYPE = 'File is of invalid type';

/** `true`, `false`, 1, 0, '1', '0', 'true', 'false' → boolean. */
export const formFlag = z
  .union([z.boolean(), z.literal(1), z.literal(0), z.enum(['1', '0', 'true', 'false'])], {
    error: 'Must be true or false (1 or 0).',
  })
  .transform((value) => value === true || value === 1 || value === '1' || value === 'true');

const isControlCharacter = (character: string) => {
  const code = character.charCodeAt(0);
  return code < 0x20 || code === 0x7f;
};

/** A required name: trimmed, 1 to `max` characters. */
export const requiredText = (max = 255) =>
  z
    .string({ error: 'Required.' })
    .trim()
    .min(1, 'Required.')
    .max(max, `At most ${max} characters.`)
    .refine((text) => ![...text].some(isControlCharacter), 'Must not contain control characters.');

/** Optional free text; '' (an emptied form field) and null clear it. */
export const optionalText = (max = 2000) =>
  z
    .union([z.string().max(max, `At most ${max} characters.`), z.null()], { error: 'Must be text.' })
    .transform((text) => (text === null || text.trim() === '' ? null : text.trim()));

/** A parent record, or none: '' and null (a cleared picker) mean top level. */
export const parentIdField = z
  .union([z.literal(''), z.literal('null'), z.null(), idSchema], { error: 'Must be a whole number or empty.' })
  .transform((value) => (value === '' || value === 'null' || value === null ? null : value));

/** Ids as a list: `[3, 5]`, `[{id: 3}]`, or in form data `labels[]=3` / `labels[0][id]=3`. */
export const idRefList = z
  .array(z.union([idSchema, z.object({ id: idSchema }).transform((ref) => ref.id)]), {
    error: 'Must be a list of ids.',
  })
  .max(MAX_LINKS, `At most ${MAX_LINKS}.`)
  .transform((ids) => [...new Set(ids)]);

/** The records a bulk call names, as the spec sends them: `[{id}]`. */
export const bulkIdSelection = z
  .array(z.object({ id: idSchema }), { error: 'Choose at least one.' })
  .min(1, 'Choose at least one.')
  .max(MAX_BULK_SELECTION, `At most ${MAX_BULK_SELECTION} at once.`);

/** Record status of projects, libraries, materials and categories. */
export const recordStatusField = z.enum(RECORD_STATUSES, {
  error: `Must be one of ${RECORD_STATUSES.join(', ')}.`,
});

/**
 * A preview image: a file (multipart; its type is what its content is), or null to remove it.
 * Checked again by content on the server.
 */
export const previewImageField = z
  .union(
    [
      z
        .file()
        .max(MAX_PREVIEW_IMAGE_BYTES, FILE_TOO_LARGE)
        .mime([...PREVIEW_IMAGE_TYPES], FILE_INVALID_TYPE),
      z.null(),
      z.literal('').transform(() => null),
    ],
    { error: FILE_INVALID_TYPE },
  )
  .describe('An image file (JPEG, PNG, WebP or BMP, at most 3 MB) in multipart; null or empty removes it');

/** Names that are paths of their own under /materials, so cannot name a material. */
export const RESERVED_MATERIAL_NAMES = ['update', 'import', 'categories', 'create'] as const;

/** A material's name is its identifier (content.md §2): unique per company, any text but these. */
export const materialNameField = requiredText(255).refine(
  (name) => !(RESERVED_MATERIAL_NAMES as readonly string[]).includes(name.toLowerCase()),
  { message: `Must not be one of ${RESERVED_MATERIAL_NAMES.join(', ')}.` },
);

// ---------------------------------------------------------------------------------------------
// Saves: create takes the required fields, update (PATCH) any of them.

export const projectSaveSchema = z.object({
  name: requiredText(),
  description: optionalText().optional(),
  status: recordStatusField.optional(),
  parent_id: parentIdField.optional(),
  labels: idRefList.optional(),
  users: idRefList.optional(),
  preview_image: previewImageField.optional(),
});
export const projectUpdateSchema = projectSaveSchema.partial();
/** /projects/copy/{id}: the copy's fields, the source's where not given. */
export const projectCopySchema = projectSaveSchema.partial();

export const librarySaveSchema = z.object({
  name: requiredText(),
  description: optionalText().optional(),
  status: recordStatusField.optional(),
  parent_id: parentIdField.optional(),
  labels: idRefList.optional(),
  preview_image: previewImageField.optional(),
});
export const libraryUpdateSchema = librarySaveSchema.partial();

/** PATCH /libraries/items/{id}: the archived flag (content.md §7) and the item's metadata. */
export const libraryItemUpdateSchema = z.object({
  archived: formFlag.optional(),
  name: requiredText().optional(),
  description: optionalText().optional(),
  libraries: idRefList.optional(),
});

export const materialCategorySaveSchema = z.object({
  name: requiredText(),
  status: recordStatusField.optional(),
  parent_id: parentIdField.optional(),
  preview_image: previewImageField.optional(),
});
export const materialCategoryUpdateSchema = materialCategorySaveSchema.partial();

/** A base material, or none: '' and null clear it. */
const parentNameField = z
  .union([z.literal(''), z.null(), requiredText(255)], { error: 'Must be a material name or empty.' })
  .transform((value) => (value === '' ? null : value));

export const materialSaveSchema = z.object({
  name: materialNameField,
  description: optionalText().optional(),
  categories: idRefList.optional(),
  parent_name: parentNameField.optional(),
});
/** PATCH /materials/{name}: `name` renames (links are kept), `archived` archives or activates. */
export const materialUpdateSchema = materialSaveSchema.partial().extend({ archived: formFlag.optional() });

export const favoriteSchema = z.object({ is_favorited: formFlag });

// ---------------------------------------------------------------------------------------------
// Bulk actions (content.md §7): the selection, the action, the move's targets.

const moveTargetsMessage = (kind: string) => `Choose at least one ${kind} to move to.`;

/** Move needs at least one target (content.md §4); other actions take none. */
function requireMoveTargets<T extends { action: string }>(targets: (body: T) => unknown[] | undefined, field: string) {
  return (body: T, context: z.RefinementCtx) => {
    if (body.action === 'move' && !(targets(body)?.length ?? 0)) {
      context.addIssue({
        code: 'custom',
        path: [field],
        message: moveTargetsMessage(field === 'libraries' ? 'library' : 'category'),
      });
    }
  };
}

export const LIBRARY_BULK_ACTIONS = ['archive', 'activate', 'delete'] as const;
export const libraryBulkSchema = z.object({
  libraries: bulkIdSelection,
  action: z.enum(LIBRARY_BULK_ACTIONS, { error: `Must be one of ${LIBRARY_BULK_ACTIONS.join(', ')}.` }),
});

const targetList = z
  .array(z.object({ id: idSchema }), { error: 'Must be a list of ids.' })
  .max(MAX_LINKS, `At most ${MAX_LINKS}.`);

export const ITEM_BULK_ACTIONS = ['move', 'archive', 'activate', 'delete'] as const;
export const libraryItemBulkSchema = z
  .object({
    items: bulkIdSelection,
    action: z.enum(ITEM_BULK_ACTIONS, { error: `Must be one of ${ITEM_BULK_ACTIONS.join(', ')}.` }),
    libraries: targetList.optional(),
    remove_from_current_libraries: formFlag.optional(),
  })
  .superRefine(requireMoveTargets((body) => body.libraries, 'libraries'));

export const MATERIAL_BULK_ACTIONS = ['move', 'archive', 'activate', 'delete'] as const;
export const materialBulkSchema = z
  .object({
    materials: z
      .array(z.object({ name: requiredText(255) }), { error: 'Choose at least one.' })
      .min(1, 'Choose at least one.')
      .max(MAX_BULK_SELECTION, `At most ${MAX_BULK_SELECTION} at once.`),
    action: z.enum(MATERIAL_BULK_ACTIONS, { error: `Must be one of ${MATERIAL_BULK_ACTIONS.join(', ')}.` }),
    categories: targetList.optional(),
    remove_from_current_categories: formFlag.optional(),
  })
  .superRefine(requireMoveTargets((body) => body.categories, 'categories'));

export const CATEGORY_BULK_ACTIONS = ['archive', 'activate', 'delete'] as const;
export const materialCategoryBulkSchema = z.object({
  categories: bulkIdSelection,
  action: z.enum(CATEGORY_BULK_ACTIONS, { error: `Must be one of ${CATEGORY_BULK_ACTIONS.join(', ')}.` }),
});

export type BulkAction = 'move' | 'archive' | 'activate' | 'delete';

/** One record of a bulk answer; materials are named by their name, so `id` is the name there. */
export const bulkEntrySchema = z.object({ id: z.union([z.number().int(), z.string()]), name: z.string() });
export const bulkFailureSchema = bulkEntrySchema.extend({ reason: z.string() });

/** What a bulk call did: per record, done or not and why; `message` sums up the failures (content.md §8). */
export const bulkAnswerSchema = z.object({
  action: z.enum(['move', 'archive', 'activate', 'delete']),
  success: z.array(bulkEntrySchema),
  failed: z.array(bulkFailureSchema),
  message: z.string().nullable(),
});
export type BulkAnswer = z.infer<typeof bulkAnswerSchema>;

/** A single delete: the record's name under its own key (`project_name` …) and `status`. */
export const deleteStatusSchema = z.literal('deleted');

/** POST …/restore: one restore call per recycle-bin kind (spec: administration.md §7). */
export const restoreAnswerSchema = z.object({
  message: z.string(),
  data: bulkEntrySchema,
});

/** The message of a restore: 'Restored successfully' (spec: administration.md §8). */
export const RESTORED_MESSAGE = 'Restored successfully';
