import { Button, Group, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '@/lib/api/api-client.ts';
import { restoreItem } from '@/lib/api/resources/items/restore-item.api.ts';
import { paths } from '@/lib/paths/paths.ts';
import { useCurrentUser } from '@/lib/session/auth.context.ts';
import { useTenant } from '@/lib/session/tenant.context.ts';
import { showBanner } from '@/shared/ui/banner.store.ts';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog.component.tsx';
import { PanelError, SkeletonRows } from '@/shared/ui/query-state.component.tsx';
import { throwIfMissing } from '@/shared/ui/record-pages.component.tsx';
import { useUndoAction } from '@/shared/ui/undo-action.hook.ts';
import { ProcessingRunButtons, useGeometryEvents, useLiveProcessing } from '@/shared/viewer/index.ts';
import { useDeleteItem } from '../api/delete-item.api.ts';
import { useLibraryItem } from '../api/get-library-item.api.ts';
import { useUpdateItem } from '../api/update-item.api.ts';
import { DisabledReasonButton } from '../components/disabled-reason-button.component.tsx';
import { ItemDetails } from '../components/item-details.component.tsx';
import { ITEM_BANNER_SCOPE, LIBRARIES_BANNER_SCOPE } from '../logic/banner-scope.logic.ts';
import { idParam } from '../logic/breadcrumbs.logic.ts';
import { libraryAbilities } from '../logic/platform-rules.logic.ts';

/** /libraries/items/overview/{itemId} (all platforms); Edit, Archive/Unarchive and Delete on hatch. */
export function ItemOverviewPage() {
  // The processor texts (run buttons, event messages) and the events load with the item, not after it.
  const { t } = useTranslation(['libraries', 'processor']);
  const user = useCurrentUser();
  const { platform } = useTenant();
  const navigate = useNavigate();
  const id = idParam(useParams().itemId) ?? 0;
  const item = useLibraryItem(id);
  useGeometryEvents('library_item', id);
  const update = useUpdateItem(id);
  const remove = useDeleteItem();
  const undo = useUndoAction();
  const [confirming, setConfirming] = useState(false);
  const abilities = libraryAbilities(user, platform);
  useLiveProcessing('library_item', id);

  if (item.isPending) return <SkeletonRows rows={6} height={28} label={t('form.loading')} />;
  throwIfMissing(item);
  if (item.isError) return <PanelError error={item.error} onRetry={() => void item.refetch()} />;
  const record = item.data;
  const archived = record.status === 'ARCHIVED';
  const deletable = record.is_deletable && record.deletable;

  // A failed action is told where every outcome is: the frame's banners, kept until closed.
  const failedBanner = (error: unknown) =>
    showBanner({
      kind: 'failure',
      scope: ITEM_BANNER_SCOPE,
      text:
        error instanceof ApiError && !error.isNetworkError && error.body.message
          ? error.body.message
          : t('common:resourceList.actionFailed'),
    });

  const toggleArchive = async () => {
    const saved = await update.mutateAsync({ archived: !archived });
    showBanner({
      kind: 'success',
      scope: ITEM_BANNER_SCOPE,
      text: t(archived ? 'item.unarchived' : 'item.archived', { name: saved.name }),
    });
  };

  const confirmDelete = async () => {
    const answer = await remove.mutateAsync(record.id);
    setConfirming(false);
    showBanner({
      kind: 'success',
      scope: LIBRARIES_BANNER_SCOPE,
      text: t('item.deleted', { name: answer.library_item_name, status: answer.status }),
      action: undo([() => restoreItem(record.id)], ['items', 'libraries']),
    });
    const home = record.libraries[0];
    await navigate(home ? paths.libraries.detail(home.id) : paths.libraries.list());
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" wrap="wrap">
        <Title order={1}>{record.name}</Title>
        <Group gap="sm">
          {abilities.editItems && (
            <ProcessingRunButtons kind="library_item" record={record} bannerScope={ITEM_BANNER_SCOPE} />
          )}
          {abilities.editItems && (
            <Button variant="default" component={Link} to={paths.libraries.items.edit(record.id)}>
              {t('actions.edit')}
            </Button>
          )}
          {abilities.editItems && (
            <Button
              variant="default"
              loading={update.isPending}
              onClick={() => void toggleArchive().catch(failedBanner)}
            >
              {t(archived ? 'actions.unarchive' : 'actions.archive')}
            </Button>
          )}
          {abilities.deleteItems && (
            <DisabledReasonButton
              color="red"
              variant="light"
              reason={deletable ? null : t('notDeletable.item')}
              onClick={() => setConfirming(true)}
            >
              {t('actions.delete')}
            </DisabledReasonButton>
          )}
        </Group>
      </Group>
      <ItemDetails item={record} />
      <ConfirmDialog
        opened={confirming}
        text={t('confirm.items.delete', { count: 1 })}
        confirmLabel={t('actions.delete')}
        danger
        loading={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          void confirmDelete().catch((error: unknown) => {
            setConfirming(false);
            failedBanner(error);
          })
        }
      />
    </Stack>
  );
}
