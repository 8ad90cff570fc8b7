import { ActionIcon, Anchor, Button, Card, Grid, Stack, Text, Tooltip } from '@mantine/core';
import { hasPermission, type Project } from '@meshport/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '@/lib/api/api-client.ts';
import { restoreProject } from '@/lib/api/resources/projects/restore-project.api.ts';
import { formatDateTime } from '@/lib/i18n/format.ts';
import { paths } from '@/lib/paths/paths.ts';
import { useCurrentUser } from '@/lib/session/auth.context.ts';
import { useTenant } from '@/lib/session/tenant.context.ts';
import { StatusBadge } from '@/shared/resource-list/index.ts';
import { showBanner } from '@/shared/ui/banner.store.ts';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog.component.tsx';
import { Icon } from '@/shared/ui/icons.component.tsx';
import { PanelError, SkeletonRows } from '@/shared/ui/query-state.component.tsx';
import { useUndoAction } from '@/shared/ui/undo-action.hook.ts';
import { useDeleteProject } from '../api/delete-project.api.ts';
import { useProject } from '../api/get-project.api.ts';
import { DesignList } from '../components/design-list.component.tsx';
import { FavoriteStar } from '../components/favorite-star.component.tsx';
import { LabelBadges } from '../components/label-badges.component.tsx';
import { MetaList } from '../components/meta-list.component.tsx';
import { PageHeader } from '../components/page-header.component.tsx';
import { PreviewImage } from '../components/preview-image.component.tsx';
import { ProjectModelList, SubProjectList } from '../components/project-related.component.tsx';
import { PROJECT_BANNER, PROJECT_DELETE_BANNER, PROJECTS_BANNER_SCOPE } from '../logic/project-banners.logic.ts';
import { idParam } from '../logic/route-params.logic.ts';

