import { CARD_LIST_PER_PAGE, RECORD_STATUSES } from '@meshport/contract';
import { sql } from 'drizzle-orm';
import { enumFilter, searchFilter } from '#core/list/common-filters.ts';
import type { ListResource } from '#core/list/list-resource.ts';
import {
  breadcrumbsMetaData,
  parentFilter,
  previewUrl,
  ref,
  statusColor,
  trashedFields,
} from '#modules/content/shared/content-fields.ts';
import { materialCategoryPolicy } from './material-category.policy.ts';
import { materialCategories } from './material-category.table.ts';

const subCategoriesJson = sql<{ id: number; name: string }[]>`coalesce((
  select json_agg(json_build_object('id', c.id, 'name', c.name) order by c.name, c.id)
  from material_categories c
  where c.company_id = ${ref(materialCategories.companyId)} and c.parent_id = ${ref(materialCategories.id)}
  and c.deleted_at is null), '[]'::json)`;

/** GET /materials/categories: a card list (10 per page, newest update first). */
export const materialCategoryList: ListResource = {
  name: 'categories',
  table: materialCategories,
  // Subqueries of its fields, filters and meta data (docs/decisions/0021).
  reads: ['material_category_materials', 'materials', 'project_model_materials', 'project_models'],
  scope: 'tenant',
  idColumn: materialCategories.id,
  fields: {
    id: { select: materialCategories.id, sortable: true },
    parent_id: { select: materialCategories.parentId, sortable: true },
    name: { select: materialCategories.name, sortable: true },
    preview_image_url: {
      select: previewUrl(
        materialCategories.previewImagePath,
        sql`'/v2/materials/categories/' || ${ref(materialCategories.id)}`,
        materialCategories.updatedAt,
      ),
    },
    status: { select: materialCategories.status, sortable: true },
    status_color: { select: statusColor(materialCategories.status) },
    deletable: { select: materialCategoryPolicy.rowAllows('delete') },
    indirect_materials_count: { select: materialCategories.indirectMaterialsCount },
    sub_categories: { select: subCategoriesJson },
    created_at: { select: materialCategories.createdAt, sortable: true },
    updated_at: { select: materialCategories.updatedAt, sortable: true },
    meta_data: {
      select: breadcrumbsMetaData('material_categories', materialCategories.companyId, materialCategories.id),
      optIn: 'list',
    },
    ...trashedFields(materialCategories.deletedAt),
  },
  filters: {
    search: searchFilter([materialCategories.name]),
    status: enumFilter(materialCategories.status, RECORD_STATUSES),
    parent_id: parentFilter(materialCategories.parentId),
  },
  defaultSort: '-updated_at',
  defaultPerPage: CARD_LIST_PER_PAGE,
  deletedAt: materialCategories.deletedAt,
};
