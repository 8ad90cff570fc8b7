import { Alert, Anchor, Button, Card, Grid, Group, Stack, Text, Title } from '@mantine/core';
import {
  type DesignRow,
  endpointUrl,
  hasPermission,
  type MaterialSlot,
  type ProjectModel,
  projectModelEndpoints,
} from '@meshport/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError } from '@/lib/api/api-client.ts';
import { useDeleteModel } from '@/lib/api/resources/models/delete-model.api.ts';
import { restoreModel } from '@/lib/api/resources/models/restore-model.api.ts';
import { formatDateTime, formatElapsed } from '@/lib/i18n/format.ts';
import { processingMessage } from '@/lib/i18n/processing-message.ts';
import { paths } from '@/lib/paths/paths.ts';
import { useCurrentUser } from '@/lib/session/auth.context.ts';
import { useTenant } from '@/lib/session/tenant.context.ts';
import { StatusBadge } from '@/shared/resource-list/index.ts';
import { showBanner, TOAST_DELAY_MS } from '@/shared/ui/banner.store.ts';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog.component.tsx';
import { elapsedMs } from '@/shared/ui/elapsed.logic.ts';
import { Icon } from '@/shared/ui/icons.component.tsx';
import { PanelError, SkeletonRows } from '@/shared/ui/query-state.component.tsx';
import { useUndoAction } from '@/shared/ui/undo-action.hook.ts';
import { useNow } from '@/shared/ui/use-now.hook.ts';
import {
  GeometryEvents,
  ProcessingDownloads,
  ProcessingFigures,
  ProcessingRunButtons,
  RecordViewer,
  useGeometryEvents,
  useLiveProcessing,
} from '@/shared/viewer/index.ts';
import { useDesign } from '../api/get-design.api.ts';
import { useMaterialSlots } from '../api/get-material-slots.api.ts';
import { type ModelRecord, useModel } from '../api/get-model.api.ts';
import { useUpdateDesign } from '../api/update-design.api.ts';
import { MaterialConfigurator } from '../components/material-configurator.component.tsx';
import { MaterialSlotsForm } from '../components/material-slots-form.component.tsx';
import { MetaList } from '../components/meta-list.component.tsx';
import { PageHeader } from '../components/page-header.component.tsx';
import { SaveDesignDialog } from '../components/save-design-dialog.component.tsx';
import { ShareLinkDialog } from '../components/share-link-dialog.component.tsx';
import { choiceDiffers, choicesToSave, designChoice } from '../logic/design-choice.logic.ts';
import { configurableSlots, defaultChoice, finishesOf, type MaterialChoice } from '../logic/material-choice.logic.ts';
import { PROJECT_BANNER, PROJECTS_BANNER_SCOPE } from '../logic/project-banners.logic.ts';
import { idParam } from '../logic/route-params.logic.ts';

/** A running clock while the model is unfinished, else the fixed duration. */
function Elapsed({ model }: { model: ProjectModel }) {
  const { t } = useTranslation('projects');
  const now = useNow(model.started_at !== null && model.finished_at === null);
  const ms = elapsedMs(model.started_at, model.finished_at, now);
  return <>{ms === null ? t('model.notStarted') : formatElapsed(ms)}</>;
}

/** "Save as design" (create-designs) and, for an opened design, "Save changes" (update-designs). */
function DesignButtons({
  model,
  design,
  slots,
  choice,
  saved,
}: {
  model: ModelRecord;
  design: DesignRow | null;
  slots: readonly MaterialSlot[];
  choice: MaterialChoice;
  saved: MaterialChoice | null;
}) {
  const { t } = useTranslation('projects');
  const user = useCurrentUser();
  const [, setSearch] = useSearchParams();
  const [naming, setNaming] = useState(false);
  const update = useUpdateDesign(design?.id ?? 0);
  const canCreate = hasPermission(user, 'create-designs');
  const canUpdate = design !== null && hasPermission(user, 'update-designs');
  if (!canCreate && !canUpdate) return null;
  const saveChanges = async () => {
    try {
      await update.mutateAsync({ choices: choicesToSave(slots, choice) });
      showBanner({ kind: 'success', text: t('designs.updated', { name: design?.name }), delay: TOAST_DELAY_MS });
    } catch (error) {
      const text = error instanceof ApiError && error.body.message ? error.body.message : t('designs.saveFailed');
      showBanner({ kind: 'failure', text, scope: PROJECTS_BANNER_SCOPE, ...PROJECT_BANNER });
    }
  };
  return (
    <Group>
      {canUpdate && (
        <Button
          onClick={() => void saveChanges()}
          loading={update.isPending}
          disabled={saved !== null && !choiceDiffers(choice, saved)}
          leftSection={<Icon name="check" size={16} />}
        >
          {t('designs.saveChanges')}
        </Button>
      )}
      {canCreate && (
        <Button
          variant={canUpdate ? 'default' : 'filled'}
          onClick={() => setNaming(true)}
          leftSection={<Icon name="plus" size={16} />}
        >
          {t('designs.saveAs')}
        </Button>
      )}
      {canCreate && (
        <SaveDesignDialog
          modelId={model.id}
          choices={choicesToSave(slots, choice)}
          opened={naming}
          onClose={() => setNaming(false)}
          onSaved={(created) => {
            setNaming(false);
            showBanner({ kind: 'success', text: t('designs.saved', { name: created.name }), delay: TOAST_DELAY_MS });
            setSearch({ design: String(created.id) });
          }}
        />
      )}
    </Group>
  );
}

