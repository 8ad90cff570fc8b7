import { ColorSwatch, Group } from '@mantine/core';
import {
  ADMIN_DEFAULT_SORTS,
  type AuthUser,
  DEFAULT_PER_PAGE,
  downloadEndpoints,
  endpointUrl,
  hasPermission,
  labelEndpoints,
  propertyMapEndpoints,
} from '@meshport/contract';
import type { TFunction } from 'i18next';
import { formatDateTime } from '@/lib/i18n/format.ts';
import { paths } from '@/lib/paths/paths.ts';
import type { ResourceListDeclaration, RowOf } from '@/shared/resource-list/index.ts';
import { RecordNameCell } from '@/shared/resource-list/record-name-cell.component.tsx';
import { SHORT_BANNER_LIFE_MS } from '@/shared/ui/banner.store.ts';
import { deleteDownload } from '../api/delete-download.api.ts';
import { deleteLabel } from '../api/delete-label.api.ts';
import { deletePropertyMap } from '../api/delete-property-map.api.ts';

type Tools = TFunction<'tools'>;
type Viewer = Pick<AuthUser, 'admin' | 'abilities'>;

const dateOf = (language: string | undefined) => (value: string) => formatDateTime(value, { locale: language });

/** Columns and list settings every tools list shares. */
function common(t: Tools, language: string | undefined) {
  const date = dateOf(language);
  return {
    views: ['table' as const],
    perPage: DEFAULT_PER_PAGE,
    emptyText: t('emptyList'),
    bannerLife: SHORT_BANNER_LIFE_MS,
    selectable: false,
    dates: [
      {
        id: 'created_at',
        header: t('columns.created'),
        cell: (row: { created_at: string }) => date(row.created_at),
        sortField: 'created_at',
      },
      {
        id: 'updated_at',
        header: t('columns.updated'),
        cell: (row: { updated_at: string }) => date(row.updated_at),
        sortField: 'updated_at',
      },
    ],
  };
}

type LabelRow = RowOf<typeof labelEndpoints.list>;

/** Tools → Labels (administration.md §2): name with its colour; Edit and Delete by permission. */
export function labelsListDeclaration(
  t: Tools,
  user: Viewer,
  language: string | undefined,
): ResourceListDeclaration<typeof labelEndpoints.list, LabelRow> {
  const { dates, ...shared } = common(t, language);
  const canEdit = hasPermission(user, 'update-labels');
  return {
    ...shared,
    id: 'tools-labels',
    endpoint: labelEndpoints.list,
    resource: 'labels',
    rowId: (row) => row.id,
    rowLabel: (row) => row.name,
    label: t('labels.listLabel'),
    loadingText: t('labels.loading'),
    defaultSort: ADMIN_DEFAULT_SORTS.list,
    columns: [
      {
        id: 'name',
        header: t('columns.name'),
        cell: (row) => (
          <Group gap="xs" wrap="nowrap">
            <ColorSwatch color={row.color} size={16} aria-hidden />
            <RecordNameCell name={row.name} to={canEdit ? paths.tools.labels.edit(row.id) : null} />
          </Group>
        ),
        sortField: 'name',
      },
      { id: 'color', header: t('columns.color'), cell: (row) => row.color, sortField: 'color' },
      ...dates,
    ],
    rowActions: [
      {
        id: 'edit',
        label: t('actions.edit'),
        permission: 'update-labels',
        to: (row) => paths.tools.labels.edit(row.id),
      },
      {
        id: 'delete',
        label: t('actions.delete'),
        permission: 'delete-labels',
        danger: true,
        confirmLabel: t('actions.delete'),
        color: 'red',
        confirm: () => t('labels.confirmDelete'),
        onClick: async (row) => {
          const answer = await deleteLabel(row.id);
          return { success: t('labels.deleted', { name: answer.label_name }) };
        },
      },
    ],
  };
}

type PropertyMapRow = RowOf<typeof propertyMapEndpoints.list>;

