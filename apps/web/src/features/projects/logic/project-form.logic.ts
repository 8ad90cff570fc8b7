import { type Project, projectSaveSchema, type RecordStatus } from '@meshport/contract';

/** The form's tabs (content.md §2: the fifth holds the labels). */
export const PROJECT_FORM_TABS = ['1', '2', '3', '4', '5'] as const;
export type ProjectFormTab = (typeof PROJECT_FORM_TABS)[number];
export const LABELS_TAB: ProjectFormTab = '5';

export type ProjectFormMode = 'create' | 'edit' | 'copy';

export interface ProjectFormValues {
  name: string;
  description: string;
  status: RecordStatus;
  /** Ids as the pickers hold them (text). */
  labels: string[];
  users: string[];
  /** A newly chosen preview image. */
  image: File | null;
  /** The current preview image is to go. */
  removeImage: boolean;
}

export type ProjectFormField = 'name' | 'description' | 'status' | 'labels' | 'users' | 'image';

/** The form checked by the contract's save schema; the new preview image on its own field. */
export const PROJECT_FORM_SCHEMA = projectSaveSchema
  .pick({ name: true, description: true, status: true, labels: true, users: true })
  .extend({ image: projectSaveSchema.shape.preview_image.unwrap() });

/** Which tab shows a field. */
export const TAB_OF_FIELD: Record<ProjectFormField, ProjectFormTab> = {
  name: '1',
  description: '1',
  status: '1',
  image: '2',
  users: '3',
  labels: '5',
};

/** `?tab=N` → the tab to open; anything else opens the first. */
export function parseTab(value: string | null): ProjectFormTab {
  return (PROJECT_FORM_TABS as readonly string[]).includes(value ?? '') ? (value as ProjectFormTab) : '1';
}

/** The form's values: empty for a new project, the source's for edit and copy. */
export function initialValues(
  project?: Pick<Project, 'name' | 'description' | 'status' | 'labels' | 'users'>,
  name?: string,
): ProjectFormValues {
  return {
    name: name ?? project?.name ?? '',
    description: project?.description ?? '',
    status: project?.status ?? 'active',
    labels: (project?.labels ?? []).map((label) => String(label.id)),
    users: (project?.users ?? []).map((user) => String(user.id)),
    image: null,
    removeImage: false,
  };
}

export interface ProjectJsonBody {
  name: string;
  description: string | null;
  status: RecordStatus;
  labels: number[];
  users: number[];
  parent_id?: number;
  preview_image?: null;
}

/** How a save travels: JSON, multipart with the image, or JSON then the image alone. */
export type SavePlan =
  | { kind: 'json'; body: ProjectJsonBody }
  | { kind: 'form'; body: FormData }
  | { kind: 'json-then-image'; body: ProjectJsonBody; image: File };

const ids = (values: string[]) => values.map(Number).filter((id) => Number.isInteger(id) && id > 0);

/** The JSON body of a save; labels and members replace the current ones. */
export function jsonBody(values: ProjectFormValues, parentId: number | null = null): ProjectJsonBody {
  const body: ProjectJsonBody = {
    name: values.name.trim(),
    description: values.description.trim() === '' ? null : values.description,
    status: values.status,
    labels: ids(values.labels),
    users: ids(values.users),
  };
  if (parentId !== null) body.parent_id = parentId;
  if (values.removeImage && !values.image) body.preview_image = null;
  return body;
}

/**
 * JSON unless an image is chosen; then multipart (`labels[]`, `users[]`). Form data cannot say
 * "an empty list", which on edit and copy means "none" rather than "unchanged": such a save goes
 * as JSON first and the image after it.
 */
export function savePlan(values: ProjectFormValues, mode: ProjectFormMode, parentId: number | null = null): SavePlan {
  const body = jsonBody(values, parentId);
  if (!values.image) return { kind: 'json', body };
  const emptyList = body.labels.length === 0 || body.users.length === 0;
  if (mode !== 'create' && emptyList) return { kind: 'json-then-image', body, image: values.image };
  const form = new FormData();
  form.set('name', body.name);
  form.set('description', body.description ?? '');
  form.set('status', body.status);
  for (const id of body.labels) form.append('labels[]', String(id));
  for (const id of body.users) form.append('users[]', String(id));
  if (body.parent_id !== undefined) form.set('parent_id', String(body.parent_id));
  form.set('preview_image', values.image);
  return { kind: 'form', body: form };
}

const SERVER_FIELDS: Record<string, ProjectFormField> = {
  name: 'name',
  description: 'description',
  status: 'status',
  labels: 'labels',
  users: 'users',
  preview_image: 'image',
};

/**
 * A 422's messages per form field (`labels.0` → labels); what belongs to no field (parent_id,
 * unknown keys) is gathered under `root`.
 */
export function fieldErrors(errors: Record<string, string[]>): Partial<Record<ProjectFormField | 'root', string>> {
  const out: Partial<Record<ProjectFormField | 'root', string>> = {};
  for (const [key, messages] of Object.entries(errors)) {
    const message = messages[0];
    if (!message) continue;
    const field = SERVER_FIELDS[key.split(/[.[]/)[0] ?? ''] ?? 'root';
    out[field] ??= message;
  }
  return out;
}

/** The first tab (in order) that holds one of these fields, if any. */
export function firstTabWithError(fields: readonly string[]): ProjectFormTab | null {
  const tabs = fields
    .filter((field): field is ProjectFormField => field in TAB_OF_FIELD)
    .map((field) => TAB_OF_FIELD[field]);
  return PROJECT_FORM_TABS.find((tab) => tabs.includes(tab)) ?? null;
}
