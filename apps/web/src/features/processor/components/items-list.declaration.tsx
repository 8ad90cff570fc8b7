import { LIBRARY_ITEM_STATUSES, libraryItemEndpoints } from '@meshport/contract';
import type { TFunction } from 'i18next';
import { deleteItem } from '@/lib/api/resources/items/delete-item.api.ts';
import { restoreItem } from '@/lib/api/resources/items/restore-item.api.ts';
import { updateItem } from '@/lib/api/resources/items/update-item.api.ts';
import { paths } from '@/lib/paths/paths.ts';
import type { ResourceListDeclaration, RowOf } from '@/shared/resource-list/index.ts';
import type { UndoBuilder } from '@/shared/ui/undo-action.hook.ts';
import { FROM_PROCESSOR, PROCESSOR_LIST_DEFAULTS } from '../logic/processor.constants.ts';
import { processingRowActions } from './processing-actions.declaration.tsx';
import { ProcessingDetails } from './processing-details.component.tsx';

export type ItemRow = RowOf<typeof libraryItemEndpoints.list>;
type Declaration = ResourceListDeclaration<typeof libraryItemEndpoints.list, ItemRow>;

const ITEM_CARD_FIELDS = [
  'id',
  'name',
  'status',
  'status_color',
  'preview_image_url',
  'libraries',
  'is_deletable',
  'deletable',
  'started_at',
  'finished_at',
  'uploader_name',
  'latest_geometry_event.message',
  'latest_geometry_event.message_code',
  'latest_geometry_event.message_params',
  'figures',
  'units',
  'up_axis',
  'created_at',
];

const isArchived = (row: ItemRow) => row.status === 'ARCHIVED';

/** '{name} Archived...' or '{name} Unarchived' (content.md §8) through PATCH archived. */
async function toggleArchived(t: TFunction<'processor'>, row: ItemRow) {
  const archive = !isArchived(row);
  const saved = await updateItem(row.id, { archived: archive });
  return { success: t(archive ? 'messages.archived' : 'messages.unarchived', { name: saved.name }) };
}

/** The Items tab (content.md §2): Reprocess, Cancel processing, Edit, Delete, Archive or Unarchive. */
export function itemsListDeclaration(t: TFunction<'processor'>, undo: UndoBuilder): Declaration {
  const { reprocess, cancel } = processingRowActions<ItemRow>(t, 'library_item', 'update-library-items');
  return {
    id: 'processor.items',
    endpoint: libraryItemEndpoints.list,
    resource: 'items',
    alsoRefreshes: ['libraries'],
    query: { included_fields: ITEM_CARD_FIELDS },
    rowId: (row) => row.id,
    rowLabel: (row) => row.name,
    ...PROCESSOR_LIST_DEFAULTS,
    label: t('lists.items'),
    emptyText: t('empty.items'),
    loadingText: t('loading.items'),
    card: {
      title: (row) => row.name,
      image: (row) => row.preview_image_url,
      status: (row) => ({ label: t(`statuses.${row.status}`), color: row.status_color }),
      subtitle: (row) => row.libraries.map((library) => library.name).join(', '),
      details: (row) => <ProcessingDetails row={row} />,
      to: (row) => ({ to: paths.libraries.items.overview(row.id), state: FROM_PROCESSOR }),
    },
    filters: [
      {
        name: 'status',
        kind: 'multiselect',
        label: t('filters.status'),
        options: LIBRARY_ITEM_STATUSES.map((status) => ({ value: status, label: t(`statuses.${status}`) })),
      },
    ],
    rowActions: [
      reprocess,
      cancel,
      {
        id: 'edit',
        label: t('actions.edit'),
        permission: 'update-library-items',
        to: (row) => ({ to: paths.libraries.items.edit(row.id), state: FROM_PROCESSOR }),
      },
      {
        id: 'delete',
        label: t('actions.delete'),
        permission: 'delete-library-items',
        color: 'red',
        danger: true,
        disabled: (row) => !(row.is_deletable && row.deletable),
        tooltip: () => t('tooltips.itemNotDeletable'),
        confirm: (row) => t('confirm.deleteItem', { name: row.name }),
        confirmLabel: t('actions.delete'),
        onClick: async (row) => {
          const answer = await deleteItem(row.id);
          return {
            success: t('messages.deleted', {
              name: answer.library_item_name,
              status: t(`deleteStatus.${answer.status}`),
            }),
            undo: undo([() => restoreItem(row.id)], ['items', 'libraries']),
          };
        },
      },
      {
        id: 'archive',
        label: t('actions.archive'),
        permission: 'update-library-items',
        hidden: isArchived,
        onClick: (row) => toggleArchived(t, row),
      },
      {
        id: 'unarchive',
        label: t('actions.unarchive'),
        permission: 'update-library-items',
        hidden: (row) => !isArchived(row),
        onClick: (row) => toggleArchived(t, row),
      },
    ],
  };
}
