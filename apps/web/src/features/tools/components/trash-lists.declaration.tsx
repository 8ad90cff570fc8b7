import { Avatar } from '@mantine/core';
import {
  type ListEndpoint,
  libraryEndpoints,
  libraryItemEndpoints,
  materialCategoryEndpoints,
  materialEndpoints,
  projectEndpoints,
  projectModelEndpoints,
  RECYCLE_BIN_PER_PAGE,
} from '@meshport/contract';
import type { TFunction } from 'i18next';
import type { QueryResource } from '@/lib/api/query-keys.ts';
import { restoreCategory } from '@/lib/api/resources/categories/restore-category.api.ts';
import { restoreItem } from '@/lib/api/resources/items/restore-item.api.ts';
import { restoreLibrary } from '@/lib/api/resources/libraries/restore-library.api.ts';
import { restoreMaterial } from '@/lib/api/resources/materials/restore-material.api.ts';
import { restoreModel } from '@/lib/api/resources/models/restore-model.api.ts';
import { restoreProject } from '@/lib/api/resources/projects/restore-project.api.ts';
import { formatDateTime } from '@/lib/i18n/format.ts';
import type { ResourceListDeclaration, RowOf } from '@/shared/resource-list/index.ts';
import { SHORT_BANNER_LIFE_MS } from '@/shared/ui/banner.store.ts';
import { Icon } from '@/shared/ui/icons.component.tsx';
import { daysLeftText } from '../logic/trash.logic.ts';

/** What every trashed entry has: id, name, deleted_at (spec: administration.md §3). */
interface TrashedRow {
  name: string;
  deleted_at: string;
  days_left_to_restore: number;
}

interface BinTab<E extends ListEndpoint> {
  /** Tab value and locale key. */
  key: 'projects' | 'models' | 'libraries' | 'items' | 'categories' | 'materials';
  endpoint: E;
  resource: QueryResource;
  rowId: (row: RowOf<E>) => number | string;
  image?: (row: RowOf<E>) => string | null;
  restore: (row: RowOf<E>) => Promise<{ message: string }>;
  /** Fixed query beside trashed=1 (sub-projects are listed too: each may have been deleted alone). */
  extra?: Record<string, string>;
}

/** A tab with its row type erased to what the bin shows of every kind. */
interface BinTabSpec extends Omit<BinTab<ListEndpoint>, 'rowId' | 'image' | 'restore'> {
  rowId: (row: TrashedRow) => number | string;
  image?: (row: TrashedRow) => string | null;
  restore: (row: TrashedRow) => Promise<unknown>;
}

const tab = <E extends ListEndpoint>(spec: BinTab<E>) => spec as unknown as BinTabSpec;

/** The six tabs of /tools/trash, in the spec's order, with their GET and restore calls (administration.md §7). */
export const BIN_TABS = [
  tab({
    key: 'projects',
    endpoint: projectEndpoints.list,
    resource: 'projects',
    rowId: (row) => row.id,
    image: (row) => row.preview_image,
    restore: (row) => restoreProject(row.id),
    extra: { include_sub_projects: '1' },
  }),
  tab({
    key: 'models',
    endpoint: projectModelEndpoints.list,
    resource: 'models',
    rowId: (row) => row.id,
    image: (row) => row.preview_image_url,
    restore: (row) => restoreModel(row.id),
  }),
  tab({
    key: 'libraries',
    endpoint: libraryEndpoints.list,
    resource: 'libraries',
    rowId: (row) => row.id,
    image: (row) => row.preview_image,
    restore: (row) => restoreLibrary(row.id),
  }),
  tab({
    key: 'items',
    endpoint: libraryItemEndpoints.list,
    resource: 'items',
    rowId: (row) => row.id,
    restore: (row) => restoreItem(row.id),
  }),
  tab({
    key: 'categories',
    endpoint: materialCategoryEndpoints.list,
    resource: 'categories',
    rowId: (row) => row.id,
    restore: (row) => restoreCategory(row.id),
  }),
  tab({
    key: 'materials',
    endpoint: materialEndpoints.list,
    resource: 'materials',
    rowId: (row) => row.name,
    restore: (row) => restoreMaterial(row.name),
  }),
];

export type BinTabKey = (typeof BIN_TABS)[number]['key'];

/**
 * One tab of the recycling bin: its trashed entries, page size 10, newest deletion first (§9),
 * the days left to restore or '---', and Restore with restore-deleted-entities.
 */
export function binListDeclaration(
  t: TFunction<'tools'>,
  spec: BinTabSpec,
  language: string | undefined,
): ResourceListDeclaration<ListEndpoint, TrashedRow> {
  const image = spec.image;
  return {
    id: `tools-trash-${spec.key}`,
    endpoint: spec.endpoint,
    resource: spec.resource,
    query: { extra: { trashed: '1', ...spec.extra } },
    rowId: spec.rowId,
    rowLabel: (row) => row.name,
    views: ['table'],
    columns: [
      ...(image
        ? [
            {
              id: 'image',
              header: t('columns.image'),
              cell: (row: TrashedRow) => (
                <Avatar src={image(row)} alt="" radius="sm" size={36}>
                  <Icon name="photo" size={18} />
                </Avatar>
              ),
              width: 1,
            },
          ]
        : []),
      { id: 'name', header: t('columns.name'), cell: (row) => row.name, sortField: 'name' },
      {
        id: 'deleted_at',
        header: t('columns.deleted'),
        cell: (row) => formatDateTime(row.deleted_at, { locale: language }),
        sortField: 'deleted_at',
      },
      { id: 'days_left', header: t('columns.daysLeft'), cell: (row) => daysLeftText(row.days_left_to_restore) },
    ],
    sorts: [
      { value: '-deleted_at', label: t('trash.sorts.newest') },
      { value: 'deleted_at', label: t('trash.sorts.oldest') },
      { value: 'name', label: t('trash.sorts.nameAsc') },
      { value: '-name', label: t('trash.sorts.nameDesc') },
    ],
    defaultSort: '-deleted_at',
    perPage: RECYCLE_BIN_PER_PAGE,
    emptyText: t('emptyList'),
    label: t(`trash.tabs.${spec.key}`),
    loadingText: t('trash.loading'),
    bannerLife: SHORT_BANNER_LIFE_MS,
    selectable: false,
    rowActions: [
      {
        id: 'restore',
        label: t('actions.restore'),
        permission: 'restore-deleted-entities',
        disabled: (row) => row.days_left_to_restore <= 0,
        tooltip: () => t('trash.expired'),
        onClick: async (row) => {
          await spec.restore(row);
          return { success: t('trash.restored') };
        },
      },
    ],
  };
}
