import { Stack } from '@mantine/core';
import type { Project } from '@meshport/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { ApiError } from '@/lib/api/api-client.ts';
import { paths } from '@/lib/paths/paths.ts';
import { PanelError, SkeletonRows } from '@/shared/ui/query-state.component.tsx';
import { useProject } from '../api/get-project.api.ts';
import { PageHeader } from '../components/page-header.component.tsx';
import { ProjectForm } from '../components/project-form.component.tsx';
import { initialValues, parseTab } from '../logic/project-form.logic.ts';
import { idParam } from '../logic/route-params.logic.ts';

/** Loading, a 403/404 handed to the route's error screen, another failure with a retry, or the form. */
function Loaded({ query, children }: { query: UseQueryResult<Project>; children: (project: Project) => ReactNode }) {
  const { t } = useTranslation('projects');
  if (query.isPending) return <SkeletonRows rows={6} height={36} label={t('form.loadingExisting')} />;
  if (query.isError) {
    const { error } = query;
    if (error instanceof ApiError && (error.status === 403 || error.status === 404)) throw error;
    return <PanelError error={error} onRetry={() => void query.refetch()} />;
  }
  return children(query.data);
}

function useRouteId(name: 'projectId'): number | null | 'invalid' {
  const value = useParams()[name];
  if (value === undefined) return null;
  return idParam(value) ?? 'invalid';
}

function notFound(): never {
  throw new ApiError(404, { message: 'No such project.' });
}

/** /projects/create and /projects/create/{projectId} (a sub-project of that project, hatch only). */
export function ProjectCreatePage() {
  const { t } = useTranslation('projects');
  const routeId = useRouteId('projectId');
  const parent = useProject(typeof routeId === 'number' ? routeId : null);
  if (routeId === 'invalid') notFound();
  const parentId = routeId;
  const header = (subtitle?: string) => (
    <PageHeader
      title={parentId === null ? t('form.title.create') : t('form.title.createSub')}
      subtitle={subtitle}
      back={
        parentId === null
          ? { to: paths.projects.list(), label: t('nav.backToList') }
          : { to: paths.projects.overview(parentId), label: t('nav.backToProject') }
      }
    />
  );
  if (parentId === null) {
    return (
      <Stack gap="lg">
        {header()}
        <ProjectForm
          mode="create"
          initial={initialValues()}
          source={null}
          parentId={null}
          initialTab="1"
          cancelTo={paths.projects.list()}
        />
      </Stack>
    );
  }
  return (
    <Loaded query={parent}>
      {(project) => (
        <Stack gap="lg">
          {header(t('form.subProjectOf', { name: project.name }))}
          <ProjectForm
            mode="create"
            initial={initialValues()}
            source={null}
            parentId={project.id}
            initialTab="1"
            cancelTo={paths.projects.overview(project.id)}
          />
        </Stack>
      )}
    </Loaded>
  );
}

/** /projects/edit/{projectId}; `?tab=N` opens tab N (5: labels). */
export function ProjectEditPage() {
  const { t } = useTranslation('projects');
  const routeId = useRouteId('projectId');
  const [params] = useSearchParams();
  const query = useProject(typeof routeId === 'number' ? routeId : null);
  if (typeof routeId !== 'number') notFound();
  const id = routeId;
  return (
    <Stack gap="lg">
      <PageHeader
        title={t('form.title.edit')}
        subtitle={query.data?.name}
        back={{ to: paths.projects.overview(id), label: t('nav.backToProject') }}
      />
      <Loaded query={query}>
        {(project) => (
          <ProjectForm
            key={project.id}
            mode="edit"
            initial={initialValues(project)}
            source={project}
            parentId={null}
            initialTab={parseTab(params.get('tab'))}
            cancelTo={paths.projects.overview(project.id)}
          />
        )}
      </Loaded>
    </Stack>
  );
}

/** /projects/copy/{projectId}: the form filled from the source; Save copies it with its links. */
export function ProjectCopyPage() {
  const { t } = useTranslation('projects');
  const routeId = useRouteId('projectId');
  const query = useProject(typeof routeId === 'number' ? routeId : null);
  if (typeof routeId !== 'number') notFound();
  return (
    <Stack gap="lg">
      <PageHeader
        title={t('form.title.copy')}
        subtitle={query.data ? t('form.copyOf', { name: query.data.name }) : undefined}
        back={{ to: paths.projects.list(), label: t('nav.backToList') }}
      />
      <Loaded query={query}>
        {(project) => (
          <ProjectForm
            key={project.id}
            mode="copy"
            initial={initialValues(project, t('form.copyName', { name: project.name }))}
            source={project}
            parentId={null}
            initialTab="1"
            cancelTo={paths.projects.list()}
          />
        )}
      </Loaded>
    </Stack>
  );
}
