import { Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import type { LibraryItem } from '@meshport/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DialogContext } from '@/shared/resource-list/index.ts';
import { useErrorText } from '@/shared/ui/query-state.component.tsx';
import { bulkUpdateItems } from '../api/bulk-update-items.api.ts';
import { type PickerOption, useLibraryOptions } from '../api/search-libraries.api.ts';
import { bulkOutcome } from '../logic/bulk-outcome.logic.ts';
import { RecordMultiPicker } from './record-picker.component.tsx';

/**
 * Move of the selected items (content.md §4): at least one target library, and optionally away
 * from the libraries they are in now.
 */
export function MoveItemsDialog({ selected, close, done }: DialogContext<LibraryItem>) {
  const { t } = useTranslation('libraries');
  const [targets, setTargets] = useState<PickerOption[]>([]);
  const [removeFromCurrent, setRemoveFromCurrent] = useState(false);
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const errorText = useErrorText(error);

  const move = async () => {
    if (targets.length === 0) {
      setMissing(true);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const answer = await bulkUpdateItems(
        'move',
        selected.map((item) => item.id),
        { targets: targets.map((target) => target.id), removeFromCurrent },
      );
      const outcome = bulkOutcome('items', answer);
      done({
        success: outcome.success ? t(outcome.success.key, outcome.success.values) : null,
        failure: outcome.failure ? t(outcome.failure.key, outcome.failure.values) : null,
      });
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="md">
      <Text>{t('confirm.items.move', { count: selected.length })}</Text>
      <RecordMultiPicker
        label={t('move.targets')}
        placeholder={targets.length === 0 ? t('fields.librariesPlaceholder') : undefined}
        required
        value={targets}
        onChange={(next) => {
          setTargets(next);
          if (next.length > 0) setMissing(false);
        }}
        useOptions={useLibraryOptions}
        nothingFound={t('empty.libraryOptions')}
        error={missing ? t('move.targetsRequired') : undefined}
      />
      <Checkbox
        label={t('move.removeFromCurrent')}
        checked={removeFromCurrent}
        onChange={(event) => setRemoveFromCurrent(event.currentTarget.checked)}
      />
      {error !== null && (
        <Text c="red" size="sm" role="alert">
          {errorText}
        </Text>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={close}>
          {t('actions.cancel')}
        </Button>
        <Button loading={busy} onClick={() => void move()}>
          {t('actions.move')}
        </Button>
      </Group>
    </Stack>
  );
}
