import { Anchor, Card, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate, formatDateTime } from '@/lib/i18n/format.ts';
import { paths, routeExists } from '@/lib/paths/paths.ts';
import { ReadOnlyTable, type ResourceColumn, StatusBadge } from '@/shared/resource-list/index.ts';
import { PanelEmpty, PanelError, SkeletonRows } from '@/shared/ui/query-state.component.tsx';
import { RECENT_PROJECTS_TABLE, type RecentProject, useRecentProjects } from '../api/get-recent-projects.api.ts';
import classes from './dashboard.module.css';

/** The 25 most recently updated projects (shell.md §2, §9), on the shared list table. */
export function RecentProjectsTable() {
  const { t, i18n } = useTranslation('dashboard');
  const headingId = useId();
  const query = useRecentProjects(RECENT_PROJECTS_TABLE);
  // On a phone the description yields and the date drops its time, so the table fits without scrolling.
  const wide = useMediaQuery('(min-width: 48em)', undefined, { getInitialValueInEffect: false });
  const columns = useMemo<ResourceColumn<RecentProject>[]>(
    () => [
      {
        id: 'name',
        header: t('table.name'),
        cell: (project) => {
          const path = paths.projects.overview(project.id);
          return routeExists(path) ? (
            <Anchor component={Link} to={path} fw={600} size="sm" className="touch-target">
              {project.name}
            </Anchor>
          ) : (
            <Text fw={600} size="sm">
              {project.name}
            </Text>
          );
        },
      },
      ...(wide
        ? [
            {
              id: 'description',
              header: t('table.description'),
              cell: (project: RecentProject) => (
                <Text size="sm" c="dimmed" lineClamp={1}>
                  {project.description ?? ''}
                </Text>
              ),
            },
          ]
        : []),
      {
        id: 'status',
        header: t('table.status'),
        // As wide as its badge: never cut to 'ARCHI…'.
        width: '1%',
        cell: (project) =>
          project.status ? <StatusBadge label={t(`status.${project.status}`)} color={project.status_color} /> : null,
      },
      {
        id: 'updated',
        header: t('table.updated'),
        width: '1%',
        cell: (project) => (
          <Text component="time" dateTime={project.updated_at} size="sm" className={classes.nowrap}>
            {wide
              ? formatDateTime(project.updated_at, { locale: i18n.resolvedLanguage })
              : formatDate(project.updated_at, { locale: i18n.resolvedLanguage })}
          </Text>
        ),
      },
    ],
    [t, i18n.resolvedLanguage, wide],
  );
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId} mb="md">
        {t('table.title')}
      </Title>
      {query.isPending ? (
        <SkeletonRows rows={6} height={28} label={t('table.loading')} />
      ) : query.isError ? (
        <PanelError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <ReadOnlyTable
          rows={query.data}
          columns={columns}
          getRowId={(project) => project.id}
          labelledBy={headingId}
          empty={<PanelEmpty>{t('table.empty')}</PanelEmpty>}
          striped
          minWidth={wide ? undefined : 0}
        />
      )}
    </Card>
  );
}
