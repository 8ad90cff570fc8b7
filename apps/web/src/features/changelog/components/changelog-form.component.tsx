import { Alert, Card, Checkbox, Group, Select, Stack } from '@mantine/core';
import { CHANGELOG_TYPES, type ChangelogItem, changelogItemSaveSchema, ENVIRONMENTS } from '@meshport/contract';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '@/lib/api/api-client.ts';
import { paths } from '@/lib/paths/paths.ts';
import {
  applyServerErrors,
  fieldOf,
  formResolver,
  ImageField,
  maxLengthOf,
  SaveBar,
  TextField,
} from '@/shared/forms/index.ts';
import { showBanner, TOAST_DELAY_MS } from '@/shared/ui/banner.store.ts';
import { useErrorText } from '@/shared/ui/query-state.component.tsx';
import { useSaveChangelogItem } from '../api/save-changelog-item.api.ts';
import {
  CHANGELOG_FORM_FIELDS,
  type ChangelogFormField,
  type ChangelogFormValues,
  changelogFieldErrors,
  changelogFormSchema,
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
    resolver: formResolver(changelogFormSchema, (field, _code, blank) => {
      if (field === 'environments') return t('changelog.form.environmentRequired');
      return blank ? t('form.errors.required') : undefined;
    }),
  });
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
      // The environments' messages (`environments.test`, `environments`) show joined under the ticks.
      const byField = error instanceof ApiError ? changelogFieldErrors(error.fieldErrors) : {};
      const placed = applyServerErrors(
        error,
        (key) => {
          const field = fieldOf(key) as ChangelogFormField;
          const message = byField[field];
          return CHANGELOG_FORM_FIELDS.includes(field) && message ? { [field]: message } : null;
        },
        setError,
        '',
      );
      if (placed.fields.length === 0 || placed.unplaced.length > 0) setFailure(error);
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
            maxLength={maxLengthOf(changelogItemSaveSchema.shape.description)}
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
