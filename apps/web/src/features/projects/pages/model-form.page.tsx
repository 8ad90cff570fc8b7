import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { ApiError } from '@/lib/api/api-client.ts';
import { paths } from '@/lib/paths/paths.ts';
import { PanelError, SkeletonRows } from '@/shared/ui/query-state.component.tsx';
import { useModel } from '../api/get-model.api.ts';
import { useProject } from '../api/get-project.api.ts';
import { ModelForm } from '../components/model-form.component.tsx';
import { PageHeader } from '../components/page-header.component.tsx';
import { idParam } from '../logic/route-params.logic.ts';

/** 'Loading existing data...' with the form's outline in grey. */
function LoadingExisting() {
  const { t } = useTranslation('projects');
  return (
    <Stack gap="md">
      <Text c="dimmed">{t('form.loadingExisting')}</Text>
      <SkeletonRows rows={5} height={36} label={t('form.loadingExisting')} />
    </Stack>
  );
}

/** A 403/404 goes to the route's error screen; another failure offers a retry. */
function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }): ReactNode {
  if (error instanceof ApiError && (error.status === 403 || error.status === 404)) throw error;
  return <PanelError error={error} onRetry={onRetry} />;
}

function notFound(what: string): never {
  throw new ApiError(404, { message: what });
}

/** /projects/models/create and /projects/models/create/{projectId} (hatch): a new model from a file. */
export function ModelCreatePage() {
  const { t } = useTranslation('projects');
  const raw = useParams().projectId;
  const projectId = raw === undefined ? null : idParam(raw);
  const project = useProject(projectId);
  if (raw !== undefined && projectId === null) notFound('No such project.');
  const back =
    projectId === null
      ? { to: paths.projects.list(), label: t('nav.backToList') }
      : { to: paths.projects.overview(projectId), label: t('nav.backToProject') };
  const header = <PageHeader title={t('modelForm.createTitle')} subtitle={t('modelForm.createIntro')} back={back} />;
  if (projectId === null) {
    return (
      <Stack gap="lg">
        {header}
        <ModelForm mode="create" project={null} cancelTo={paths.projects.list()} />
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      {header}
      {project.isPending ? (
        <LoadingExisting />
      ) : project.isError ? (
        <LoadFailed error={project.error} onRetry={() => void project.refetch()} />
      ) : (
        <ModelForm
          mode="create"
          project={{ value: String(project.data.id), label: project.data.name }}
          cancelTo={paths.projects.overview(project.data.id)}
        />
      )}
    </Stack>
  );
}

/** /projects/models/edit/{modelId} (hatch): name, description, and a new file that is processed again. */
export function ModelEditPage() {
  const { t } = useTranslation('projects');
  const id = idParam(useParams().modelId);
  const location = useLocation();
  const model = useModel(id ?? 0, id !== null);
  if (id === null) notFound('No such model.');
  const fromProcessor = location.state === 'processor';
  const backTo = fromProcessor
    ? { path: paths.processor(), state: { tab: 0 } }
    : { path: paths.projects.models.overview(id) };
  return (
    <Stack gap="lg">
      <PageHeader
        title={t('modelForm.editTitle')}
        subtitle={model.data?.name}
        back={{
          to: backTo.path,
          label: fromProcessor ? t('modelForm.backToProcessor') : t('modelForm.backToModel'),
        }}
      />
      {model.isPending ? (
        <LoadingExisting />
      ) : model.isError ? (
        <LoadFailed error={model.error} onRetry={() => void model.refetch()} />
      ) : (
        <ModelForm key={model.data.id} mode="edit" model={model.data} backTo={backTo} />
      )}
    </Stack>
  );
}