function Overview({ project }: { project: Project }) {
  const { t } = useTranslation('projects');
  const user = useCurrentUser();
  const { platform } = useTenant();
  const navigate = useNavigate();
  const remove = useDeleteProject();
  const undo = useUndoAction();
  const [confirming, setConfirming] = useState(false);
  const may = (permission: string) => hasPermission(user, permission);
  const parent = useProject(project.parent_id);

  const onDelete = async () => {
    try {
      const answer = await remove.mutateAsync(project.id);
      setConfirming(false);
      showBanner({
        kind: 'success',
        text: t('delete.done', { name: answer.project_name, status: t(`delete.status.${answer.status}`) }),
        scope: PROJECTS_BANNER_SCOPE,
        ...PROJECT_DELETE_BANNER,
        action: undo([() => restoreProject(project.id)], ['projects', 'models']),
      });
      await navigate(project.parent_id ? paths.projects.overview(project.parent_id) : paths.projects.list());
    } catch (error) {
      setConfirming(false);
      const text = error instanceof ApiError && error.body.message ? error.body.message : t('delete.failed');
      showBanner({ kind: 'failure', text, scope: PROJECTS_BANNER_SCOPE, ...PROJECT_BANNER });
    }
  };

  return (
    <Stack gap="lg">
      <PageHeader
        title={project.name}
        subtitle={
          project.parent_id &&
          (parent.data ? (
            <>
              {t('overview.subProjectOf')}{' '}
              <Anchor component={Link} to={paths.projects.overview(project.parent_id)} size="sm" underline="always">
                {parent.data.name}
              </Anchor>
            </>
          ) : null)
        }
        back={{ to: paths.projects.list(), label: t('nav.backToList') }}
        actions={
          <>
            {platform === 'customerportal' && (
              <FavoriteStar id={project.id} name={project.name} favorited={project.is_favorited} />
            )}
            {may('update-projects') && (
              <Button
                component={Link}
                to={paths.projects.edit(project.id)}
                leftSection={<Icon name="edit" size={16} />}
              >
                {t('actions.edit')}
              </Button>
            )}
            {may('update-projects') && (
              <Button
                component={Link}
                to={paths.projects.manage(project.id)}
                variant="default"
                leftSection={<Icon name="users" size={16} />}
              >
                {t('actions.manage')}
              </Button>
            )}
            {may('create-project-models') && platform === 'hatch' && (
              <Button
                component={Link}
                to={paths.projects.models.create(project.id)}
                variant="default"
                leftSection={<Icon name="upload" size={16} />}
              >
                {t('actions.newModel')}
              </Button>
            )}
            {may('create-projects') && platform === 'hatch' && (
              <Button
                component={Link}
                to={paths.projects.createSub(project.id)}
                variant="default"
                leftSection={<Icon name="plus" size={16} />}
              >
                {t('actions.newSub')}
              </Button>
            )}
            {may('create-projects') && (
              <Button
                component={Link}
                to={paths.projects.copy(project.id)}
                variant="default"
                leftSection={<Icon name="copy" size={16} />}
              >
                {t('actions.duplicate')}
              </Button>
            )}
            {may('delete-projects') && (
              <Button
                color="red"
                variant="light"
                onClick={() => setConfirming(true)}
                leftSection={<Icon name="trash" size={16} />}
              >
                {t('actions.delete')}
              </Button>
            )}
          </>
        }
      />
      <Card withBorder radius="lg" padding="lg">
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 5 }}>
            <PreviewImage src={project.preview_image} name={project.name} height={260} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="lg">
              <Text size="sm">{project.description ?? t('overview.noDescription')}</Text>
              <MetaList
                items={[
                  {
                    term: t('columns.status'),
                    value: <StatusBadge label={t(`status.${project.status}`)} color={project.status_color} />,
                  },
                  { term: t('columns.created'), value: formatDateTime(project.created_at) },
                  { term: t('columns.modified'), value: formatDateTime(project.updated_at) },
                  {
                    term: t('columns.users'),
                    value: project.users.length
                      ? project.users.map((member) => member.name).join(', ')
                      : t('members.none'),
                  },
                ]}
              />
              <Stack gap={6}>
                <Text size="xs" c="dimmed" tt="uppercase" fw={600} component="h2" m={0}>
                  {t('form.labels')}
                </Text>
                <LabelBadges
                  labels={project.labels}
                  after={
                    <>
                      {project.labels.length === 0 && (
                        <Text size="sm" c="dimmed">
                          {t('labels.none')}
                        </Text>
                      )}
                      {may('update-projects') && (
                        <Tooltip label={t('labels.add')} withArrow openDelay={300}>
                          <ActionIcon
                            component={Link}
                            to={paths.projects.edit(project.id, 5)}
                            size="sm"
                            variant="light"
                            radius="xl"
                            aria-label={t('labels.addTo', { name: project.name })}
                          >
                            <Icon name="plus" size={14} />
                          </ActionIcon>
                        </Tooltip>
                      )}
                    </>
                  }
                />
              </Stack>
            </Stack>
          </Grid.Col>
        </Grid>
      </Card>
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="xl">
          <SubProjectList projectId={project.id} />
          <ProjectModelList projectId={project.id} enabled={may('list-project-models')} />
        </Stack>
      </Card>
      {may('view-designs') && (
        <Card withBorder radius="lg" padding="lg">
          <DesignList projectId={project.id} />
        </Card>
      )}
      <ConfirmDialog
        opened={confirming}
        title={t('delete.title')}
        text={t('delete.confirm', { name: project.name })}
        confirmLabel={t('actions.delete')}
        danger
        loading={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void onDelete()}
      />
    </Stack>
  );
}

/** /projects/overview/{projectId}: preview, metadata, labels, members, sub-projects and models. */
export function ProjectOverviewPage() {
  const { t } = useTranslation('projects');
  const id = idParam(useParams().projectId);
  const query = useProject(id);
  if (id === null) throw new ApiError(404, { message: 'No such project.' });
  if (query.isPending) return <SkeletonRows rows={6} height={36} label={t('overview.loading')} />;
  if (query.isError) {
    if (query.error instanceof ApiError && (query.error.status === 403 || query.error.status === 404))
      throw query.error;
    return <PanelError error={query.error} onRetry={() => void query.refetch()} />;
  }
  return <Overview project={query.data} />;
}
