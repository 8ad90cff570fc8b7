import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '@/lib/i18n/format.ts';
import { paths } from '@/lib/paths/paths.ts';
import { ReadOnlyTable, type ResourceColumn, StatusBadge } from '@/shared/resource-list/index.ts';
import { PanelEmpty, QueryState, SkeletonRows } from '@/shared/ui/query-state.component.tsx';
import { type ProjectModelRow, useProjectModels } from '../api/get-project-models.api.ts';
import { type SubProject, useSubProjects } from '../api/get-sub-projects.api.ts';

/** The direct sub-projects of a project, each linking to its overview. */
export function SubProjectList({ projectId }: { projectId: number }) {
  const { t } = useTranslation('projects');
  const query = useSubProjects(projectId);
  const columns = useMemo<ResourceColumn<SubProject>[]>(
    () => [
      {
        id: 'name',
        header: t('columns.name'),
        cell: (row) => (
          <Anchor component={Link} to={paths.projects.overview(row.id)} fw={600}>
            {row.name}
          </Anchor>
        ),
      },
      {
        id: 'status',
        header: t('columns.status'),
        cell: (row) => <StatusBadge label={t(`status.${row.status}`)} color={row.status_color} />,
      },
      {
        id: 'modified',
        header: t('columns.modified'),
        cell: (row) => <Text size="sm">{formatDateTime(row.updated_at)}</Text>,
      },
    ],
    [t],
  );
  return (
    <Stack gap="xs" component="section" aria-label={t('related.subProjects')}>
      <Title order={3} size="h5">
        {t('related.subProjects')}
      </Title>
      <QueryState
        query={query}
        loading={<SkeletonRows rows={2} label={t('related.loadingSubProjects')} />}
        isEmpty={(rows) => rows.length === 0}
        empty={<PanelEmpty>{t('related.noSubProjects')}</PanelEmpty>}
      >
        {(rows) => (
          <ReadOnlyTable rows={rows} columns={columns} getRowId={(row) => row.id} label={t('related.subProjects')} />
        )}
      </QueryState>
    </Stack>
  );
}

/** The models of a project (GET /projects/models?filter[project]=id), each linking to its overview. */
export function ProjectModelList({ projectId, enabled = true }: { projectId: number; enabled?: boolean }) {
  const { t } = useTranslation('projects');
  const query = useProjectModels(projectId, enabled);
  // On a narrow screen the uploader gives way first, then the date, then the status (shown under the name).
  const columns = useMemo<ResourceColumn<ProjectModelRow>[]>(
    () => [
      {
        id: 'name',
        header: t('columns.name'),
        cell: (row) => (
          <Anchor component={Link} to={paths.projects.models.overview(row.id)} fw={600}>
            {row.name}
          </Anchor>
        ),
      },
      {
        id: 'status',
        header: t('columns.status'),
        cell: (row) => <StatusBadge label={t(`modelStatus.${row.status}`)} color={row.status_color} />,
      },
      {
        id: 'uploader',
        header: t('model.uploader'),
        cell: (row) => <Text size="sm">{row.uploader_name ?? t('model.unknown')}</Text>,
      },
      {
        id: 'modified',
        header: t('columns.modified'),
        priority: 2,
        cell: (row) => <Text size="sm">{formatDateTime(row.updated_at)}</Text>,
      },
    ],
    [t],
  );
  return (
    <Stack gap="xs" component="section" aria-label={t('related.models')}>
      <Title order={3} size="h5">
        {t('related.models')}
      </Title>
      {!enabled ? (
        <PanelEmpty>{t('related.modelsNotAllowed')}</PanelEmpty>
      ) : (
        <QueryState
          query={query}
          loading={<SkeletonRows rows={2} label={t('related.loadingModels')} />}
          isEmpty={(rows) => rows.length === 0}
          empty={<PanelEmpty>{t('related.noModels')}</PanelEmpty>}
        >
          {(rows) => (
            <ReadOnlyTable rows={rows} columns={columns} getRowId={(row) => row.id} label={t('related.models')} />
          )}
        </QueryState>
      )}
    </Stack>
  );
}
