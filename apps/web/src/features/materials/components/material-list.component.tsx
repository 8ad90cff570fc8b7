import { Button, Group } from '@mantine/core';
import {
  CARD_LIST_PER_PAGE,
  hasPermission,
  type MATERIAL_BULK_ACTIONS,
  materialEndpoints,
  RECORD_STATUSES,
  TOP_LEVEL_FILTER_VALUE,
} from '@meshport/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { deleteMaterial } from '@/lib/api/resources/materials/delete-material.api.ts';
import { restoreMaterial } from '@/lib/api/resources/materials/restore-material.api.ts';
import { paths } from '@/lib/paths/paths.ts';
import { useCurrentUser } from '@/lib/session/auth.context.ts';
import { ResourceList, type ResourceListDeclaration, type RowOf } from '@/shared/resource-list/index.ts';
import { SHORT_BANNER_LIFE_MS, showBanner, TOAST_DELAY_MS } from '@/shared/ui/banner.store.ts';
import { Icon } from '@/shared/ui/icons.component.tsx';
import { useUndoAction } from '@/shared/ui/undo-action.hook.ts';
import { bulkMaterials } from '../api/bulk-materials.api.ts';
import { duplicateMaterial } from '../api/duplicate-material.api.ts';
import { MATERIAL_RESOURCES } from '../api/material-resources.ts';
import { updateMaterial } from '../api/update-material.api.ts';
import { bulkOutcome } from '../logic/bulk-result.logic.ts';
import { MATERIAL_LIST_ID } from '../logic/materials.constants.ts';
import { MoveMaterialsDialog } from './move-materials-dialog.component.tsx';

type MaterialRow = RowOf<typeof materialEndpoints.list>;
type MaterialList = ResourceListDeclaration<typeof materialEndpoints.list, MaterialRow>;

/**
 * The materials of a category (`filter[category]=<id>`), or at the top level every material,
 * with a filter for those in no category (`filter[category]=null`).
 */
