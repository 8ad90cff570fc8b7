/**
 * Live refresh of lists (content issue): a small event per write on one company channel. Kept
 * free of zod: the signed-in frame, which the login route loads, listens for it.
 */

/** The resources a content write may change; the web's query keys start with these. */
export const CONTENT_RESOURCES = ['projects', 'models', 'libraries', 'items', 'materials', 'categories'] as const;
export type ContentResource = (typeof CONTENT_RESOURCES)[number];

/** The channel kind every member of a company may join: `private-company.{id}.Content`. */
export const CONTENT_CHANNEL_KIND = 'Content';
export const CONTENT_CHANGED_EVENT = 'ContentChanged';
export const contentChannel = (companyId: number) => `private-company.${companyId}.${CONTENT_CHANNEL_KIND}`;

/** The event's payload: which kinds of record changed (never names or ids). */
export interface ContentChanged {
  resources: ContentResource[];
}