/**
 * The 3D view with the model's finishes: each configurable slot's swatches swap the material in the
 * view; on hatch, whoever may update models names the slots and chooses their materials. With a
 * design opened it starts from the design's choices.
 */
function ConfigurableViewer({
  model,
  canEdit,
  design,
}: {
  model: ModelRecord;
  canEdit: boolean;
  design: DesignRow | null;
}) {
  const { t } = useTranslation('projects');
  const slotsQuery = useMaterialSlots(model.id, model.status === 'FINISHED');
  const slots = slotsQuery.data ?? [];
  const [chosen, setChosen] = useState<MaterialChoice>({});
  const [editing, setEditing] = useState(false);
  const saved = useMemo(() => (design ? designChoice(slots, design.choices) : null), [slots, design]);
  // Another design opened (or this one saved): the view shows exactly what it saved.
  const designId = design?.id ?? null;
  const [shownDesign, setShownDesign] = useState(designId);
  if (shownDesign !== designId) {
    setShownDesign(designId);
    setChosen({});
  }
  const choice = useMemo(() => ({ ...(saved ?? defaultChoice(slots)), ...chosen }), [slots, saved, chosen]);
  const finishes = useMemo(() => finishesOf(slots, choice), [slots, choice]);
  const configurable = configurableSlots(slots);
  return (
    <Stack gap="md">
      <RecordViewer record={model} finishes={finishes} />
      {configurable.length > 0 && (
        <MaterialConfigurator
          slots={configurable}
          choice={choice}
          onChoose={(index, material) => setChosen((current) => ({ ...current, [index]: material }))}
          headingId="model-finishes"
        />
      )}
      {configurable.length > 0 && (
        <DesignButtons model={model} design={design} slots={configurable} choice={choice} saved={saved} />
      )}
      {canEdit && slots.length > 0 && (
        <Group>
          <Button variant="light" leftSection={<Icon name="edit" size={16} />} onClick={() => setEditing(true)}>
            {t('slotsForm.open')}
          </Button>
          <MaterialSlotsForm modelId={model.id} slots={slots} opened={editing} onClose={() => setEditing(false)} />
        </Group>
      )}
      <ProcessingDownloads
        record={model}
        extra={
          configurable.length > 0 && (
            <Button
              component="a"
              href={endpointUrl(projectModelEndpoints.variantsGlb, { params: { id: model.id } })}
              download={`${model.name}-finishes.glb`}
              variant="light"
              title={t('finishes.downloadTitle')}
              leftSection={<Icon name="download" size={16} />}
            >
              {t('finishes.download')}
            </Button>
          )
        }
      />
    </Stack>
  );
}

