import { Badge, Card, Table, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths, routeExists } from '../../../lib/paths/paths.ts';
import { PanelEmpty, QueryState, SkeletonRows } from '../../../shared/ui/query-state.component.tsx';
import { RECENT_PROJECTS_TABLE, useRecentProjects } from '../api/get-recent-projects.api.ts';
import classes from './dashboard.module.css';

/** The 25 most recently updated projects (shell.md §2, §9). */
export function RecentProjectsTable() {
  const { t, i18n } = useTranslation('dashboard');
  const headingId = useId();
  const query = useRecentProjects(RECENT_PROJECTS_TABLE);
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId} mb="md">
        {t('table.title')}
      </Title>
      <QueryState
        query={query}
        loading={<SkeletonRows rows={6} height={28} label={t('table.loading')} />}
        isEmpty={(projects) => projects.length === 0}
        empty={<PanelEmpty>{t('table.empty')}</PanelEmpty>}
      >
        {(projects) => (
          <Table.ScrollContainer minWidth={560}>
            <Table striped highlightOnHover verticalSpacing="sm" aria-labelledby={headingId}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('table.name')}</Table.Th>
                  <Table.Th scope="col">{t('table.description')}</Table.Th>
                  <Table.Th scope="col">{t('table.status')}</Table.Th>
                  <Table.Th scope="col">{t('table.updated')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {projects.map((project) => {
                  const path = paths.projects.overview(project.id);
                  return (
                    <Table.Tr key={project.id}>
                      <Table.Td fw={600}>
                        {routeExists(path) ? <Link to={path}>{project.name}</Link> : project.name}
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" c="dimmed" lineClamp={1}>
                          {project.description ?? ''}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        {project.status && (
                          <Badge variant="dot" color={project.status_color} c="dark" miw="fit-content">
                            {t(`status.${project.status}`)}
                          </Badge>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Text component="time" dateTime={project.updated_at} size="sm" className={classes.nowrap}>
                          {new Date(project.updated_at).toLocaleString(i18n.resolvedLanguage, {
                            dateStyle: 'medium',
                            timeStyle: 'short',
                          })}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </QueryState>
    </Card>
  );
}
