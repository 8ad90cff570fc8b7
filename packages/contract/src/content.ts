import { z } from 'zod';
import { messageCodeFields } from './processing-messages.ts';

/** content.md §4: processing status of project models. */
export const MODEL_STATUSES = ['UPLOADING', 'QUEUED', 'PROCESSING', 'FINISHED', 'FAILED'] as const;
export type ModelStatus = (typeof MODEL_STATUSES)[number];

/** content.md §4: library items have the model statuses plus CANCELLED and ARCHIVED. */
export const LIBRARY_ITEM_STATUSES = [...MODEL_STATUSES, 'CANCELLED', 'ARCHIVED'] as const;
export type LibraryItemStatus = (typeof LIBRARY_ITEM_STATUSES)[number];

/** content.md §4: projects, libraries, materials and material categories. */
export const RECORD_STATUSES = ['active', 'inactive', 'archived'] as const;
export type RecordStatus = (typeof RECORD_STATUSES)[number];

/** Kinds of record a geometry event belongs to. */
export const GEOMETRY_SUBJECT_KINDS = ['project_model', 'library_item'] as const;
export type GeometrySubjectKind = (typeof GEOMETRY_SUBJECT_KINDS)[number];

/**
 * The `status_color` the server computes for every status (hex, usable by any component
 * library): finished/active green, failed red, processing blue, waiting grey, ended dark.
 */
export const STATUS_COLORS: Record<LibraryItemStatus | RecordStatus, string> = {
  UPLOADING: '#868e96',
  QUEUED: '#868e96',
  PROCESSING: '#1c7ed6',
  FINISHED: '#2f9e44',
  FAILED: '#e03131',
  CANCELLED: '#343a40',
  ARCHIVED: '#343a40',
  active: '#2f9e44',
  inactive: '#868e96',
  archived: '#343a40',
};

/** Spec: card lists 10 per page, the project list 5, the processor lists 10 (content.md §9). */
export const CARD_LIST_PER_PAGE = 10;
export const PROJECT_LIST_PER_PAGE = 5;
export const PROCESSOR_LIST_PER_PAGE = 10;

/**
 * Spec: trashed entries are restorable for 30 days; the bin lists 10 per page, by -deleted_at
 * (administration.md §4, §9).
 */
export const RESTORE_WINDOW_DAYS = 30;
export const RECYCLE_BIN_PER_PAGE = 10;
export const RECYCLE_BIN_DEFAULT_SORT = '-deleted_at';

/** `filter[parent_id]=null` (and `filter[library]=null`, `filter[category]=null`): top level only. */
export const TOP_LEVEL_FILTER_VALUE = 'null';

const idName = z.object({ id: z.number().int(), name: z.string() });
export const labelSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  color: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Label = z.infer<typeof labelSchema>;

/** Breadcrumbs of a library or category: the root first, each `next` one level deeper. */
export interface Breadcrumb {
  id: number;
  name: string;
  next: Breadcrumb | null;
}
// A recursive schema has no inline JSON Schema: its id makes it the named OpenAPI component every `$ref` points to.
export const breadcrumbSchema: z.ZodType<Breadcrumb> = z
  .lazy(() => z.object({ id: z.number().int(), name: z.string(), next: breadcrumbSchema.nullable() }))
  .meta({ id: 'Breadcrumb' });
export const contentMetaDataSchema = z.object({ breadcrumbs: breadcrumbSchema });

const timestamps = { created_at: z.string(), updated_at: z.string() };
const processing = {
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  uploader_name: z.string().nullable(),
  latest_geometry_event: z.object({ message: z.string().nullable(), ...messageCodeFields }),
};

export const projectSchema = z.object({
  id: z.number().int(),
  parent_id: z.number().int().nullable(),
  name: z.string(),
  description: z.string().nullable(),
  status: z.enum(RECORD_STATUSES),
  status_color: z.string(),
  preview_image: z.string().nullable(),
  labels: z.array(labelSchema.pick({ id: true, name: true, color: true })),
  users: z.array(idName),
  is_favorited: z.boolean(),
  ...timestamps,
});
export type Project = z.infer<typeof projectSchema>;

export const projectModelSchema = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  project_name: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  status: z.enum(MODEL_STATUSES),
  status_color: z.string(),
  preview_image_url: z.string().nullable(),
  ...processing,
  ...timestamps,
});
export type ProjectModel = z.infer<typeof projectModelSchema>;

export const librarySchema = z.object({
  id: z.number().int(),
  parent_id: z.number().int().nullable(),
  name: z.string(),
  description: z.string().nullable(),
  preview_image: z.string().nullable(),
  status: z.enum(RECORD_STATUSES),
  status_color: z.string(),
  labels: z.array(labelSchema.pick({ id: true, name: true, color: true })),
  is_deletable: z.boolean(),
  indirect_items_count: z.number().int(),
  ...timestamps,
});
export type Library = z.infer<typeof librarySchema>;

export const libraryItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  preview_image_url: z.string().nullable(),
  status: z.enum(LIBRARY_ITEM_STATUSES),
  status_color: z.string(),
  libraries: z.array(idName),
  is_deletable: z.boolean(),
  deletable: z.boolean(),
  ...processing,
  ...timestamps,
});
export type LibraryItem = z.infer<typeof libraryItemSchema>;

export const materialSchema = z.object({
  name: z.string(),
  description: z.string().nullable(),
  preview_image_url: z.string().nullable(),
  status: z.enum(RECORD_STATUSES),
  status_color: z.string(),
  parent_name: z.string().nullable(),
  categories: z.array(idName),
  deletable: z.boolean(),
  active_version_creator_name: z.string().nullable(),
  ...timestamps,
});
export type Material = z.infer<typeof materialSchema>;

export const materialCategorySchema = z.object({
  id: z.number().int(),
  parent_id: z.number().int().nullable(),
  name: z.string(),
  preview_image_url: z.string().nullable(),
  status: z.enum(RECORD_STATUSES),
  status_color: z.string(),
  deletable: z.boolean(),
  indirect_materials_count: z.number().int(),
  sub_categories: z.array(idName),
  ...timestamps,
});
export type MaterialCategory = z.infer<typeof materialCategorySchema>;

/** Fields every recycle-bin row carries besides its own (administration.md §3). */
export const trashedFieldsSchema = z.object({
  deleted_at: z.string(),
  /** 0 when the 30-day window has passed (the screen shows '---'). */
  days_left_to_restore: z.number().int(),
});

/** `meta_data` of GET /projects: the labels in use, for the filter menu. */
export const projectListMetaDataSchema = z.object({
  filters: z.object({ labels: z.array(labelSchema.pick({ id: true, name: true, color: true })) }),
});
