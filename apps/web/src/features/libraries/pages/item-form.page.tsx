import { Alert, Button, Card, Group, Stack, Textarea, TextInput, Title } from '@mantine/core';
import type { LibraryItem } from '@meshport/contract';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { paths } from '../../../lib/paths/paths.ts';
import { showBanner, TOAST_DELAY_MS } from '../../../shared/ui/banner.store.ts';
import { PanelError } from '../../../shared/ui/query-state.component.tsx';
import { useLibraryItem } from '../api/get-library-item.api.ts';
import { type PickerOption, useLibraryOptions } from '../api/search-libraries.api.ts';
import { useUpdateItem } from '../api/update-item.api.ts';
import { LoadingForm } from '../components/loading-form.component.tsx';
import { RecordMultiPicker } from '../components/record-picker.component.tsx';
import { ITEM_BANNER_SCOPE } from '../logic/banner-scope.logic.ts';
import { idParam } from '../logic/breadcrumbs.logic.ts';
import { saveErrors } from '../logic/form-errors.logic.ts';

interface ItemFormValues {
  name: string;
  description: string;
  libraries: PickerOption[];
}

function ItemForm({ item }: { item: LibraryItem }) {
  const { t } = useTranslation('libraries');
  const navigate = useNavigate();
  const update = useUpdateItem(item.id);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ItemFormValues>({
    defaultValues: { name: item.name, description: item.description ?? '', libraries: item.libraries },
  });
  const { errors, isSubmitting } = form.formState;
  const overview = paths.libraries.items.overview(item.id);

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const saved = await update.mutateAsync({
        name: values.name.trim(),
        description: values.description.trim() === '' ? null : values.description.trim(),
        libraries: values.libraries.map((library) => library.id),
      });
      showBanner({
        kind: 'success',
        scope: ITEM_BANNER_SCOPE,
        text: t('form.saved', { name: saved.name }),
        delay: TOAST_DELAY_MS,
      });
      await navigate(overview);
    } catch (error) {
      const { fields, message } = saveErrors(error);
      for (const [field, text] of Object.entries(fields)) {
        form.setError(field as keyof ItemFormValues, { type: 'server', message: text });
      }
      setFailure(message ?? (Object.keys(fields).length === 0 ? t('form.saveFailed') : null));
    }
  });

  return (
    <Card withBorder radius="lg" padding="xl" component="form" onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md" maw={640}>
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <TextInput
          label={t('fields.name')}
          required
          maxLength={255}
          error={errors.name?.message}
          {...form.register('name', { validate: (value) => (value.trim() === '' ? t('form.required') : true) })}
        />
        <Textarea
          label={t('fields.description')}
          autosize
          minRows={3}
          maxLength={2000}
          error={errors.description?.message}
          {...form.register('description')}
        />
        <Controller
          control={form.control}
          name="libraries"
          render={({ field }) => (
            <RecordMultiPicker
              label={t('fields.libraries')}
              placeholder={field.value.length === 0 ? t('fields.librariesPlaceholder') : undefined}
              value={field.value}
              onChange={field.onChange}
              useOptions={useLibraryOptions}
              nothingFound={t('empty.libraryOptions')}
              error={errors.libraries?.message}
            />
          )}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => void navigate(overview)}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {t('actions.save')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** /libraries/items/edit/{itemId} (hatch): name, description and libraries of an item. */
export function ItemEditPage() {
  const { t } = useTranslation('libraries');
  const id = idParam(useParams().itemId) ?? 0;
  const item = useLibraryItem(id);
  if (item.isPending) return <LoadingForm />;
  if (item.isError) return <PanelError error={item.error} onRetry={() => void item.refetch()} />;
  return (
    <Stack gap="lg">
      <Title order={1}>{t('form.itemEditTitle')}</Title>
      <ItemForm key={item.data.updated_at} item={item.data} />
    </Stack>
  );
}
