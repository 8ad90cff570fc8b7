import { Alert, Card, Checkbox, Group, Select, Stack } from '@mantine/core';
import { CHANGELOG_TYPES, type ChangelogItem, ENVIRONMENTS } from '@meshport/contract';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api/api-client.ts';
import { paths } from '../../../lib/paths/paths.ts';
import { ImageField, SaveBar, TextField } from '../../../shared/forms/index.ts';
import { showBanner, TOAST_DELAY_MS } from '../../../shared/ui/banner.store.ts';
import { useErrorText } from '../../../shared/ui/query-state.component.tsx';
import { useSaveChangelogItem } from '../api/changelog.api.ts';
import {
  type ChangelogFormField,
  type ChangelogFormValues,
  changelogFieldErrors,
  initialChangelogValues,
} from '../logic/changelog-form.logic.ts';

/**
 * The changelog item form (administration.md §2, §5): type, the four environments, description
 * and screenshot. Save and Cancel both go back to where the form was opened from.
 */
export function ChangelogForm({ item }: { item?: ChangelogItem }) {
  const { t } = useTranslation('maintenance');
  const navigate = useNavigate();
  const save = useSaveChangelogItem();
  const [failure, setFailure] = useState<unknown>(null);
  const failureText = useErrorText(failure);
  const { control, handleSubmit, setError, formState } = useForm<ChangelogFormValues>({
    defaultValues: initialChangelogValues(item),
  });
  const required = t('form.errors.required');
  /** Back to the previous page of the app, or to the list when the form was opened directly. */
  const goBack = () => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    return index > 0 ? navigate(-1) : navigate(paths.admin.changelog.list());
  };

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await save.mutateAsync({ id: item?.id ?? null, values });
      showBanner({
        kind: 'success',
        text: t(item ? 'changelog.updated' : 'changelog.created'),
        delay: TOAST_DELAY_MS,
        life: 3000,
      });
      await goBack();
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) {
        const byField = changelogFieldErrors(error.fieldErrors);
        let placed = 0;
        for (const [field, message] of Object.entries(byField)) {
          if (field === 'root' || !message) continue;
          setError(field as ChangelogFormField, { type: 'server', message }, { shouldFocus: placed++ === 0 });
        }
        if (placed > 0 && !byField.root) return;
      }
      setFailure(error);
    }
  });

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={t(item ? 'changelog.form.editTitle' : 'changelog.form.createTitle')}
    >
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="md" maw={640}>
          {failure !== null && (
            <Alert color="red" role="alert">
              {failureText}
            </Alert>
          )}
          <Controller
            control={control}
            name="type"
            rules={{ validate: (value) => value !== '' || required }}
            render={({ field, fieldState }) => (
              <Select
                label={t('changelog.form.type')}
                required
                placeholder={t('changelog.form.typePlaceholder')}
                data={CHANGELOG_TYPES.map((type) => ({ value: type, label: t(`changelog.types.${type}`) }))}
                value={field.value || null}
                onChange={(value) => field.onChange(value ?? '')}
                onBlur={field.onBlur}
                ref={field.ref}
                allowDeselect={false}
                error={fieldState.error?.message}
              />
            )}
          />
          <Controller
            control={control}
            name="environments"
            rules={{ validate: (value) => value.length > 0 || t('changelog.form.environmentRequired') }}
            render={({ field, fieldState }) => (
              <Checkbox.Group
                label={t('changelog.form.environments')}
                withAsterisk
                value={field.value}
                onChange={(value) => field.onChange(value)}
                error={fieldState.error?.message}
              >
                <Group gap="lg" mt={6}>
                  {ENVIRONMENTS.map((environment) => (
                    <Checkbox
                      key={environment}
                      value={environment}
                      label={t(`changelog.environments.${environment}`)}
                      onBlur={field.onBlur}
                    />
                  ))}
                </Group>
              </Checkbox.Group>
            )}
          />
          <TextField
            control={control}
            name="description"
            label={t('changelog.form.description')}
            required
            multiline
            maxLength={5000}
          />
          <Controller
            control={control}
            name="screenshot"
            render={({ field }) => (
              <ImageField
                label={t('changelog.form.screenshot')}
                value={field.value}
                onChange={field.onChange}
                currentUrl={item?.screenshot_url ?? null}
                error={formState.errors.screenshot?.message}
              />
            )}
          />
          <SaveBar onCancel={() => void goBack()} saving={save.isPending} />
        </Stack>
      </Card>
    </form>
  );
}
