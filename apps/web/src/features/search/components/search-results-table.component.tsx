import { Anchor, Badge, Card, ColorSwatch, Group, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { AuthUser, PlatformKey, SearchCategory, SearchResult } from '@meshport/contract';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formatDate, formatDateTime } from '@/lib/i18n/format.ts';
import { ReadOnlyTable, type ResourceColumn } from '@/shared/resource-list/index.ts';
import { rowTarget, viewAllTarget } from '../logic/search-targets.logic.ts';
import classes from './search.module.css';

/** The header of the secondary column: what `description` holds for the category. */
function secondaryHeader(category: SearchCategory): string {
  if (category === 'users') return 'columns.email';
  if (category === 'downloads') return 'columns.extension';
  if (category === 'labels') return 'columns.color';
  return 'columns.description';
}

function Secondary({ category, value }: { category: SearchCategory; value: string | null }) {
  if (!value) return null;
  if (category === 'labels') {
    return (
      <Group gap={6} wrap="nowrap">
        <ColorSwatch color={value} size={14} aria-hidden="true" />
        <Text size="sm">{value}</Text>
      </Group>
    );
  }
  return (
    <Text size="sm" c="dimmed" lineClamp={1}>
      {value}
    </Text>
  );
}

interface SearchResultsTableProps {
  category: SearchCategory;
  rows: SearchResult[] | undefined;
  user: Pick<AuthUser, 'admin' | 'abilities'>;
  platform: PlatformKey;
}

/** One category's results (up to 25) with its 'View All' row (shell.md §2), on the shared list table. */
export function SearchResultsTable({ category, rows, user, platform }: SearchResultsTableProps) {
  const { t, i18n } = useTranslation('search');
  const navigate = useNavigate();
  const headingId = useId();
  const viewAll = viewAllTarget(category, platform);
  const loading = rows === undefined;
  // A phone keeps the name and the date: the secondary text yields rather than pushing the table wider.
  const wide = useMediaQuery('(min-width: 48em)', undefined, { getInitialValueInEffect: false });
  const columns = useMemo<ResourceColumn<SearchResult>[]>(
    () => [
      {
        id: 'name',
        header: t('columns.name'),
        width: wide ? '40%' : undefined,
        cell: (row) => {
          const target = rowTarget(category, row, user);
          return target ? (
            <Anchor
              component={Link}
              to={target.to}
              state={target.state}
              onClick={(event) => event.stopPropagation()}
              fw={600}
              size="sm"
              className="touch-target"
            >
              {row.name}
            </Anchor>
          ) : (
            <Text fw={600} size="sm">
              {row.name}
            </Text>
          );
        },
      },
      ...(wide
        ? [
            {
              id: 'secondary',
              header: t(secondaryHeader(category)),
              cell: (row: SearchResult) => <Secondary category={category} value={row.description} />,
            },
          ]
        : []),
      {
        id: 'updated',
        header: t('columns.updated'),
        width: wide ? 200 : '1%',
        cell: (row) => (
          <Text component="time" dateTime={row.updated_at} size="sm" className={classes.nowrap}>
            {wide
              ? formatDateTime(row.updated_at, { locale: i18n.resolvedLanguage })
              : formatDate(row.updated_at, { locale: i18n.resolvedLanguage })}
          </Text>
        ),
      },
    ],
    [t, i18n.resolvedLanguage, category, user, wide],
  );

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby={headingId}>
      <Group gap="sm" mb="sm">
        <Title order={2} size="h4" id={headingId}>
          {t(`categories.${category}`)}
        </Title>
        {!loading && (
          <Badge variant="light" color="gray" c="dark" aria-label={t('resultCount', { count: rows.length })}>
            {rows.length}
          </Badge>
        )}
      </Group>
      <ReadOnlyTable
        rows={rows ?? []}
        columns={columns}
        getRowId={(row) => row.id}
        labelledBy={headingId}
        loading={loading}
        loadingRows={3}
        minWidth={wide ? 520 : 0}
        empty={
          <Text size="sm" c="dimmed">
            {t('noResults')}
          </Text>
        }
        onRowClick={(row) => {
          const target = rowTarget(category, row, user);
          if (target) void navigate(target.to, { state: target.state });
        }}
        rowClickable={(row) => rowTarget(category, row, user) !== null}
        footer={
          viewAll ? (
            <Anchor component={Link} to={viewAll} size="sm" fw={600} className="touch-target">
              {t('viewAll')}
            </Anchor>
          ) : (
            <Text size="sm" c="dimmed" fw={600}>
              {t('viewAll')}
            </Text>
          )
        }
      />
    </Card>
  );
}
