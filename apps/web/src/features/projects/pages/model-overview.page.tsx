import { Anchor, Button, Card, Grid, Stack, Text } from '@mantine/core';
import { hasPermission, type ProjectModel } from '@meshport/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../lib/api/api-client.ts';
import { paths } from '../../../lib/paths/paths.ts';
import { useCurrentUser } from '../../../lib/session/auth.context.ts';
import { useTenant } from '../../../lib/session/tenant.context.ts';
import { StatusBadge } from '../../../shared/resource-list/index.ts';
import { showBanner } from '../../../shared/ui/banner.store.ts';
import { BannerOutlet } from '../../../shared/ui/banner-outlet.component.tsx';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog.component.tsx';
import { Icon } from '../../../shared/ui/icons.component.tsx';
import { PanelError, SkeletonRows } from '../../../shared/ui/query-state.component.tsx';
import { useUndoAction } from '../../../shared/ui/undo-action.hook.ts';
import { restoreModel, useDeleteModel } from '../api/delete-model.api.ts';
import { useModel } from '../api/get-model.api.ts';
import { MetaList } from '../components/meta-list.component.tsx';
import { PageHeader } from '../components/page-header.component.tsx';
import { PreviewImage } from '../components/preview-image.component.tsx';
import { elapsedSeconds, formatElapsed } from '../logic/elapsed.logic.ts';
import { PROJECT_BANNER, PROJECTS_BANNER_SCOPE } from '../logic/project-banners.logic.ts';
import { idParam } from '../logic/route-params.logic.ts';

/** A running clock while the model is unfinished, else the fixed duration. */
function Elapsed({ model }: { model: ProjectModel }) {
  const { t } = useTranslation('projects');
  const running = model.started_at !== null && model.finished_at === null;
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => setNow(new Date()), 1000);
    return () => window.clearInterval(timer);
  }, [running]);
  const seconds = elapsedSeconds(model.started_at, model.finished_at, now);
  return <>{seconds === null ? t('model.notStarted') : formatElapsed(seconds)}</>;
}

function ModelOverview({ model }: { model: ProjectModel }) {
  const { t, i18n } = useTranslation('projects');
  const user = useCurrentUser();
  const { platform } = useTenant();
  const navigate = useNavigate();
  const remove = useDeleteModel();
  const undo = useUndoAction();
  const [confirming, setConfirming] = useState(false);
  const date = (value: string | null) =>
    value
      ? new Date(value).toLocaleString(i18n.resolvedLanguage, { dateStyle: 'medium', timeStyle: 'medium' })
      : t('model.never');
  const canDelete = platform === 'hatch' && hasPermission(user, 'update-project-models');

  const onDelete = async () => {
    try {
      const answer = await remove.mutateAsync(model.id);
      showBanner({
        kind: 'success',
        text: t('delete.done', { name: answer.model_name, status: t(`delete.status.${answer.status}`) }),
        scope: PROJECTS_BANNER_SCOPE,
        ...PROJECT_BANNER,
        action: undo([() => restoreModel(model.id)], ['models', 'projects']),
      });
      setConfirming(false);
      await navigate(paths.projects.overview(model.project_id));
    } catch (error) {
      setConfirming(false);
      const text = error instanceof ApiError && error.body.message ? error.body.message : t('delete.failed');
      showBanner({ kind: 'failure', text, scope: PROJECTS_BANNER_SCOPE, ...PROJECT_BANNER });
    }
  };

  return (
    <Stack gap="lg">
      <PageHeader
        title={model.name}
        subtitle={
          <>
            {t('model.inProject')}{' '}
            <Anchor component={Link} to={paths.projects.overview(model.project_id)} size="sm">
              {model.project_name}
            </Anchor>
          </>
        }
        back={{ to: paths.projects.overview(model.project_id), label: t('nav.backToProject') }}
        actions={
          canDelete && (
            <Button
              color="red"
              variant="light"
              onClick={() => setConfirming(true)}
              leftSection={<Icon name="trash" size={16} />}
            >
              {t('actions.delete')}
            </Button>
          )
        }
      />
      <BannerOutlet scope={PROJECTS_BANNER_SCOPE} />
      <Card withBorder radius="lg" padding="lg">
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 5 }}>
            <PreviewImage src={model.preview_image_url} name={model.name} height={260} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="lg">
              <Text size="sm">{model.description ?? t('overview.noDescription')}</Text>
              <MetaList
                items={[
                  {
                    term: t('columns.status'),
                    value: <StatusBadge label={t(`modelStatus.${model.status}`)} color={model.status_color} />,
                  },
                  {
                    term: t('model.project'),
                    value: (
                      <Anchor component={Link} to={paths.projects.overview(model.project_id)} size="sm">
                        {model.project_name}
                      </Anchor>
                    ),
                  },
                  { term: t('model.started'), value: date(model.started_at) },
                  { term: t('model.finished'), value: date(model.finished_at) },
                  { term: t('model.elapsed'), value: <Elapsed model={model} /> },
                  { term: t('model.uploader'), value: model.uploader_name ?? t('model.unknown') },
                  { term: t('model.latestEvent'), value: model.latest_geometry_event.message ?? t('model.noEvent') },
                  { term: t('columns.created'), value: date(model.created_at) },
                  { term: t('columns.modified'), value: date(model.updated_at) },
                ]}
              />
            </Stack>
          </Grid.Col>
        </Grid>
      </Card>
      <ConfirmDialog
        opened={confirming}
        title={t('model.deleteTitle')}
        text={t('model.deleteConfirm', { name: model.name })}
        confirmLabel={t('actions.delete')}
        danger
        loading={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void onDelete()}
      />
    </Stack>
  );
}

/** /projects/models/overview/{modelId}: preview, processing metadata and the model's project. */
export function ModelOverviewPage() {
  const { t } = useTranslation('projects');
  const id = idParam(useParams().modelId);
  const query = useModel(id ?? 0, id !== null);
  if (id === null) throw new ApiError(404, { message: 'No such model.' });
  if (query.isPending) return <SkeletonRows rows={6} height={36} label={t('model.loading')} />;
  if (query.isError) {
    if (query.error instanceof ApiError && (query.error.status === 403 || query.error.status === 404))
      throw query.error;
    return <PanelError error={query.error} onRetry={() => void query.refetch()} />;
  }
  return <ModelOverview model={query.data} />;
}
