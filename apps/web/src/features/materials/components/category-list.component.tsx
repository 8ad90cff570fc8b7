import { Button } from '@mantine/core';
import {
  CARD_LIST_PER_PAGE,
  type CATEGORY_BULK_ACTIONS,
  hasPermission,
  materialCategoryEndpoints,
  RECORD_STATUSES,
  TOP_LEVEL_FILTER_VALUE,
} from '@meshport/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { restoreCategory } from '@/lib/api/resources/categories/restore-category.api.ts';
import { paths } from '@/lib/paths/paths.ts';
import { useCurrentUser } from '@/lib/session/auth.context.ts';
import { ResourceList, type ResourceListDeclaration, type RowOf } from '@/shared/resource-list/index.ts';
import { SHORT_BANNER_LIFE_MS } from '@/shared/ui/banner.store.ts';
import { useUndoAction } from '@/shared/ui/undo-action.hook.ts';
import { bulkCategories } from '../api/bulk-categories.api.ts';
import { deleteCategory } from '../api/delete-category.api.ts';
import { MATERIAL_RESOURCES } from '../api/material-resources.ts';
import { updateCategory } from '../api/update-category.api.ts';
import { bulkOutcome } from '../logic/bulk-result.logic.ts';
import { CATEGORY_LIST_ID } from '../logic/materials.constants.ts';

type CategoryRow = RowOf<typeof materialCategoryEndpoints.list>;
type CategoryList = ResourceListDeclaration<typeof materialCategoryEndpoints.list, CategoryRow>;

/** The categories of one level (`filter[parent_id]=<id|null>`) as cards, with their actions. */
export function CategoryList({ parentId }: { parentId: number | null }) {
  const { t } = useTranslation('materials');
  const user = useCurrentUser();
  const undo = useUndoAction();

  const list = useMemo<CategoryList>(() => {
    const bulk = (action: (typeof CATEGORY_BULK_ACTIONS)[number]) => async (selected: CategoryRow[]) => {
      const answer = await bulkCategories({ action, ids: selected.map((row) => row.id) });
      const restores = answer.success.map((entry) => () => restoreCategory(Number(entry.id)));
      return {
        ...bulkOutcome(t, 'categories', answer),
        undo: action === 'delete' ? undo(restores, MATERIAL_RESOURCES) : undefined,
      };
    };
    const setArchived = (archived: boolean) => async (row: CategoryRow) => {
      await updateCategory(row.id, { status: archived ? 'archived' : 'active' });
      return { success: t(archived ? 'messages.archived' : 'messages.unarchived', { name: row.name }) };
    };
    return {
      id: `${CATEGORY_LIST_ID}:${parentId ?? 'root'}`,
      endpoint: materialCategoryEndpoints.list,
      resource: 'categories',
      alsoRefreshes: ['materials'],
      query: { filter: { parent_id: parentId === null ? TOP_LEVEL_FILTER_VALUE : String(parentId) } },
      rowId: (row) => row.id,
      rowLabel: (row) => row.name,
      label: t('lists.categories'),
      views: ['grid', 'list'],
      defaultSort: '-updated_at',
      perPage: CARD_LIST_PER_PAGE,
      emptyText: t('empty.categories'),
      bannerLife: SHORT_BANNER_LIFE_MS,
      card: {
        title: (row) => row.name,
        image: (row) => row.preview_image_url,
        status: (row) => ({ label: t(`status.${row.status}`), color: row.status_color }),
        subtitle: (row) => t('cards.materialsCount', { count: row.indirect_materials_count }),
        to: (row) => paths.materials.categories.detail(row.id),
      },
      filters: [
        {
          name: 'status',
          kind: 'select',
          label: t('filters.status'),
          options: RECORD_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) })),
        },
      ],
      bulkActions: [
        {
          id: 'archive',
          label: t('actions.archive'),
          permission: 'update-material-categories',
          confirm: (count) => t('confirm.categories.archive', { count }),
          confirmLabel: t('actions.archive'),
          run: bulk('archive'),
        },
        {
          id: 'activate',
          label: t('actions.activate'),
          permission: 'update-material-categories',
          confirm: (count) => t('confirm.categories.activate', { count }),
          confirmLabel: t('actions.activate'),
          run: bulk('activate'),
        },
        {
          id: 'delete',
          label: t('actions.delete'),
          permission: 'delete-material-categories',
          color: 'red',
          danger: true,
          confirm: (count) => t('confirm.categories.delete', { count }),
          confirmLabel: t('actions.delete'),
          run: bulk('delete'),
        },
      ],
      rowActions: [
        {
          id: 'edit',
          label: t('actions.edit'),
          permission: 'update-material-categories',
          to: (row) => paths.materials.categories.edit(row.id),
        },
        {
          id: 'archive',
          label: t('actions.archive'),
          permission: 'update-material-categories',
          hidden: (row) => row.status === 'archived',
          onClick: setArchived(true),
        },
        {
          id: 'activate',
          label: t('actions.activate'),
          permission: 'update-material-categories',
          hidden: (row) => row.status !== 'archived',
          onClick: setArchived(false),
        },
        {
          id: 'delete',
          label: t('actions.delete'),
          permission: 'delete-material-categories',
          color: 'red',
          danger: true,
          disabled: (row) => !row.deletable,
          tooltip: () => t('tooltips.categoryNotDeletable'),
          confirm: (row) => t('confirm.deleteCategory', { name: row.name }),
          confirmLabel: t('actions.delete'),
          onClick: async (row) => {
            const answer = await deleteCategory(row.id);
            return {
              success: t('messages.deleted', { name: answer.category_name }),
              undo: undo([() => restoreCategory(row.id)], MATERIAL_RESOURCES),
            };
          },
        },
      ],
    };
  }, [t, parentId, undo]);

  const toolbar = hasPermission(user, 'update-material-categories') ? (
    <Button
      component={Link}
      to={parentId === null ? paths.materials.categories.create() : paths.materials.categories.createSub(parentId)}
    >
      {t('actions.newCategory')}
    </Button>
  ) : null;

  return <ResourceList list={list} toolbar={toolbar} />;
}