export function MaterialList({ categoryId }: { categoryId: number | null }) {
  const { t } = useTranslation('materials');
  const user = useCurrentUser();
  const undo = useUndoAction();

  const list = useMemo<MaterialList>(() => {
    const id = `${MATERIAL_LIST_ID}:${categoryId ?? 'root'}`;
    const bulk = (action: (typeof MATERIAL_BULK_ACTIONS)[number]) => async (selected: MaterialRow[]) => {
      const answer = await bulkMaterials({ action, names: selected.map((row) => row.name) });
      const restores = answer.success.map((entry) => () => restoreMaterial(entry.name));
      return {
        ...bulkOutcome(t, 'materials', answer),
        undo: action === 'delete' ? undo(restores, MATERIAL_RESOURCES) : undefined,
      };
    };
    const setArchived = (archived: boolean) => async (row: MaterialRow) => {
      await updateMaterial(row.name, { archived });
      return { success: t(archived ? 'messages.archived' : 'messages.unarchived', { name: row.name }) };
    };
    return {
      id,
      endpoint: materialEndpoints.list,
      resource: 'materials',
      alsoRefreshes: ['categories'],
      query: categoryId === null ? undefined : { filter: { category: String(categoryId) } },
      rowId: (row) => row.name,
      rowLabel: (row) => row.name,
      label: categoryId === null ? t('lists.allMaterials') : t('lists.materials'),
      views: ['grid', 'list'],
      defaultSort: '-updated_at',
      perPage: CARD_LIST_PER_PAGE,
      emptyText: t('empty.materials'),
      bannerLife: SHORT_BANNER_LIFE_MS,
      card: {
        title: (row) => row.name,
        image: (row) => row.preview_image_url,
        status: (row) => ({ label: t(`status.${row.status}`), color: row.status_color }),
        subtitle: (row) => {
          const categories = row.categories.map((category) => category.name).join(', ');
          if (!row.parent_name) return categories;
          return categories
            ? t('cards.variantOfIn', { name: row.parent_name, categories })
            : t('cards.variantOf', { name: row.parent_name });
        },
        to: (row) => paths.materials.overview(row.name),
      },
      filters: [
        {
          name: 'status',
          kind: 'select',
          label: t('filters.status'),
          options: RECORD_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) })),
        },
        ...(categoryId === null
          ? [
              {
                name: 'category',
                kind: 'select' as const,
                label: t('filters.category'),
                options: [{ value: TOP_LEVEL_FILTER_VALUE, label: t('filters.withoutCategory') }],
              },
            ]
          : []),
      ],
      bulkActions: [
        {
          id: 'move',
          label: t('actions.move'),
          permission: 'update-materials',
          dialogTitle: t('move.title'),
          dialog: ({ selected, close, done }) => (
            <MoveMaterialsDialog names={selected.map((row) => row.name)} close={close} done={done} />
          ),
        },
        {
          id: 'archive',
          label: t('actions.archive'),
          permission: 'update-materials',
          confirm: (count) => t('confirm.materials.archive', { count }),
          confirmLabel: t('actions.archive'),
          run: bulk('archive'),
        },
        {
          id: 'activate',
          label: t('actions.activate'),
          permission: 'update-materials',
          confirm: (count) => t('confirm.materials.activate', { count }),
          confirmLabel: t('actions.activate'),
          run: bulk('activate'),
        },
        {
          id: 'delete',
          label: t('actions.delete'),
          permission: 'delete-materials',
          color: 'red',
          danger: true,
          confirm: (count) => t('confirm.materials.delete', { count }),
          confirmLabel: t('actions.delete'),
          run: bulk('delete'),
        },
      ],
      rowActions: [
        {
          id: 'edit',
          label: t('actions.edit'),
          permission: 'update-materials',
          to: (row) => paths.materials.edit(row.name),
        },
        {
          id: 'new-variant',
          label: t('actions.newVariant'),
          permission: 'update-materials',
          hidden: (row) => row.parent_name !== null,
          to: (row) => paths.materials.createVariant(row.name),
        },
        {
          id: 'duplicate',
          label: t('actions.duplicate'),
          permission: 'update-materials',
          onClick: async (row) => {
            await duplicateMaterial(row.name);
            return { success: t('messages.duplicated') };
          },
        },
        {
          id: 'archive',
          label: t('actions.archive'),
          permission: 'update-materials',
          hidden: (row) => row.status === 'archived',
          onClick: setArchived(true),
        },
        {
          id: 'activate',
          label: t('actions.activate'),
          permission: 'update-materials',
          hidden: (row) => row.status !== 'archived',
          onClick: setArchived(false),
        },
        {
          id: 'delete',
          label: t('actions.delete'),
          permission: 'delete-materials',
          color: 'red',
          danger: true,
          disabled: (row) => !row.deletable,
          tooltip: () => t('tooltips.materialNotDeletable'),
          confirm: (row) => t('confirm.deleteMaterial', { name: row.name }),
          confirmLabel: t('actions.delete'),
          onClick: async (row) => {
            const answer = await deleteMaterial(row.name);
            // content.md §4: after the confirmation, the success message follows after 500 ms.
            showBanner({
              kind: 'success',
              text: t('messages.deleted', { name: answer.material_name }),
              scope: `list:${id}`,
              delay: TOAST_DELAY_MS,
              life: SHORT_BANNER_LIFE_MS,
              action: undo([() => restoreMaterial(answer.material_name)], MATERIAL_RESOURCES),
            });
          },
        },
      ],
    };
  }, [t, categoryId, undo]);

  const toolbar = hasPermission(user, 'update-materials') ? (
    <Group gap="sm">
      <Button component={Link} to={paths.materials.import()} variant="default">
        {t('actions.import')}
      </Button>
      <Button
        component={Link}
        to={paths.materials.create(categoryId ?? undefined)}
        leftSection={<Icon name="plus" size={16} />}
      >
        {t('actions.newMaterial')}
      </Button>
    </Group>
  ) : null;

  return <ResourceList list={list} toolbar={toolbar} />;
}
