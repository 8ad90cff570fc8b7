import { Anchor, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '@/lib/i18n/format.ts';
import { paths } from '@/lib/paths/paths.ts';
import { StatusBadge } from '@/shared/resource-list/status-badge.component.tsx';
import { PanelEmpty, QueryState, SkeletonRows } from '@/shared/ui/query-state.component.tsx';
import { useProjectModels } from '../api/get-project-models.api.ts';
import { useSubProjects } from '../api/get-sub-projects.api.ts';

/** The direct sub-projects of a project, each linking to its overview. */
export function SubProjectList({ projectId }: { projectId: number }) {
  const { t } = useTranslation('projects');
  const query = useSubProjects(projectId);
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
          <Table verticalSpacing="xs" aria-label={t('related.subProjects')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('columns.name')}</Table.Th>
                <Table.Th scope="col">{t('columns.status')}</Table.Th>
                <Table.Th scope="col">{t('columns.modified')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td>
                    <Anchor component={Link} to={paths.projects.overview(row.id)} fw={600}>
                      {row.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <StatusBadge label={t(`status.${row.status}`)} color={row.status_color} />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{formatDateTime(row.updated_at)}</Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </QueryState>
    </Stack>
  );
}

/** The models of a project (GET /projects/models?filter[project]=id), each linking to its overview. */
export function ProjectModelList({ projectId, enabled = true }: { projectId: number; enabled?: boolean }) {
  const { t } = useTranslation('projects');
  const query = useProjectModels(projectId, enabled);
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
            <Table verticalSpacing="xs" aria-label={t('related.models')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('columns.name')}</Table.Th>
                  <Table.Th scope="col">{t('columns.status')}</Table.Th>
                  <Table.Th scope="col">{t('model.uploader')}</Table.Th>
                  <Table.Th scope="col">{t('columns.modified')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.id}>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Anchor component={Link} to={paths.projects.models.overview(row.id)} fw={600}>
                          {row.name}
                        </Anchor>
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <StatusBadge label={t(`modelStatus.${row.status}`)} color={row.status_color} />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{row.uploader_name ?? t('model.unknown')}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{formatDateTime(row.updated_at)}</Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </QueryState>
      )}
    </Stack>
  );
}
