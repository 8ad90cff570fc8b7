import {
  Alert,
  Button,
  Card,
  FileInput,
  Group,
  Image,
  Select,
  Stack,
  Switch,
  Textarea,
  TextInput,
} from '@mantine/core';
import { type AuthUser, hasPermission, type Library, PREVIEW_IMAGE_TYPES, RECORD_STATUSES } from '@meshport/contract';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, formResolver, maxLengthOf, requiredMessage } from '@/shared/forms/index.ts';
import { useLabelOptions } from '../api/search-labels.api.ts';
import { useLibraryOptions } from '../api/search-libraries.api.ts';
import type { LibrarySave } from '../logic/library-body.logic.ts';
import {
  LIBRARY_FORM_SCHEMA,
  type LibraryFormValues,
  libraryErrorField,
  librarySave,
} from '../logic/library-form.logic.ts';
import { RecordMultiPicker, RecordPicker } from './record-picker.component.tsx';

interface LibraryFormProps {
  user: Pick<AuthUser, 'admin' | 'abilities'>;
  initial: LibraryFormValues;
  /** The library being edited: excluded from the parent choices, its image shown. */
  library?: Library;
  submitLabel: string;
  onSubmit: (save: LibrarySave) => Promise<unknown>;
  onCancel: () => void;
}

/** Name, description, status, parent, preview image and labels of a library. */
export function LibraryForm({ user, initial, library, submitLabel, onSubmit, onCancel }: LibraryFormProps) {
  const { t } = useTranslation('libraries');
  const withLabels = hasPermission(user, 'list-labels');
  const [failure, setFailure] = useState<string | null>(null);
  const exclude = useMemo(() => new Set(library ? [library.id] : []), [library]);
  const form = useForm<LibraryFormValues>({
    defaultValues: initial,
    resolver: formResolver(LIBRARY_FORM_SCHEMA, requiredMessage(t('form.required'))),
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await onSubmit(librarySave(values, withLabels));
    } catch (error) {
      setFailure(applyServerErrors(error, libraryErrorField, form.setError, t('form.saveFailed')).message);
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
          maxLength={maxLengthOf(LIBRARY_FORM_SCHEMA.shape.name)}
          error={errors.name?.message}
          {...form.register('name')}
        />
        <Textarea
          label={t('fields.description')}
          autosize
          minRows={3}
          maxLength={maxLengthOf(LIBRARY_FORM_SCHEMA.shape.description)}
          error={errors.description?.message}
          {...form.register('description')}
        />
        <Controller
          control={form.control}
          name="status"
          render={({ field }) => (
            <Select
              label={t('fields.status')}
              data={RECORD_STATUSES.map((status) => ({ value: status, label: t(`statuses.${status}`) }))}
              value={field.value}
              onChange={(value) => field.onChange(value ?? 'active')}
              allowDeselect={false}
              error={errors.status?.message}
            />
          )}
        />
        <Controller
          control={form.control}
          name="parent"
          render={({ field }) => (
            <RecordPicker
              label={t('fields.parent')}
              placeholder={t('fields.parentPlaceholder')}
              value={field.value?.id ?? null}
              known={field.value}
              onChange={(_id, option) => field.onChange(option)}
              useOptions={useLibraryOptions}
              exclude={exclude}
              error={errors.parent?.message}
            />
          )}
        />
        {library?.preview_image && (
          <Group gap="md" align="center">
            <Image
              src={library.preview_image}
              alt={t('item.preview', { name: library.name })}
              w={96}
              h={96}
              radius="md"
              fit="cover"
            />
            <Controller
              control={form.control}
              name="removePreviewImage"
              render={({ field }) => (
                <Switch
                  label={t('fields.removePreviewImage')}
                  checked={field.value}
                  onChange={(event) => field.onChange(event.currentTarget.checked)}
                />
              )}
            />
          </Group>
        )}
        <Controller
          control={form.control}
          name="previewImage"
          render={({ field }) => (
            <FileInput
              label={t('fields.previewImage')}
              description={t('fields.previewImageHint')}
              accept={PREVIEW_IMAGE_TYPES.join(',')}
              clearable
              value={field.value}
              onChange={field.onChange}
              error={errors.previewImage?.message}
            />
          )}
        />
        {withLabels && (
          <Controller
            control={form.control}
            name="labels"
            render={({ field }) => (
              <RecordMultiPicker
                label={t('fields.labels')}
                placeholder={field.value.length === 0 ? t('fields.labelsPlaceholder') : undefined}
                value={field.value}
                onChange={field.onChange}
                useOptions={useLabelOptions}
                nothingFound={t('fields.noLabels')}
                error={errors.labels?.message}
              />
            )}
          />
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
