import { Alert, Badge, Card, Group, List, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/lib/paths/paths.ts';
import {
  applyServerErrors,
  fieldOf,
  formResolver,
  maxLengthOf,
  PlacementFields,
  placementBody,
  placementValues,
  SaveBar,
} from '@/shared/forms/index.ts';
import { afterCreate } from '@/shared/ui/after-create.logic.ts';
import { showBanner, TOAST_DELAY_MS } from '@/shared/ui/banner.store.ts';
import { type UploadedFile, UploadField } from '@/shared/upload/index.ts';
import { useCreateItem, useRefreshItems } from '../api/create-item.api.ts';
import type { PickerOption } from '../api/search-libraries.api.ts';
import { useLibraryOptions } from '../api/search-libraries.api.ts';
import {
  filesToSend,
  ITEM_CREATE_SCHEMA,
  ITEM_NAME_SCHEMA,
  type ItemCreateValues,
  itemName,
  namesAfterFilesChange,
} from '../logic/item-create.logic.ts';
import { RecordMultiPicker } from './record-picker.component.tsx';

interface Failure {
  file: UploadedFile;
  message: string;
}

/** The order in which a failed file's messages are named in the failure list. */
const FAILURE_ORDER = ['upload_id', 'name', 'libraries', 'description'] as const;

/**
 * New items from files: each finished upload becomes one item named after its file (one Name
 * field for one file, a name per file for several), in the libraries chosen. Saves file by file
 * and reports which failed; files saved already are not sent again.
 */
export function ItemCreateForm({
  initialLibraries,
  cancelTo,
  openedFrom,
}: {
  initialLibraries: PickerOption[];
  cancelTo: string;
  /** The library page the form was opened from: saving returns there. */
  openedFrom: string | null;
}) {
  const { t } = useTranslation('libraries');
  const navigate = useNavigate();
  // Opened from the processor (navigation state 'processor'): new items return there, to its Items tab.
  const fromProcessor = useLocation().state === 'processor';
  const create = useCreateItem();
  const refresh = useRefreshItems();
  const [uploading, setUploading] = useState(false);
  const [saved, setSaved] = useState<ReadonlyMap<string, { id: number; name: string }>>(new Map());
  const [failures, setFailures] = useState<Failure[]>([]);
  const required = t('itemForm.required');
  const form = useForm<ItemCreateValues>({
    defaultValues: {
      libraries: initialLibraries,
      files: [],
      names: { single: '', perFile: {} },
      description: '',
      ...placementValues(),
    },
    resolver: formResolver(ITEM_CREATE_SCHEMA, (field, code, blank) =>
      blank || (field === 'names' && code === 'too_small') ? required : undefined,
    ),
  });
  const { errors, isSubmitting: saving, isSubmitted } = form.formState;
  const files = form.watch('files');
  const names = form.watch('names');
  const several = files.length > 1;

  const onFiles = (next: UploadedFile[]) => {
    form.setValue('names', namesAfterFilesChange(form.getValues('names'), files, next));
    form.setValue('files', next, { shouldValidate: isSubmitted && next.length > 0 });
  };

  const setName = (next: ItemCreateValues['names']) => form.setValue('names', next, { shouldValidate: isSubmitted });

  /** A name's message: the server's for this name, else the form's when this name is the one that fails. */
  const nameError = (serverError: string | undefined, name: string) =>
    serverError ??
    (errors.names?.message && !ITEM_NAME_SCHEMA.safeParse(name).success ? errors.names.message : undefined);

  const submit = form.handleSubmit(async (values) => {
    setFailures([]);
    const done = new Map(saved);
    const failed: Failure[] = [];
    for (const file of filesToSend(values.files, new Set(saved.keys()))) {
      try {
        const item = await create.mutateAsync({
          name: itemName(values.names, values.files, file),
          description: values.description.trim() === '' ? null : values.description.trim(),
          libraries: values.libraries.map((library) => library.id),
          upload_id: file.uploadId,
          ...placementBody(values),
        });
        done.set(file.uploadId, { id: item.id, name: item.name });
      } catch (error) {
        const named: Partial<Record<string, string>> = {};
        const { message } = applyServerErrors<ItemCreateValues>(
          error,
          (key, messages) => {
            const field = fieldOf(key);
            named[field] ??= messages[0];
            if (field === 'name') return several ? `names.perFile.${file.uploadId}` : 'names.single';
            if (field === 'description' || field === 'libraries' || field === 'units' || field === 'up_axis') {
              return field;
            }
            // The upload's message is shown in the failure list, beside its file.
            return field === 'upload_id' ? {} : null;
          },
          form.setError,
          t('itemForm.saveFailed'),
        );
        const placed = FAILURE_ORDER.map((field) => named[field]).find((text) => text !== undefined);
        failed.push({ file, message: message ?? placed ?? '' });
      }
    }
    setSaved(done);
    if (done.size > saved.size) await refresh();
    if (failed.length === 0) {
      const created = [...done.values()];
      showBanner({
        kind: 'success',
        text: t('itemForm.created', { count: done.size, name: created[0]?.name ?? '' }),
        delay: TOAST_DELAY_MS,
      });
      if (fromProcessor) {
        await navigate(paths.processor(), { state: { tab: 1 } });
        return;
      }
      // One new item opens; several show in the list the form was opened from.
      const [only] = created;
      await navigate(
        afterCreate(openedFrom, created.length === 1 && only ? paths.libraries.items.overview(only.id) : cancelTo),
      );
      return;
    }
    setFailures(failed);
  });

  const savedNote = (file: UploadedFile) =>
    saved.has(file.uploadId) ? (
      <Badge color="teal" variant="light" size="sm">
        {t('itemForm.savedBadge')}
      </Badge>
    ) : null;

  return (
    <Card withBorder radius="lg" padding="xl" component="form" noValidate onSubmit={(event) => void submit(event)}>
      <Stack gap="md" maw={720}>
        {failures.length > 0 && (
          <Alert color="red" variant="light" role="alert" title={t('itemForm.someFailed', { count: failures.length })}>
            <List size="sm" spacing={2}>
              {failures.map((failure) => (
                <List.Item key={failure.file.uploadId}>
                  <Text span fw={600} size="sm">
                    {failure.file.name}
                  </Text>
                  {failure.message ? `: ${failure.message}` : ''}
                </List.Item>
              ))}
            </List>
            {saved.size > 0 && (
              <Text size="sm" mt="xs">
                {t('itemForm.someSaved', { count: saved.size })}
              </Text>
            )}
          </Alert>
        )}
        <Controller
          control={form.control}
          name="libraries"
          render={({ field }) => (
            <RecordMultiPicker
              label={t('fields.libraries')}
              description={t('itemForm.librariesHint')}
              placeholder={field.value.length === 0 ? t('fields.librariesPlaceholder') : undefined}
              value={field.value}
              onChange={field.onChange}
              useOptions={useLibraryOptions}
              nothingFound={t('empty.libraryOptions')}
              error={errors.libraries?.message}
            />
          )}
        />
        <UploadField
          multiple
          label={t('itemForm.files')}
          description={t('itemForm.filesHint')}
          purpose="model"
          required
          value={files}
          onChange={onFiles}
          onBusyChange={setUploading}
          error={errors.files?.message}
        />
        {several ? (
          <Stack gap="xs">
            <Text size="sm" fw={500}>
              {t('itemForm.names')}
            </Text>
            {files.map((file) => (
              <Group key={file.uploadId} align="flex-start" gap="sm" wrap="nowrap">
                <TextInput
                  flex={1}
                  label={t('itemForm.nameOf', { file: file.name })}
                  required
                  maxLength={maxLengthOf(ITEM_NAME_SCHEMA)}
                  disabled={saved.has(file.uploadId)}
                  value={names.perFile[file.uploadId] ?? ''}
                  error={nameError(errors.names?.perFile?.[file.uploadId]?.message, names.perFile[file.uploadId] ?? '')}
                  onChange={(event) =>
                    setName({ ...names, perFile: { ...names.perFile, [file.uploadId]: event.currentTarget.value } })
                  }
                  rightSection={savedNote(file)}
                  rightSectionWidth={saved.has(file.uploadId) ? 72 : undefined}
                />
              </Group>
            ))}
          </Stack>
        ) : (
          <TextInput
            label={t('fields.name')}
            description={t('itemForm.nameHint')}
            required
            maxLength={maxLengthOf(ITEM_NAME_SCHEMA)}
            value={names.single}
            disabled={files[0] ? saved.has(files[0].uploadId) : false}
            error={nameError(errors.names?.single?.message, names.single)}
            onChange={(event) => setName({ ...names, single: event.currentTarget.value })}
          />
        )}
        <Textarea
          label={t('fields.description')}
          description={several ? t('itemForm.descriptionHint') : undefined}
          autosize
          minRows={3}
          maxLength={2000}
          error={errors.description?.message}
          {...form.register('description')}
        />
        <PlacementFields control={form.control} />
        <SaveBar
          onCancel={() => void navigate(cancelTo)}
          saving={saving}
          disabled={uploading}
          saveLabel={uploading ? t('itemForm.waitForUpload') : undefined}
        />
      </Stack>
    </Card>
  );
}
