import { Alert, Button, Group, Stack, Title } from '@mantine/core';
import { type ChangelogItem, CURRENT_ENVIRONMENT } from '@meshport/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/lib/paths/paths.ts';
import { ResourceList } from '@/shared/resource-list/index.ts';
import { showBanner, TOAST_DELAY_MS } from '@/shared/ui/banner.store.ts';
import { ChangelogEntryModal } from '@/shared/ui/changelog-entry.component.tsx';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog.component.tsx';
import { Icon } from '@/shared/ui/icons.component.tsx';
import { useErrorText } from '@/shared/ui/query-state.component.tsx';
import { countUnsynced } from '../api/count-unsynced-changelog.api.ts';
import { useSyncChangelog } from '../api/sync-changelog.api.ts';
import { changelogListDeclaration } from '../components/changelog-list.declaration.tsx';

const BANNER = { delay: TOAST_DELAY_MS, life: 3000 } as const;

/**
 * /admin/changelog_items (administration.md §2): the table, the detail modal, and Sync, which
 * first shows how many items it would date on the current environment.
 */
export function ChangelogListPage() {
  const { t, i18n } = useTranslation('maintenance');
  const [opened, setOpened] = useState<ChangelogItem | null>(null);
  const [pending, setPending] = useState<number | null>(null);
  const [counting, setCounting] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const failureText = useErrorText(failure);
  const sync = useSyncChangelog();
  const list = useMemo(() => changelogListDeclaration(t, i18n.resolvedLanguage, setOpened), [t, i18n.resolvedLanguage]);
  const environment = t(`changelog.environments.${CURRENT_ENVIRONMENT}`);

  const askSync = async () => {
    setFailure(null);
    setCounting(true);
    try {
      setPending(await countUnsynced());
    } catch (error) {
      setFailure(error);
    } finally {
      setCounting(false);
    }
  };
  const runSync = async () => {
    try {
      const result = await sync.mutateAsync();
      showBanner({ kind: 'success', text: t('changelog.synced', { count: result.count, environment }), ...BANNER });
    } catch (error) {
      setFailure(error);
    } finally {
      setPending(null);
    }
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" wrap="wrap" gap="md">
        <Title order={1}>{t('changelog.title')}</Title>
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<Icon name="refresh" size={16} />}
            loading={counting}
            onClick={() => void askSync()}
          >
            {t('changelog.sync')}
          </Button>
          <Button component={Link} to={paths.admin.changelog.create()} leftSection={<Icon name="plus" size={16} />}>
            {t('changelog.new')}
          </Button>
        </Group>
      </Group>
      {failure !== null && (
        <Alert color="red" role="alert" withCloseButton onClose={() => setFailure(null)}>
          {failureText}
        </Alert>
      )}
      <ResourceList list={list} />
      <ChangelogEntryModal item={opened} title={t('changelog.detailTitle')} onClose={() => setOpened(null)} />
      <ConfirmDialog
        opened={pending !== null}
        text={t('changelog.confirmSync', { count: pending ?? 0, environment })}
        confirmLabel={t('changelog.sync')}
        loading={sync.isPending}
        onConfirm={() => void runSync()}
        onCancel={() => setPending(null)}
      />
    </Stack>
  );
}
