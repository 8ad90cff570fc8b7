import {
  CARD_LIST_PER_PAGE,
  type Library,
  libraryEndpoints,
  RECORD_STATUSES,
  TOP_LEVEL_FILTER_VALUE,
} from '@meshport/contract';
import type { TFunction } from 'i18next';
import { restoreLibrary } from '@/lib/api/resources/libraries/restore-library.api.ts';
import { paths } from '@/lib/paths/paths.ts';
import type { ActionOutcome, ResourceListDeclaration } from '@/shared/resource-list/index.ts';
import type { UndoBuilder } from '@/shared/ui/undo-action.hook.ts';
import { bulkUpdateLibraries, type LibraryBulkAction } from '../api/bulk-update-libraries.api.ts';
import { archiveChoices, bulkOutcome, isArchived } from '../logic/bulk-outcome.logic.ts';
import type { LibraryAbilities } from '../logic/platform-rules.logic.ts';

export const DEFAULT_CARD_SORT = '-updated_at';

/** What a library card shows and its menu needs. */
const LIBRARY_CARD_FIELDS = [
  'id',
  'name',
  'preview_image',
  'status',
  'status_color',
  'is_deletable',
  'indirect_items_count',
  'updated_at',
];

type Declaration = ResourceListDeclaration<typeof libraryEndpoints.list, Library>;

/** A bulk call's answer as the list's banners, in the user's language; a delete offers Undo. */
async function runBulk(
  t: TFunction<'libraries'>,
  action: LibraryBulkAction,
  ids: number[],
  undo?: UndoBuilder,
): Promise<ActionOutcome> {
  const answer = await bulkUpdateLibraries(action, ids);
  const outcome = bulkOutcome('libraries', answer);
  const restores = answer.success.map((entry) => () => restoreLibrary(Number(entry.id)));
  return {
    success: outcome.success ? t(outcome.success.key, outcome.success.values) : null,
    failure: outcome.failure ? t(outcome.failure.key, outcome.failure.values) : null,
    undo: action === 'delete' ? undo?.(restores, ['libraries', 'items']) : undefined,
  };
}

/**
 * The sub-libraries of `parentId` (or the top level) as cards: Edit, Archive or Activate and
 * Delete per card and for a selection, on hatch (content.md §1, §2, §4).
 */
export function librariesListDeclaration(
  t: TFunction<'libraries'>,
  parentId: number | null,
  abilities: LibraryAbilities,
  undo?: UndoBuilder,
): Declaration {
  const ids = (rows: Library[]) => rows.map((row) => row.id);
  const statuses = (rows: Library[]) => rows.map((row) => row.status);
  const bulk: NonNullable<Declaration['bulkActions']> = [];
  const perCard: NonNullable<Declaration['rowActions']> = [];
  if (abilities.editLibraries) {
    perCard.push({ id: 'edit', label: t('actions.edit'), to: (row) => paths.libraries.edit(row.id) });
  }
  if (abilities.archiveLibraries) {
    bulk.push(
      {
        id: 'archive',
        label: t('actions.archive'),
        available: (rows) => archiveChoices(statuses(rows)).archive,
        confirm: (count) => t('confirm.libraries.archive', { count }),
        confirmLabel: t('actions.archive'),
        run: (rows) => runBulk(t, 'archive', ids(rows)),
      },
      {
        id: 'activate',
        label: t('actions.activate'),
        available: (rows) => archiveChoices(statuses(rows)).activate,
        confirm: (count) => t('confirm.libraries.activate', { count }),
        confirmLabel: t('actions.activate'),
        run: (rows) => runBulk(t, 'activate', ids(rows)),
      },
    );
    perCard.push(
      {
        id: 'archive',
        label: t('actions.archive'),
        hidden: (row) => isArchived(row.status),
        onClick: (row) => runBulk(t, 'archive', [row.id]),
      },
      {
        id: 'activate',
        label: t('actions.activate'),
        hidden: (row) => !isArchived(row.status),
        onClick: (row) => runBulk(t, 'activate', [row.id]),
      },
    );
  }
  if (abilities.deleteLibraries) {
    bulk.push({
      id: 'delete',
      label: t('actions.delete'),
      color: 'red',
      danger: true,
      confirm: (count) => t('confirm.libraries.delete', { count }),
      confirmLabel: t('actions.delete'),
      run: (rows) => runBulk(t, 'delete', ids(rows), undo),
    });
    perCard.push({
      id: 'delete',
      label: t('actions.delete'),
      color: 'red',
      danger: true,
      disabled: (row) => !row.is_deletable,
      tooltip: () => t('notDeletable.library'),
      confirm: () => t('confirm.libraries.delete', { count: 1 }),
      confirmLabel: t('actions.delete'),
      onClick: (row) => runBulk(t, 'delete', [row.id], undo),
    });
  }

  return {
    id: `libraries.${parentId ?? 'root'}`,
    endpoint: libraryEndpoints.list,
    resource: 'libraries',
    alsoRefreshes: ['items'],
    query: {
      filter: { parent_id: parentId === null ? TOP_LEVEL_FILTER_VALUE : String(parentId) },
      included_fields: LIBRARY_CARD_FIELDS,
    },
    rowId: (row) => row.id,
    rowLabel: (row) => row.name,
    views: ['grid', 'list'],
    card: {
      title: (row) => row.name,
      image: (row) => row.preview_image,
      status: (row) => ({ label: t(`statuses.${row.status}`), color: row.status_color }),
      subtitle: (row) => t('fields.itemsCount', { count: row.indirect_items_count }),
      to: (row) => ({ to: paths.libraries.detail(row.id), state: { name: row.name } }),
    },
    filters: [
      {
        name: 'status',
        label: t('fields.status'),
        kind: 'multiselect',
        options: RECORD_STATUSES.map((status) => ({ value: status, label: t(`statuses.${status}`) })),
      },
    ],
    defaultSort: DEFAULT_CARD_SORT,
    perPage: CARD_LIST_PER_PAGE,
    emptyText: t('empty.libraries'),
    label: t('lists.libraries'),
    bulkActions: bulk,
    rowActions: perCard,
  };
}
