import { Alert, Card, Stack, TextInput } from '@mantine/core';
import type { PlannedMaintenance } from '@meshport/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api/api-client.ts';
import { paths } from '../../../lib/paths/paths.ts';
import { SaveBar, TextField } from '../../../shared/forms/index.ts';
import { showBanner, TOAST_DELAY_MS } from '../../../shared/ui/banner.store.ts';
import { useErrorText } from '../../../shared/ui/query-state.component.tsx';
import { useSaveMaintenance } from '../api/maintenance.api.ts';
import {
  endAfterStart,
  fromLocalInput,
  initialMaintenanceValues,
  type MaintenanceFormValues,
  SERVER_FIELD,
} from '../logic/maintenance-form.logic.ts';

/** The create and edit form of a planned maintenance window; Save returns to the list. */
export function MaintenanceForm({ record }: { record?: PlannedMaintenance }) {
  const { t } = useTranslation('maintenance');
  const navigate = useNavigate();
  const save = useSaveMaintenance();
  const [failure, setFailure] = useState<unknown>(null);
  const failureText = useErrorText(failure);
  const { control, register, handleSubmit, setError, getValues, formState } = useForm<MaintenanceFormValues>({
    defaultValues: initialMaintenanceValues(record),
  });
  const dateRules = {
    required: t('form.errors.required'),
    validate: (value: string) => fromLocalInput(value) !== null || t('form.errors.dateTime'),
  };

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const saved = await save.mutateAsync({ id: record?.id ?? null, values });
      showBanner({
        kind: 'success',
        text: t(record ? 'maintenance.updated' : 'maintenance.created', { name: saved.name }),
        delay: TOAST_DELAY_MS,
        life: 3000,
      });
      await navigate(paths.admin.maintenance.list());
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) {
        let placed = 0;
        for (const [key, messages] of Object.entries(error.fieldErrors)) {
          const field = SERVER_FIELD[key];
          if (!field || !messages[0]) continue;
          setError(field, { type: 'server', message: messages[0] }, { shouldFocus: placed++ === 0 });
        }
        if (placed > 0) return;
      }
      setFailure(error);
    }
  });

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={t(record ? 'form.editTitle' : 'form.createTitle')}
    >
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="md" maw={640}>
          {failure !== null && (
            <Alert color="red" role="alert">
              {failureText}
            </Alert>
          )}
          <TextField control={control} name="name" label={t('form.name')} required maxLength={255} />
          <TextField control={control} name="description" label={t('form.description')} multiline maxLength={2000} />
          <TextInput
            type="datetime-local"
            label={t('form.start')}
            required
            error={formState.errors.start?.message}
            {...register('start', dateRules)}
          />
          <TextInput
            type="datetime-local"
            label={t('form.end')}
            required
            error={formState.errors.end?.message}
            {...register('end', {
              ...dateRules,
              validate: (value) =>
                fromLocalInput(value) === null
                  ? t('form.errors.dateTime')
                  : endAfterStart({ start: getValues('start'), end: value }) || t('form.errors.endAfterStart'),
            })}
          />
          <SaveBar onCancel={() => void navigate(paths.admin.maintenance.list())} saving={save.isPending} />
        </Stack>
      </Card>
    </form>
  );
}