function ModelOverview({ model }: { model: ModelRecord }) {
  const { t } = useTranslation('projects');
  useLiveProcessing('project_model', model.id);
  const [search] = useSearchParams();
  const designId = idParam(search.get('design') ?? undefined);
  const designQuery = useDesign(designId);
  // A design of another model (an edited address) is not this model's: the model shows as it is.
  const design = designQuery.data && designQuery.data.project_model_id === model.id ? designQuery.data : null;
  const designMissing = designId !== null && (designQuery.isError || (designQuery.data && design === null));
  const user = useCurrentUser();
  const { platform } = useTenant();
  const navigate = useNavigate();
  const remove = useDeleteModel();
  const undo = useUndoAction();
  const [confirming, setConfirming] = useState(false);
  const date = (value: string | null) =>
    value ? formatDateTime(value, { dateStyle: 'medium', timeStyle: 'medium' }) : t('model.never');
  // Edit, reprocess and delete of a model all need update-project-models, on hatch (the server's rule).
  const canEdit = platform === 'hatch' && hasPermission(user, 'update-project-models');
  const canShare = model.status === 'FINISHED' && hasPermission(user, 'create-share-links');
  const [sharing, setSharing] = useState(false);

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
        title={design ? design.name : model.name}
        subtitle={
          <>
            {design && <>{t('designs.designOf', { model: model.name })} · </>}
            {t('model.inProject')}{' '}
            <Anchor component={Link} to={paths.projects.overview(model.project_id)} size="sm" underline="always">
              {model.project_name}
            </Anchor>
          </>
        }
        back={{ to: paths.projects.overview(model.project_id), label: t('nav.backToProject') }}
        actions={
          (canEdit || canShare) && (
            <>
              {canShare && (
                <Button variant="light" onClick={() => setSharing(true)} leftSection={<Icon name="share" size={16} />}>
                  {t('share.button')}
                </Button>
              )}
              {canEdit && (
                <>
                  <ProcessingRunButtons kind="project_model" record={model} bannerScope={PROJECTS_BANNER_SCOPE} />
                  <Button
                    component={Link}
                    to={paths.projects.models.edit(model.id)}
                    leftSection={<Icon name="edit" size={16} />}
                  >
                    {t('actions.edit')}
                  </Button>
                  <Button
                    color="red"
                    variant="light"
                    onClick={() => setConfirming(true)}
                    leftSection={<Icon name="trash" size={16} />}
                  >
                    {t('actions.delete')}
                  </Button>
                </>
              )}
            </>
          )
        }
      />
      {designMissing && (
        <Alert color="yellow" role="alert">
          {t('designs.notFound')}
        </Alert>
      )}
      <Card withBorder radius="lg" padding="lg">
        {designId !== null && designQuery.isPending ? (
          <SkeletonRows rows={4} height={36} label={t('designs.loadingOne')} />
        ) : (
          <ConfigurableViewer model={model} canEdit={canEdit} design={design} />
        )}
      </Card>
      {canShare && (
        <ShareLinkDialog subject={{ project_model_id: model.id }} opened={sharing} onClose={() => setSharing(false)} />
      )}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Card withBorder radius="lg" padding="lg" h="100%" component="section" aria-labelledby="model-details">
            <Stack gap="lg">
              <Title order={2} size="h4" id="model-details">
                {t('tabs.details')}
              </Title>
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
                      <Anchor
                        component={Link}
                        to={paths.projects.overview(model.project_id)}
                        size="sm"
                        className="touch-target"
                      >
                        {model.project_name}
                      </Anchor>
                    ),
                  },
                  { term: t('model.started'), value: date(model.started_at) },
                  { term: t('model.finished'), value: date(model.finished_at) },
                  { term: t('model.elapsed'), value: <Elapsed model={model} /> },
                  { term: t('model.uploader'), value: model.uploader_name ?? t('model.unknown') },
                  {
                    term: t('model.latestEvent'),
                    value: processingMessage(t, model.latest_geometry_event) ?? t('model.noEvent'),
                  },
                  { term: t('columns.created'), value: date(model.created_at) },
                  { term: t('columns.modified'), value: date(model.updated_at) },
                ]}
              />
            </Stack>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Card withBorder radius="lg" padding="lg" h="100%" component="section" aria-labelledby="model-figures">
            <ProcessingFigures figures={model.figures} headingId="model-figures" />
          </Card>
        </Grid.Col>
      </Grid>
      <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="model-events">
        <GeometryEvents kind="project_model" id={model.id} headingId="model-events" />
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
  // The processor texts (run buttons, event messages) and the events load with the model, not after it.
  const { t } = useTranslation(['projects', 'processor']);
  const id = idParam(useParams().modelId);
  const query = useModel(id ?? 0, id !== null);
  useGeometryEvents('project_model', id ?? 0, id !== null);
  if (id === null) throw new ApiError(404, { message: 'No such model.' });
  if (query.isPending) return <SkeletonRows rows={6} height={36} label={t('model.loading')} />;
  if (query.isError) {
    if (query.error instanceof ApiError && (query.error.status === 403 || query.error.status === 404))
      throw query.error;
    return <PanelError error={query.error} onRetry={() => void query.refetch()} />;
  }
  return <ModelOverview model={query.data} />;
}
