/**
 * Live refresh of lists (content issue): a small event per write on one company channel. Kept
 * free of zod: the signed-in frame, which the login route loads, listens for it.
 */

/** The resources a content write may change; the web's query keys start with these. */
export const CONTENT_RESOURCES = [
  'projects',
  'models',
  'libraries',
  'items',
  'materials',
  'categories',
  'designs',
] as const;
export type ContentResource = (typeof CONTENT_RESOURCES)[number];

/** The channel kind every member of a company may join: `private-company.{id}.Content`. */
export const CONTENT_CHANNEL_KIND = 'Content';
export const CONTENT_CHANGED_EVENT = 'ContentChanged';
export const contentChannel = (companyId: number) => `private-company.${companyId}.${CONTENT_CHANNEL_KIND}`;

/** The event's payload: which kinds of record changed (never names or ids). */
export interface ContentChanged {
  resources: ContentResource[];
}

/**
 * The processor's live updates (content.md §4): a private channel per company and kind
 * (`private-company.{id}.ProjectModel`) and per record (`….ProjectModel.{id}`).
 */
export const PROCESSING_CHANNEL_KINDS = { project_model: 'ProjectModel', library_item: 'LibraryItem' } as const;
export type ProcessingSubjectKind = keyof typeof PROCESSING_CHANNEL_KINDS;
/** Reload the list: a record was added, removed, or ended processing. On the kind's channel. */
export const REFRESH_PROCESSOR_INDEX_EVENT = 'RefreshProcessorIndex';
/** A record's status or latest event changed. On the record's channel and on the kind's channel. */
export const GEOMETRY_EVENTS_UPDATED_EVENT = 'GeometryEventsUpdated';

export interface GeometryEventsUpdated {
  id: number;
  /** Which kind of record: a page listening on both kinds' channels tells a model from an item of the same id. */
  kind: ProcessingSubjectKind;
  status: string;
  status_color: string;
  started_at: string | null;
  finished_at: string | null;
  latest_geometry_event: {
    message: string | null;
    step: string | null;
    /** The message's code and parameters, when it has them (decision 0038). */
    message_code?: string | null;
    message_params?: Record<string, string> | null;
  };
}
export interface RefreshProcessorIndex {
  id: number | null;
  kind: ProcessingSubjectKind;
}
