import { MODEL_STATUSES, PROCESSOR_LIST_PER_PAGE } from '@meshport/contract';
import { sql } from 'drizzle-orm';
import { enumFilter, idFilter, searchFilter } from '#core/list/common-filters.ts';
import type { ListResource } from '#core/list/list-resource.ts';
import {
  accountName,
  latestGeometryEventFields,
  previewUrl,
  processingFields,
  ref,
  statusColor,
  trashedFields,
} from '#modules/content/shared/content-fields.ts';
import { projectModels } from './project-model.table.ts';

/** GET /projects/models: the processor's Models tab (10 per page, newest first). */
export const projectModelList: ListResource = {
  name: 'models',
  table: projectModels,
  // Subqueries of its fields, filters and meta data (docs/decisions/0021).
  reads: ['projects', 'accounts', 'geometry_events'],
  scope: 'tenant',
  idColumn: projectModels.id,
  fields: {
    id: { select: projectModels.id, sortable: true },
    project_id: { select: projectModels.projectId, sortable: true },
    project_name: {
      select: sql<string>`(select p.name from projects p where p.company_id = ${ref(projectModels.companyId)} and p.id = ${ref(projectModels.projectId)})`,
    },
    name: { select: projectModels.name, sortable: true },
    description: { select: projectModels.description, sortable: true },
    status: { select: projectModels.status, sortable: true },
    'status.finished': { select: sql<boolean>`(${ref(projectModels.status)} = 'FINISHED')`, optIn: true },
    status_color: { select: statusColor(projectModels.status) },
    preview_image_url: {
      select: previewUrl(
        projectModels.previewImagePath,
        sql`'/v2/projects/models/' || ${ref(projectModels.id)}`,
        projectModels.updatedAt,
      ),
    },
    started_at: { select: projectModels.startedAt, sortable: true },
    finished_at: { select: projectModels.finishedAt, sortable: true },
    uploader_name: { select: accountName(projectModels.uploaderId) },
    ...latestGeometryEventFields('project_model', projectModels.companyId, projectModels.id),
    ...processingFields(projectModels, '/v2/projects/models/'),
    created_at: { select: projectModels.createdAt, sortable: true },
    updated_at: { select: projectModels.updatedAt, sortable: true },
    ...trashedFields(projectModels.deletedAt),
  },
  filters: {
    search: searchFilter([projectModels.name]),
    status: enumFilter(projectModels.status, MODEL_STATUSES),
    project: idFilter(projectModels.projectId),
  },
  defaultSort: '-created_at',
  defaultPerPage: PROCESSOR_LIST_PER_PAGE,
  deletedAt: projectModels.deletedAt,
};
