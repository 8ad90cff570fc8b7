import { Button, Group, Tooltip } from '@mantine/core';
import { hasPermission, type Material } from '@meshport/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { restoreMaterial } from '@/lib/api/resources/materials/restore-material.api.ts';
import { paths } from '@/lib/paths/paths.ts';
import { useCurrentUser } from '@/lib/session/auth.context.ts';
import { SHORT_BANNER_LIFE_MS, showBanner, TOAST_DELAY_MS } from '@/shared/ui/banner.store.ts';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog.component.tsx';
import { useUndoAction } from '@/shared/ui/undo-action.hook.ts';
import { useDeleteMaterial } from '../api/delete-material.api.ts';
import { useDuplicateMaterial } from '../api/duplicate-material.api.ts';
import { MATERIAL_RESOURCES } from '../api/material-resources.ts';
import { MATERIALS_BANNER_SCOPE } from '../logic/materials.constants.ts';
import { useWriteError } from './use-write-error.hook.ts';

/** Edit, New variant (of a base material), Duplicate and Delete of one material, each by permission (content.md §4, §6). */
export function MaterialActions({ material }: { material: Pick<Material, 'name' | 'deletable' | 'parent_name'> }) {
  const { t } = useTranslation('materials');
  const user = useCurrentUser();
  const navigate = useNavigate();
  const duplicate = useDuplicateMaterial();
  const remove = useDeleteMaterial();
  const undo = useUndoAction();
  const [confirming, setConfirming] = useState(false);
  const errorText = useWriteError();
  const mayUpdate = hasPermission(user, 'update-materials');
  const mayDelete = hasPermission(user, 'delete-materials');

  const onDuplicate = () =>
    duplicate.mutate(material.name, {
      onSuccess: (copy) => {
        showBanner({
          kind: 'success',
          text: t('messages.duplicated'),
          life: SHORT_BANNER_LIFE_MS,
          scope: MATERIALS_BANNER_SCOPE,
        });
        void navigate(paths.materials.overview(copy.name));
      },
      onError: (error) =>
        showBanner({
          kind: 'failure',
          text: errorText(error),
          life: SHORT_BANNER_LIFE_MS,
          scope: MATERIALS_BANNER_SCOPE,
        }),
    });

  // mutateAsync, not mutate's callbacks: the live refresh may refetch this (now deleted) material
  // and unmount the screen before they would run, and the navigation must happen regardless.
  const onDelete = () =>
    remove.mutateAsync(material.name).then(
      (answer) => {
        setConfirming(false);
        // content.md §4: the success message follows the confirmation after 500 ms.
        showBanner({
          kind: 'success',
          text: t('messages.deleted', { name: answer.material_name }),
          delay: TOAST_DELAY_MS,
          life: SHORT_BANNER_LIFE_MS,
          scope: MATERIALS_BANNER_SCOPE,
          action: undo([() => restoreMaterial(answer.material_name)], MATERIAL_RESOURCES),
        });
        void navigate(paths.materials.list());
      },
      (error: unknown) => {
        setConfirming(false);
        showBanner({
          kind: 'failure',
          text: errorText(error),
          life: SHORT_BANNER_LIFE_MS,
          scope: MATERIALS_BANNER_SCOPE,
        });
      },
    );

  if (!mayUpdate && !mayDelete) return null;
  return (
    <Group gap="sm">
      {mayUpdate && (
        <Button component={Link} to={paths.materials.edit(material.name)} variant="default">
          {t('actions.edit')}
        </Button>
      )}
      {mayUpdate && material.parent_name === null && (
        <Button component={Link} to={paths.materials.createVariant(material.name)} variant="default">
          {t('actions.newVariant')}
        </Button>
      )}
      {mayUpdate && (
        <Button variant="default" onClick={onDuplicate} loading={duplicate.isPending}>
          {t('actions.duplicate')}
        </Button>
      )}
      {mayDelete &&
        (material.deletable ? (
          <Button color="red" variant="light" onClick={() => setConfirming(true)}>
            {t('actions.delete')}
          </Button>
        ) : (
          <Tooltip label={t('tooltips.materialNotDeletable')} multiline w={260}>
            <Button color="red" variant="light" data-disabled aria-disabled="true" onClick={(e) => e.preventDefault()}>
              {t('actions.delete')}
            </Button>
          </Tooltip>
        ))}
      <ConfirmDialog
        opened={confirming}
        title={t('confirm.title')}
        text={t('confirm.deleteMaterial', { name: material.name })}
        confirmLabel={t('actions.delete')}
        danger
        loading={remove.isPending}
        onConfirm={onDelete}
        onCancel={() => setConfirming(false)}
      />
    </Group>
  );
}
