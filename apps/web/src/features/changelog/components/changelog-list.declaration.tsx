import { Group, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import {
  ADMIN_DEFAULT_SORTS,
  type ChangelogItem,
  changelogEndpoints,
  DEFAULT_PER_PAGE,
  ENVIRONMENTS,
} from '@meshport/contract';
import type { TFunction } from 'i18next';
import { formatDateTime } from '@/lib/i18n/format.ts';
import { paths } from '@/lib/paths/paths.ts';
import type { ResourceListDeclaration } from '@/shared/resource-list/index.ts';
import { SHORT_BANNER_LIFE_MS } from '@/shared/ui/banner.store.ts';
import { ChangelogTypeBadge } from '@/shared/ui/changelog-entry.component.tsx';
import { Icon } from '@/shared/ui/icons.component.tsx';
import { deleteChangelogItem } from '../api/delete-changelog-item.api.ts';
import { environmentDate, shortDate } from '../logic/changelog-form.logic.ts';
import classes from './changelog.module.css';

type Declaration = ResourceListDeclaration<typeof changelogEndpoints.list, ChangelogItem>;

function Environments({ item, t }: { item: ChangelogItem; t: TFunction<'maintenance'> }) {
  return (
    <Stack gap={2}>
      {ENVIRONMENTS.map((environment) => {
        const date = environmentDate(item, environment);
        const name = t(`changelog.environments.${environment}`);
        return (
          <Group key={environment} gap={6} wrap="nowrap">
            <Text span c={date ? 'green' : 'red'} lh={1} aria-hidden>
              <Icon name={date ? 'check' : 'x'} size={14} />
            </Text>
            <Text span size="sm">
              {name}
              {date && (
                <Text span size="xs" c="dimmed" ml={6} style={{ whiteSpace: 'nowrap' }}>
                  {shortDate(date)}
                </Text>
              )}
            </Text>
            <VisuallyHidden>{date ? t('changelog.on') : t('changelog.off')}</VisuallyHidden>
          </Group>
        );
      })}
    </Stack>
  );
}

/**
 * Admin → Changelog items (administration.md §2). The description opens the detail modal (the
 * row click of the spec, reachable by keyboard); the row menu edits or deletes.
 */
export function changelogListDeclaration(
  t: TFunction<'maintenance'>,
  language: string | undefined,
  open: (item: ChangelogItem) => void,
): Declaration {
  const dateTime = (value: string) =>
    formatDateTime(value, { dateStyle: 'short', timeStyle: 'short', locale: language });
  return {
    id: 'admin-changelog',
    endpoint: changelogEndpoints.list,
    resource: 'changelog',
    rowId: (row) => row.id,
    rowLabel: (row) => row.description,
    views: ['table'],
    columns: [
      {
        id: 'type',
        header: t('changelog.columns.type'),
        cell: (row) => <ChangelogTypeBadge type={row.type} />,
        width: 1,
      },
      {
        id: 'description',
        header: t('changelog.columns.description'),
        sortField: 'description',
        cell: (row) => (
          <UnstyledButton onClick={() => open(row)} aria-haspopup="dialog" className={classes.description}>
            <Text size="sm" lineClamp={2}>
              {row.description}
            </Text>
          </UnstyledButton>
        ),
      },
      {
        id: 'environments',
        header: t('changelog.columns.environments'),
        cell: (row) => <Environments item={row} t={t} />,
      },
      {
        id: 'screenshot',
        header: t('changelog.columns.screenshot'),
        cell: (row) => (row.screenshot ? t('changelog.yes') : t('changelog.no')),
        width: 1,
      },
      {
        id: 'created',
        header: t('changelog.columns.created'),
        cell: (row) => dateTime(row.created_at),
        sortField: 'created_at',
      },
      {
        id: 'modified',
        header: t('changelog.columns.modified'),
        cell: (row) => dateTime(row.updated_at),
        sortField: 'updated_at',
      },
    ],
    sorts: [
      { value: '-created_at', label: t('changelog.sorts.newest') },
      { value: 'created_at', label: t('changelog.sorts.oldest') },
      { value: '-updated_at', label: t('changelog.sorts.modifiedLatest') },
      { value: 'description', label: t('changelog.sorts.description') },
    ],
    defaultSort: ADMIN_DEFAULT_SORTS.changelog,
    perPage: DEFAULT_PER_PAGE,
    emptyText: t('emptyList'),
    label: t('changelog.listLabel'),
    loadingText: t('changelog.loading'),
    bannerLife: SHORT_BANNER_LIFE_MS,
    selectable: false,
    rowActions: [
      { id: 'edit', label: t('actions.edit'), to: (row) => paths.admin.changelog.edit(row.id) },
      {
        id: 'delete',
        label: t('actions.delete'),
        danger: true,
        color: 'red',
        confirmLabel: t('actions.delete'),
        confirm: () => t('changelog.confirmDelete'),
        onClick: async (row) => {
          await deleteChangelogItem(row.id);
          return { success: t('changelog.deleted') };
        },
      },
    ],
  };
}
