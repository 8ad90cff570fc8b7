import { ActionIcon, Anchor, Button, Stack, Text, Title, Tooltip } from '@mantine/core';
import { hasPermission, PROJECT_LIST_PER_PAGE, projectEndpoints, RECORD_STATUSES } from '@meshport/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { restoreProject } from '@/lib/api/resources/projects/restore-project.api.ts';
import { formatDateTime } from '@/lib/i18n/format.ts';
import { paths } from '@/lib/paths/paths.ts';
import { useCurrentUser } from '@/lib/session/auth.context.ts';
import { useTenant } from '@/lib/session/tenant.context.ts';
import { ResourceList, type ResourceListDeclaration, type RowOf } from '@/shared/resource-list/index.ts';
import { showBanner } from '@/shared/ui/banner.store.ts';
import { Icon } from '@/shared/ui/icons.component.tsx';
import { useUndoAction } from '@/shared/ui/undo-action.hook.ts';
import { deleteProject } from '../api/delete-project.api.ts';
import { FavoriteStar } from '../components/favorite-star.component.tsx';
import { LabelBadges } from '../components/label-badges.component.tsx';
import { ProjectMembers } from '../components/project-members.component.tsx';
import { PROJECT_DELETE_BANNER, PROJECTS_BANNER_SCOPE } from '../logic/project-banners.logic.ts';

type ProjectRow = RowOf<typeof projectEndpoints.list>;

/**
 * /projects (content.md §2): the project table, 5 per page; New Project with create-projects;
 * Duplicate, Edit and Delete per row by permission; labels with a '+' to tab 5 of the form; on
 * customerportal the favourite star, favourites first (the server's order there).
 */
export function ProjectsPage() {
  const { t, i18n } = useTranslation('projects');
  const user = useCurrentUser();
  const { platform } = useTenant();
  const favorites = platform === 'customerportal';
  const canCreate = hasPermission(user, 'create-projects');
  const canUpdate = hasPermission(user, 'update-projects');
  const undo = useUndoAction();

  const list = useMemo((): ResourceListDeclaration<typeof projectEndpoints.list, ProjectRow> => {
    const date = (value: string) => formatDateTime(value, { locale: i18n.resolvedLanguage });
    return {
      id: 'projects',
      endpoint: projectEndpoints.list,
      resource: 'projects',
      alsoRefreshes: ['models'],
      rowId: (row) => row.id,
      rowLabel: (row) => row.name,
      views: ['table'],
      columns: [
        ...(favorites
          ? [
              {
                id: 'favorite',
                header: t('columns.favorite'),
                width: 56,
                priority: 1 as const,
                cell: (row: ProjectRow) => <FavoriteStar id={row.id} name={row.name} favorited={row.is_favorited} />,
              },
            ]
          : []),
        {
          id: 'name',
          header: t('columns.name'),
          sortField: 'name',
          cell: (row) => (
            <Stack gap={6}>
              <Anchor component={Link} to={paths.projects.overview(row.id)} fw={600}>
                {row.name}
              </Anchor>
              <LabelBadges
                labels={row.labels ?? []}
                after={
                  canUpdate && (
                    <Tooltip label={t('labels.add')} withArrow openDelay={300}>
                      <ActionIcon
                        component={Link}
                        to={paths.projects.edit(row.id, 5)}
                        size="sm"
                        variant="light"
                        radius="xl"
                        aria-label={t('labels.addTo', { name: row.name })}
                      >
                        <Icon name="plus" size={14} />
                      </ActionIcon>
                    </Tooltip>
                  )
                }
              />
            </Stack>
          ),
        },
        {
          id: 'description',
          header: t('columns.description'),
          cell: (row) => (
            <Text size="sm" c="dimmed" lineClamp={2} title={row.description ?? undefined}>
              {row.description ?? ''}
            </Text>
          ),
        },
        {
          id: 'created',
          header: t('columns.created'),
          sortField: 'created_at',
          cell: (row) => (
            <Text component="time" dateTime={row.created_at} size="sm" style={{ whiteSpace: 'nowrap' }}>
              {date(row.created_at)}
            </Text>
          ),
        },
        {
          id: 'modified',
          header: t('columns.modified'),
          sortField: 'updated_at',
          priority: 2,
          cell: (row) => (
            <Text component="time" dateTime={row.updated_at} size="sm" style={{ whiteSpace: 'nowrap' }}>
              {date(row.updated_at)}
            </Text>
          ),
        },
        { id: 'users', header: t('columns.users'), cell: (row) => <ProjectMembers users={row.users ?? []} /> },
      ],
      filters: [
        {
          name: 'status',
          label: t('filters.status'),
          kind: 'select',
          options: RECORD_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) })),
        },
        {
          name: 'label',
          label: t('filters.label'),
          kind: 'multiselect',
          options: (page) =>
            (page?.meta_data?.filters.labels ?? []).map((label) => ({ value: String(label.id), label: label.name })),
        },
      ],
      defaultSort: '-updated_at',
      perPage: PROJECT_LIST_PER_PAGE,
      emptyText: t('empty'),
      label: t('list.label'),
      rowActions: [
        {
          id: 'duplicate',
          label: t('actions.duplicate'),
          permission: 'create-projects',
          to: (row) => paths.projects.copy(row.id),
        },
        {
          id: 'edit',
          label: t('actions.edit'),
          permission: 'update-projects',
          to: (row) => paths.projects.edit(row.id),
        },
        {
          id: 'delete',
          label: t('actions.delete'),
          permission: 'delete-projects',
          color: 'red',
          danger: true,
          confirm: (row) => t('delete.confirm', { name: row.name }),
          confirmLabel: t('actions.delete'),
          onClick: async (row) => {
            const answer = await deleteProject(row.id);
            showBanner({
              kind: 'success',
              text: t('delete.done', { name: answer.project_name, status: t(`delete.status.${answer.status}`) }),
              scope: PROJECTS_BANNER_SCOPE,
              ...PROJECT_DELETE_BANNER,
              action: undo([() => restoreProject(row.id)], ['projects', 'models']),
            });
            return undefined;
          },
        },
      ],
    };
  }, [t, i18n.resolvedLanguage, favorites, canUpdate, undo]);

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t('list.title')}
      </Title>
      <ResourceList
        list={list}
        toolbar={
          canCreate && (
            <Button component={Link} to={paths.projects.create()} leftSection={<Icon name="plus" size={16} />}>
              {t('actions.new')}
            </Button>
          )
        }
      />
    </Stack>
  );
}
