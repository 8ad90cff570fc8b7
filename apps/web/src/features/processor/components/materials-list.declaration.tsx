import { materialEndpoints, RECORD_STATUSES } from '@meshport/contract';
import type { TFunction } from 'i18next';
import { deleteMaterial } from '@/lib/api/resources/materials/delete-material.api.ts';
import { restoreMaterial } from '@/lib/api/resources/materials/restore-material.api.ts';
import { paths } from '@/lib/paths/paths.ts';
import type { ResourceListDeclaration, RowOf } from '@/shared/resource-list/index.ts';
import { SHORT_BANNER_LIFE_MS, showBanner, TOAST_DELAY_MS } from '@/shared/ui/banner.store.ts';
import type { UndoBuilder } from '@/shared/ui/undo-action.hook.ts';
import { FROM_PROCESSOR, PROCESSOR_LIST_DEFAULTS } from '../logic/processor.constants.ts';

export type MaterialRow = RowOf<typeof materialEndpoints.list>;
type Declaration = ResourceListDeclaration<typeof materialEndpoints.list, MaterialRow>;

const LIST_ID = 'processor.materials';

const MATERIAL_CARD_FIELDS = [
  'name',
  'status',
  'status_color',
  'preview_image_url',
  'parent_name',
  'categories',
  'deletable',
  'created_at',
];

/** The Materials tab (content.md §2): Edit (update-materials) and Delete (delete-materials) per card. */
export function materialsListDeclaration(t: TFunction<'processor'>, undo: UndoBuilder): Declaration {
  return {
    id: LIST_ID,
    endpoint: materialEndpoints.list,
    resource: 'materials',
    alsoRefreshes: ['categories'],
    query: { included_fields: MATERIAL_CARD_FIELDS },
    rowId: (row) => row.name,
    rowLabel: (row) => row.name,
    ...PROCESSOR_LIST_DEFAULTS,
    label: t('lists.materials'),
    emptyText: t('empty.materials'),
    loadingText: t('loading.materials'),
    card: {
      title: (row) => row.name,
      image: (row) => row.preview_image_url,
      status: (row) => ({ label: t(`statuses.${row.status}`), color: row.status_color }),
      subtitle: (row) =>
        row.parent_name
          ? t('card.variantOf', { name: row.parent_name })
          : row.categories.map((category) => category.name).join(', '),
      to: (row) => ({ to: paths.materials.overview(row.name), state: FROM_PROCESSOR }),
    },
    filters: [
      {
        name: 'status',
        kind: 'select',
        label: t('filters.status'),
        options: RECORD_STATUSES.map((status) => ({ value: status, label: t(`statuses.${status}`) })),
      },
    ],
    rowActions: [
      {
        id: 'edit',
        label: t('actions.edit'),
        permission: 'update-materials',
        to: (row) => ({ to: paths.materials.edit(row.name), state: FROM_PROCESSOR }),
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
            text: t('messages.deleted', { name: answer.material_name, status: t(`deleteStatus.${answer.status}`) }),
            scope: `list:${LIST_ID}`,
            delay: TOAST_DELAY_MS,
            life: SHORT_BANNER_LIFE_MS,
            action: undo([() => restoreMaterial(answer.material_name)], ['materials', 'categories']),
          });
        },
      },
    ],
  };
}
