import { Alert, Card, Stack, TextInput } from '@mantine/core';
import type { PlannedMaintenance } from '@meshport/contract';
import { plannedMaintenanceSaveSchema } from '@meshport/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/lib/paths/paths.ts';
import { applyServerErrors, formResolver, maxLengthOf, SaveBar, TextField } from '@/shared/forms/index.ts';
import { showBanner, TOAST_DELAY_MS } from '@/shared/ui/banner.store.ts';
import { useErrorText } from '@/shared/ui/query-state.component.tsx';
import { useSaveMaintenance } from '../api/save-maintenance.api.ts';
import {
  initialMaintenanceValues,
  type MaintenanceFormValues,
  maintenanceFormSchema,
  maintenanceMessageKey,
  SERVER_FIELD,
} from '../logic/maintenance-form.logic.ts';

/** The create and edit form of a planned maintenance window; Save returns to the list. */
export function MaintenanceForm({ record }: { record?: PlannedMaintenance }) {
  const { t } = useTranslation('maintenance');
  const navigate = useNavigate();
  const save = useSaveMaintenance();
  const [failure, setFailure] = useState<unknown>(null);
  const failureText = useErrorText(failure);
  const { control, register, handleSubmit, setError, formState } = useForm<MaintenanceFormValues>({
    defaultValues: initialMaintenanceValues(record),
    resolver: formResolver(maintenanceFormSchema, (field, code, blank) => {
      const key = maintenanceMessageKey(field, code, blank);
      return key ? t(key) : undefined;
    }),
  });

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
      const placed = applyServerErrors(error, (key) => SERVER_FIELD[key] ?? null, setError, '');
      if (placed.fields.length === 0) setFailure(error);
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
          <TextField
            control={control}
            name="name"
            label={t('form.name')}
            required
            maxLength={maxLengthOf(plannedMaintenanceSaveSchema.shape.name)}
          />
          <TextField
            control={control}
            name="description"
            label={t('form.description')}
            multiline
            maxLength={maxLengthOf(plannedMaintenanceSaveSchema.shape.description)}
          />
          <TextInput
            type="datetime-local"
            label={t('form.start')}
            required
            error={formState.errors.start?.message}
            {...register('start')}
          />
          <TextInput
            type="datetime-local"
            label={t('form.end')}
            required
            error={formState.errors.end?.message}
            {...register('end')}
          />
          <SaveBar onCancel={() => void navigate(paths.admin.maintenance.list())} saving={save.isPending} />
        </Stack>
      </Card>
    </form>
  );
}
