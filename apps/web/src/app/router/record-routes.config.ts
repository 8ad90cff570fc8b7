import type { RouteId } from '@/lib/paths/paths.ts';

/** The kinds of record a route shows or changes; each has its own not-found sentence (issue 31). */
export const RECORD_KINDS = [
  'project',
  'model',
  'library',
  'item',
  'material',
  'category',
  'user',
  'role',
  'group',
  'label',
  'download',
  'propertyMap',
  'company',
  'maintenance',
  'changelogItem',
  'faqCategory',
  'issueReport',
  'feedbackReport',
] as const;

export type RecordKind = (typeof RECORD_KINDS)[number];

/** The record a route is about, and the list to go back to when it is not there. */
export interface RecordRoute {
  kind: RecordKind;
  list: RouteId;
}

const record = (kind: RecordKind, list: RouteId): RecordRoute => ({ kind, list });

/**
 * Routes with a record in their address: a 404 or 403 there means "this record does not exist
 * or is not yours", said inside the frame with a way back to its list. A form that adds to a
 * record (a model to a project) names that record.
 */
export const RECORD_ROUTES: Partial<Record<RouteId, RecordRoute>> = {
  'project-create-sub': record('project', 'projects'),
  'project-edit': record('project', 'projects'),
  'project-copy': record('project', 'projects'),
  'project-overview': record('project', 'projects'),
  'project-manage': record('project', 'projects'),
  'model-create-in-project': record('project', 'projects'),
  'model-overview': record('model', 'projects'),
  'model-edit': record('model', 'projects'),
  library: record('library', 'libraries'),
  'library-create-sub': record('library', 'libraries'),
  'library-edit': record('library', 'libraries'),
  'item-create-in-library': record('library', 'libraries'),
  'item-overview': record('item', 'libraries'),
  'item-edit': record('item', 'libraries'),
  'material-overview': record('material', 'materials'),
  'material-edit': record('material', 'materials'),
  'material-create-variant': record('material', 'materials'),
  'material-category': record('category', 'materials'),
  'material-create-in-category': record('category', 'materials'),
  'category-create-sub': record('category', 'materials'),
  'category-edit': record('category', 'materials'),
  'security-user-edit': record('user', 'security-users'),
  'security-role-edit': record('role', 'security-roles'),
  'security-group-edit': record('group', 'security-groups'),
  'admin-user-edit': record('user', 'admin-users'),
  'tools-label-edit': record('label', 'tools-labels'),
  'tools-download-edit': record('download', 'tools-downloads'),
  'tools-property-map-edit': record('propertyMap', 'tools-property-maps'),
  'admin-company-edit': record('company', 'admin-companies'),
  'admin-maintenance-edit': record('maintenance', 'admin-maintenance'),
  'admin-changelog-edit': record('changelogItem', 'admin-changelog'),
  'faq-category': record('faqCategory', 'faq'),
  'admin-issue-report-overview': record('issueReport', 'admin-issue-reports'),
  'admin-feedback-report-overview': record('feedbackReport', 'admin-feedback-reports'),
};
