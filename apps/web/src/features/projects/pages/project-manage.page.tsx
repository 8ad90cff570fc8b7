import { Button, Card, Group, Stack, Title } from '@mantine/core';
import { hasPermission, type Project } from '@meshport/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiError } from '@/lib/api/api-client.ts';
import { paths } from '@/lib/paths/paths.ts';
import { useCurrentUser } from '@/lib/session/auth.context.ts';
import { showBanner } from '@/shared/ui/banner.store.ts';
import { PanelError, SkeletonRows } from '@/shared/ui/query-state.component.tsx';
import { useProject } from '../api/get-project.api.ts';
import { useUserOptions } from '../api/get-user-options.api.ts';
import { useUpdateProjectMembers } from '../api/update-project-members.api.ts';
import { PageHeader } from '../components/page-header.component.tsx';
import { MembersPicker } from '../components/project-pickers.component.tsx';
import { ProjectModelList, SubProjectList } from '../components/project-related.component.tsx';
import { PROJECT_BANNER, PROJECTS_BANNER_SCOPE } from '../logic/project-banners.logic.ts';
import { fieldErrors } from '../logic/project-form.logic.ts';
import { idParam } from '../logic/route-params.logic.ts';

const MANAGE_SCOPE = `${PROJECTS_BANNER_SCOPE}:manage`;

function Manage({ project }: { project: Project }) {
  const { t } = useTranslation('projects');
  const user = useCurrentUser();
  const canListUsers = hasPermission(user, 'view-system-users');
  const users = useUserOptions(canListUsers);
  const save = useUpdateProjectMembers();
  const [members, setMembers] = useState(() => project.users.map((member) => String(member.id)));
  const [error, setError] = useState<string | undefined>();
  const sorted = (ids: string[]) => [...ids].sort().join(',');
  const changed = sorted(members) !== sorted(project.users.map((member) => String(member.id)));

  const onSave = async () => {
    setError(undefined);
    try {
      await save.mutateAsync({ id: project.id, users: members.map(Number) });
      showBanner({ kind: 'success', text: t('manage.saved'), scope: MANAGE_SCOPE, ...PROJECT_BANNER, delay: 0 });
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 422) {
        setError(fieldErrors(failure.fieldErrors).users ?? failure.body.message ?? t('form.saveFailed'));
      } else {
        setError(failure instanceof ApiError && failure.body.message ? failure.body.message : t('form.saveFailed'));
      }
    }
  };

  return (
    <Stack gap="lg">
      <PageHeader
        title={t('manage.title')}
        subtitle={project.name}
        back={{ to: paths.projects.overview(project.id), label: t('nav.backToProject') }}
      />
      <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="manage-members">
        <Stack gap="md" maw={640}>
          <Title order={2} size="h4" id="manage-members">
            {t('manage.members')}
          </Title>
          <MembersPicker
            options={canListUsers ? (users.data ?? []) : null}
            current={project.users}
            value={members}
            onChange={setMembers}
            error={error}
            loading={users.isPending && canListUsers}
            loadFailed={users.isError}
          />
          <Group>
            <Button onClick={() => void onSave()} loading={save.isPending} disabled={!changed || !canListUsers}>
              {t('manage.saveMembers')}
            </Button>
          </Group>
        </Stack>
      </Card>
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="xl">
          <ProjectModelList projectId={project.id} enabled={hasPermission(user, 'list-project-models')} />
          <SubProjectList projectId={project.id} />
        </Stack>
      </Card>
    </Stack>
  );
}

/** /projects/manage/{projectId}: the project's members (saved through the update call) and its models. */
export function ProjectManagePage() {
  const { t } = useTranslation('projects');
  const id = idParam(useParams().projectId);
  const query = useProject(id);
  if (id === null) throw new ApiError(404, { message: 'No such project.' });
  if (query.isPending) return <SkeletonRows rows={6} height={36} label={t('form.loadingExisting')} />;
  if (query.isError) {
    if (query.error instanceof ApiError && (query.error.status === 403 || query.error.status === 404))
      throw query.error;
    return <PanelError error={query.error} onRetry={() => void query.refetch()} />;
  }
  return <Manage key={query.data.id} project={query.data} />;
}