/** Tools → Property maps (hatch; administration.md §2), sorted -name by default (§9). */
export function propertyMapsListDeclaration(
  t: Tools,
  user: Viewer,
  language: string | undefined,
): ResourceListDeclaration<typeof propertyMapEndpoints.list, PropertyMapRow> {
  const { dates, ...shared } = common(t, language);
  const canEdit = hasPermission(user, 'update-property-maps');
  return {
    ...shared,
    id: 'tools-property-maps',
    endpoint: propertyMapEndpoints.list,
    resource: 'property-maps',
    rowId: (row) => row.id,
    rowLabel: (row) => row.name,
    label: t('propertyMaps.listLabel'),
    loadingText: t('propertyMaps.loading'),
    defaultSort: ADMIN_DEFAULT_SORTS.propertyMaps,
    columns: [
      {
        id: 'name',
        header: t('columns.name'),
        cell: (row) => <RecordNameCell name={row.name} to={canEdit ? paths.tools.propertyMaps.edit(row.id) : null} />,
        sortField: 'name',
      },
      ...dates,
    ],
    rowActions: [
      {
        id: 'edit',
        label: t('actions.edit'),
        permission: 'update-property-maps',
        to: (row) => paths.tools.propertyMaps.edit(row.id),
      },
      {
        id: 'delete',
        label: t('actions.delete'),
        permission: 'delete-property-maps',
        danger: true,
        confirmLabel: t('actions.delete'),
        color: 'red',
        confirm: () => t('propertyMaps.confirmDelete'),
        onClick: async (row) => {
          const answer = await deletePropertyMap(row.id);
          return { success: t('propertyMaps.deleted', { name: answer.property_map_name }) };
        },
      },
    ],
  };
}

type DownloadRow = RowOf<typeof downloadEndpoints.list>;

/** The file's address: the server answers it as an attachment named `name.extension`. */
export const downloadUrl = (id: number) => endpointUrl(downloadEndpoints.download, { params: { id } });

/**
 * Tools → Downloads (administration.md §2, §6): everyone with list-downloads gets Download;
 * admins also Edit and Delete.
 */
export function downloadsListDeclaration(
  t: Tools,
  user: Viewer,
  language: string | undefined,
): ResourceListDeclaration<typeof downloadEndpoints.list, DownloadRow> {
  const { dates, ...shared } = common(t, language);
  const admin = user.admin;
  return {
    ...shared,
    id: 'tools-downloads',
    endpoint: downloadEndpoints.list,
    resource: 'downloads',
    rowId: (row) => row.id,
    rowLabel: (row) => `${row.name}.${row.extension}`,
    label: t('downloads.listLabel'),
    loadingText: t('downloads.loading'),
    defaultSort: ADMIN_DEFAULT_SORTS.list,
    columns: [
      {
        id: 'name',
        header: t('columns.name'),
        cell: (row) => <RecordNameCell name={row.name} to={admin ? paths.tools.downloads.edit(row.id) : null} />,
        sortField: 'name',
      },
      { id: 'extension', header: t('columns.extension'), cell: (row) => row.extension, sortField: 'extension' },
      ...dates,
    ],
    rowActions: [
      {
        id: 'download',
        label: t('actions.download'),
        onClick: (row) => startDownload(downloadUrl(row.id)),
      },
      { id: 'edit', label: t('actions.edit'), hidden: () => !admin, to: (row) => paths.tools.downloads.edit(row.id) },
      {
        id: 'delete',
        label: t('actions.delete'),
        hidden: () => !admin,
        danger: true,
        confirmLabel: t('actions.delete'),
        color: 'red',
        confirm: () => t('downloads.confirmDelete'),
        onClick: async (row) => {
          const answer = await deleteDownload(row.id);
          return { success: t('downloads.deleted', { name: answer.download_name }) };
        },
      },
    ],
  };
}

/** Lets the browser fetch the file with the session cookie and save it under the server's name. */
function startDownload(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  document.body.append(link);
  link.click();
  link.remove();
}
