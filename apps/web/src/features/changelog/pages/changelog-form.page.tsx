import { Anchor, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '@/lib/api/api-client.ts';
import { paths } from '@/lib/paths/paths.ts';
import { PanelError, SkeletonRows } from '@/shared/ui/query-state.component.tsx';
import { useChangelogItem } from '../api/get-changelog-item.api.ts';
import { ChangelogForm } from '../components/changelog-form.component.tsx';

function Header({ title }: { title: string }) {
  const { t } = useTranslation('maintenance');
  return (
    <Stack gap={4}>
      <Anchor component={Link} to={paths.admin.changelog.list()} size="sm" w="fit-content">
        {t('changelog.backToList')}
      </Anchor>
      <Title order={1}>{title}</Title>
    </Stack>
  );
}

/** /admin/changelog_items/create */
export function ChangelogCreatePage() {
  const { t } = useTranslation('maintenance');
  return (
    <Stack gap="lg">
      <Header title={t('changelog.form.createTitle')} />
      <ChangelogForm />
    </Stack>
  );
}

/** /admin/changelog_items/edit/{id}: 'Loading existing data...', then the form with the item's ticks. */
export function ChangelogEditPage() {
  const { t } = useTranslation('maintenance');
  const raw = useParams().id ?? '';
  const id = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
  const query = useChangelogItem(id);
  if (id === null) throw new ApiError(404, { message: 'No such changelog item.' });
  if (query.error instanceof ApiError && (query.error.status === 403 || query.error.status === 404)) {
    throw query.error;
  }
  return (
    <Stack gap="lg">
      <Header title={t('changelog.form.editTitle')} />
      {query.isPending ? (
        <SkeletonRows rows={5} height={36} label={t('changelog.loadingExisting')} />
      ) : query.isError ? (
        <PanelError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <ChangelogForm key={query.data.id} item={query.data} />
      )}
    </Stack>
  );
}
