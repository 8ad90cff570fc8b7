import {
  CARD_LIST_PER_PAGE,
  LIBRARY_ITEM_STATUSES,
  type LibraryItem,
  libraryItemEndpoints,
  TOP_LEVEL_FILTER_VALUE,
} from '@meshport/contract';
import type { TFunction } from 'i18next';
import { deleteItem } from '@/lib/api/resources/items/delete-item.api.ts';
import { restoreItem } from '@/lib/api/resources/items/restore-item.api.ts';
import { updateItem } from '@/lib/api/resources/items/update-item.api.ts';
import { paths } from '@/lib/paths/paths.ts';
import type { ActionOutcome, ResourceListDeclaration } from '@/shared/resource-list/index.ts';
import type { UndoBuilder } from '@/shared/ui/undo-action.hook.ts';
import { bulkUpdateItems, type ItemBulkAction } from '../api/bulk-update-items.api.ts';
import { archiveChoices, bulkOutcome, isArchived } from '../logic/bulk-outcome.logic.ts';
import type { LibraryAbilities } from '../logic/platform-rules.logic.ts';
import { DEFAULT_CARD_SORT } from './libraries-list.declaration.ts';
import { MoveItemsDialog } from './move-items.dialog.tsx';

/** What an item card shows and its menu needs. */
const ITEM_CARD_FIELDS = [
  'id',
  'name',
  'preview_image_url',
  'status',
  'status_color',
  'libraries',
  'is_deletable',
  'deletable',
  'updated_at',
];

type Declaration = ResourceListDeclaration<typeof libraryItemEndpoints.list, LibraryItem>;

/** What a restored item changes: the items and the libraries' counts. */
const ITEM_RESOURCES = ['items', 'libraries'] as const;

async function runBulk(
  t: TFunction<'libraries'>,
  action: ItemBulkAction,
  ids: number[],
  undo?: UndoBuilder,
): Promise<ActionOutcome> {
  const answer = await bulkUpdateItems(action, ids);
  const outcome = bulkOutcome('items', answer);
  const restores = answer.success.map((entry) => () => restoreItem(Number(entry.id)));
  return {
    success: outcome.success ? t(outcome.success.key, outcome.success.values) : null,
    failure: outcome.failure ? t(outcome.failure.key, outcome.failure.values) : null,
    undo: action === 'delete' ? undo?.(restores, ITEM_RESOURCES) : undefined,
  };
}

/** '{name} Archived...' or '{name} Unarchived' (content.md §8), through PATCH archived. */
async function toggleArchived(t: TFunction<'libraries'>, item: LibraryItem): Promise<ActionOutcome> {
  const archive = !isArchived(item.status);
  const saved = await updateItem(item.id, { archived: archive });
  return { success: t(archive ? 'item.archived' : 'item.unarchived', { name: saved.name }) };
}

/** A single delete shows the returned name and status (content.md §8). */
async function deleteOne(t: TFunction<'libraries'>, item: LibraryItem, undo?: UndoBuilder): Promise<ActionOutcome> {
  const answer = await deleteItem(item.id);
  return {
    success: t('item.deleted', { name: answer.library_item_name, status: answer.status }),
    undo: undo?.([() => restoreItem(item.id)], ITEM_RESOURCES),
  };
}

/**
 * The items of `libraryId` (or in no library) as cards: Edit, Archive or Unarchive and Delete per
 * card; Move, Archive, Activate and Delete for a selection, on hatch. Off hatch the status
 * filter starts at FINISHED (content.md §5).
 */
export function itemsListDeclaration(
  t: TFunction<'libraries'>,
  libraryId: number | null,
  abilities: LibraryAbilities,
  defaultStatus: string,
  undo?: UndoBuilder,
): Declaration {
  const ids = (rows: LibraryItem[]) => rows.map((row) => row.id);
  const statuses = (rows: LibraryItem[]) => rows.map((row) => row.status);
  const bulk: NonNullable<Declaration['bulkActions']> = [];
  const perCard: NonNullable<Declaration['rowActions']> = [];
  if (abilities.editItems) {
    perCard.push(
      { id: 'edit', label: t('actions.edit'), to: (row) => paths.libraries.items.edit(row.id) },
      {
        id: 'archive',
        label: t('actions.archive'),
        hidden: (row) => isArchived(row.status),
        onClick: (row) => toggleArchived(t, row),
      },
      {
        id: 'unarchive',
        label: t('actions.activate'),
        hidden: (row) => !isArchived(row.status),
        onClick: (row) => toggleArchived(t, row),
      },
    );
    bulk.push(
      {
        id: 'move',
        label: t('actions.move'),
        dialogTitle: t('actions.move'),
        dialog: (context) => <MoveItemsDialog {...context} />,
      },
      {
        id: 'archive',
        label: t('actions.archive'),
        available: (rows) => archiveChoices(statuses(rows)).archive,
        confirm: (count) => t('confirm.items.archive', { count }),
        confirmLabel: t('actions.archive'),
        run: (rows) => runBulk(t, 'archive', ids(rows)),
      },
      {
        id: 'activate',
        label: t('actions.activate'),
        available: (rows) => archiveChoices(statuses(rows)).activate,
        confirm: (count) => t('confirm.items.activate', { count }),
        confirmLabel: t('actions.activate'),
        run: (rows) => runBulk(t, 'activate', ids(rows)),
      },
    );
  }
  if (abilities.deleteItems) {
    bulk.push({
      id: 'delete',
      label: t('actions.delete'),
      color: 'red',
      danger: true,
      confirm: (count) => t('confirm.items.delete', { count }),
      confirmLabel: t('actions.delete'),
      run: (rows) => runBulk(t, 'delete', ids(rows), undo),
    });
    perCard.push({
      id: 'delete',
      label: t('actions.delete'),
      color: 'red',
      danger: true,
      disabled: (row) => !(row.is_deletable && row.deletable),
      tooltip: () => t('notDeletable.item'),
      confirm: () => t('confirm.items.delete', { count: 1 }),
      confirmLabel: t('actions.delete'),
      onClick: (row) => deleteOne(t, row, undo),
    });
  }

  return {
    id: `items.${libraryId ?? 'none'}`,
    endpoint: libraryItemEndpoints.list,
    resource: 'items',
    alsoRefreshes: ['libraries'],
    query: {
      filter: { library: libraryId === null ? TOP_LEVEL_FILTER_VALUE : String(libraryId) },
      included_fields: ITEM_CARD_FIELDS,
    },
    rowId: (row) => row.id,
    rowLabel: (row) => row.name,
    views: ['grid', 'list'],
    card: {
      title: (row) => row.name,
      image: (row) => row.preview_image_url,
      status: (row) => ({ label: t(`statuses.${row.status}`), color: row.status_color }),
      subtitle: (row) => row.libraries.map((library) => library.name).join(', '),
      to: (row) => paths.libraries.items.overview(row.id),
    },
    filters: [
      {
        name: 'status',
        label: t('fields.status'),
        kind: 'multiselect',
        options: LIBRARY_ITEM_STATUSES.map((status) => ({ value: status, label: t(`statuses.${status}`) })),
        defaultValue: defaultStatus,
      },
    ],
    defaultSort: DEFAULT_CARD_SORT,
    perPage: CARD_LIST_PER_PAGE,
    emptyText: t('empty.items'),
    label: t('lists.items'),
    bulkActions: bulk,
    rowActions: perCard,
  };
}
