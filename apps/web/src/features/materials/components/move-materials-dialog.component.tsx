import { Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActionResult } from '@/shared/resource-list/index.ts';
import { bulkMaterials } from '../api/bulk-materials.api.ts';
import { bulkOutcome } from '../logic/bulk-result.logic.ts';
import { CategoriesPicker } from './category-picker.component.tsx';
import { useWriteError } from './use-write-error.hook.ts';

interface MoveMaterialsDialogProps {
  names: string[];
  close: () => void;
  done: (result: ActionResult) => void;
}

/**
 * The body of the Move dialog (content.md §4): at least one target category, optionally
 * removing the materials from the categories they are in now.
 */
export function MoveMaterialsDialog({ names, close, done }: MoveMaterialsDialogProps) {
  const { t } = useTranslation('materials');
  const errorText = useWriteError();
  const [targets, setTargets] = useState<number[]>([]);
  const [removeFromCurrent, setRemoveFromCurrent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (targets.length === 0) {
      setError(t('move.targetsRequired'));
      return;
    }
    setBusy(true);
    try {
      const answer = await bulkMaterials({ action: 'move', names, categoryIds: targets, removeFromCurrent });
      done(bulkOutcome(t, 'materials', answer));
    } catch (failure) {
      setError(errorText(failure));
      setBusy(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="md">
        <Text size="sm">{t('move.text', { count: names.length })}</Text>
        <CategoriesPicker
          label={t('move.targets')}
          placeholder={t('move.targetsPlaceholder')}
          required
          value={targets}
          onChange={(ids) => {
            setTargets(ids);
            if (ids.length > 0) setError(null);
          }}
          error={error ?? undefined}
        />
        <Checkbox
          label={t('move.removeFromCurrent')}
          checked={removeFromCurrent}
          onChange={(event) => setRemoveFromCurrent(event.currentTarget.checked)}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={busy}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={busy}>
            {t('move.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
