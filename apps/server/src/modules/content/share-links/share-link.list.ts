import { SHARE_LINK_STATUSES } from '@meshport/contract';
import { sql } from 'drizzle-orm';
import { accounts } from '#core/auth/account.table.ts';
import { enumFilter, idFilter } from '#core/list/common-filters.ts';
import type { ListResource } from '#core/list/list-resource.ts';
import { designs } from '#modules/content/designs/design.table.ts';
import { projectModels } from '#modules/content/project-models/project-model.table.ts';
import { ref } from '#modules/content/shared/content-fields.ts';
import { shareLinks } from './share-link.table.ts';

/** active, expired or revoked, from the row. */
const status = sql<string>`case when ${ref(shareLinks.revokedAt)} is not null then 'revoked'
  when ${ref(shareLinks.expiresAt)} <= now() then 'expired' else 'active' end`;

const name = sql<string>`coalesce(
  (select d.name from ${designs} d where d.company_id = ${ref(shareLinks.companyId)} and d.id = ${ref(shareLinks.designId)}),
  (select pm.name from ${projectModels} pm
    where pm.company_id = ${ref(shareLinks.companyId)} and pm.id = ${ref(shareLinks.projectModelId)}), '')`;

const createdBy = sql<{ id: number; name: string } | null>`(select json_build_object('id', a.id, 'name', a.name)
  from ${accounts} a where a.id = ${ref(shareLinks.createdBy)})`;

/**
 * GET /share-links (issue 30): newest first; the route narrows it to one's own links without
 * manage-share-links. Not cached: a link's status changes with time alone.
 */
export const shareLinkList: ListResource = {
  name: 'share_links',
  table: shareLinks,
  reads: [designs, projectModels, accounts],
  scope: 'tenant',
  idColumn: shareLinks.id,
  fields: {
    id: { select: shareLinks.id },
    project_model_id: { select: shareLinks.projectModelId },
    design_id: { select: shareLinks.designId },
    name: { select: name },
    allow_configure: { select: shareLinks.allowConfigure },
    has_password: { select: sql<boolean>`${ref(shareLinks.passwordHash)} is not null` },
    status: { select: status },
    expires_at: { select: shareLinks.expiresAt, sortable: true },
    revoked_at: { select: shareLinks.revokedAt },
    opens: { select: shareLinks.opens, sortable: true },
    last_opened_at: { select: shareLinks.lastOpenedAt },
    created_by: { select: createdBy },
    created_at: { select: shareLinks.createdAt, sortable: true },
  },
  filters: {
    project_model_id: idFilter(shareLinks.projectModelId),
    design_id: idFilter(shareLinks.designId),
    status: enumFilter(status, SHARE_LINK_STATUSES),
  },
  defaultSort: '-created_at',
  defaultPerPage: 25,
};
