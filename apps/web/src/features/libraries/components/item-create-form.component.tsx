import { Alert, Badge, Card, Group, List, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../lib/paths/paths.ts';
import { SaveBar } from '../../../shared/forms/index.ts';
import { showBanner, TOAST_DELAY_MS } from '../../../shared/ui/banner.store.ts';
import { formErrorsOf, type UploadedFile, UploadField } from '../../../shared/upload/index.ts';
import { useCreateItem, useRefreshItems } from '../api/create-item.api.ts';
import type { PickerOption } from '../api/search-libraries.api.ts';
import { useLibraryOptions } from '../api/search-libraries.api.ts';
import { filesToSend, type ItemNames, itemName, namesAfterFilesChange } from '../logic/item-create.logic.ts';
import { RecordMultiPicker } from './record-picker.component.tsx';

type CreateField = 'name' | 'description' | 'libraries' | 'file';

const SERVER_FIELDS: Readonly<Record<string, CreateField>> = {
  name: 'name',
  description: 'description',
  libraries: 'libraries',
  upload_id: 'file',
};

interface Failure {
  file: UploadedFile;
  message: string;
}

/**
 * New items from files: each finished upload becomes one item named after its file (one Name
 * field for one file, a name per file for several), in the libraries chosen. Saves file by file
 * and reports which failed; files saved already are not sent again.
 */
export function ItemCreateForm({ initialLibraries, cancelTo }: { initialLibraries: PickerOption[]; cancelTo: string }) {
  const { t } = useTranslation('libraries');
  const navigate = useNavigate();
  const create = useCreateItem();
  const refresh = useRefreshItems();
  const [libraries, setLibraries] = useState(initialLibraries);
  const [description, setDescription] = useState('');
  const [files, setFiles] = useState<UploadedFile[]>([]);
  const [names, setNames] = useState<ItemNames>({ single: '', perFile: {} });
  const [uploading, setUploading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [saved, setSaved] = useState<ReadonlyMap<string, string>>(new Map());
  const [errors, setErrors] = useState<Partial<Record<CreateField, string>>>({});
  const [nameErrors, setNameErrors] = useState<Record<string, string>>({});
  const [failures, setFailures] = useState<Failure[]>([]);
  const required = t('itemForm.required');
  const several = files.length > 1;

  const onFiles = (next: UploadedFile[]) => {
    setNames((current) => namesAfterFilesChange(current, files, next));
    setFiles(next);
    if (next.length > 0) setErrors(({ file: _file, ...rest }) => rest);
  };

  const check = (): boolean => {
    const found: Partial<Record<CreateField, string>> = {};
    const perName: Record<string, string> = {};
    if (files.length === 0) found.file = required;
    if (!several && names.single.trim() === '') found.name = required;
    if (several) {
      for (const file of filesToSend(files, new Set(saved.keys()))) {
        if (itemName(names, files, file) === '') perName[file.uploadId] = required;
      }
    }
    setErrors(found);
    setNameErrors(perName);
    return Object.keys(found).length === 0 && Object.keys(perName).length === 0;
  };

  const submit = async () => {
    setSubmitted(true);
    setFailures([]);
    if (!check()) return;
    setSaving(true);
    const done = new Map(saved);
    const failed: Failure[] = [];
    const fieldErrors: Partial<Record<CreateField, string>> = {};
    const perName: Record<string, string> = {};
    for (const file of filesToSend(files, new Set(saved.keys()))) {
      try {
        const item = await create.mutateAsync({
          name: itemName(names, files, file),
          description: description.trim() === '' ? null : description.trim(),
          libraries: libraries.map((library) => library.id),
          upload_id: file.uploadId,
        });
        done.set(file.uploadId, item.name);
      } catch (error) {
        const { fields, message } = formErrorsOf(error, SERVER_FIELDS, t('itemForm.saveFailed'));
        if (fields.name && several) perName[file.uploadId] = fields.name;
        else if (fields.name) fieldErrors.name = fields.name;
        if (fields.description) fieldErrors.description = fields.description;
        if (fields.libraries) fieldErrors.libraries = fields.libraries;
        failed.push({
          file,
          message: message ?? fields.file ?? fields.name ?? fields.libraries ?? fields.description ?? '',
        });
      }
    }
    setSaving(false);
    setSaved(done);
    if (done.size > saved.size) await refresh();
    if (failed.length === 0) {
      showBanner({
        kind: 'success',
        text: t('itemForm.created', { count: done.size, name: [...done.values()][0] ?? '' }),
        delay: TOAST_DELAY_MS,
      });
      await navigate(paths.processor(), { state: { tab: 1 } });
      return;
    }
    setErrors(fieldErrors);
    setNameErrors(perName);
    setFailures(failed);
  };

  const savedNote = (file: UploadedFile) =>
    saved.has(file.uploadId) ? (
      <Badge color="teal" variant="light" size="sm">
        {t('itemForm.savedBadge')}
      </Badge>
    ) : null;

  return (
    <Card
      withBorder
      radius="lg"
      padding="xl"
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
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
        <RecordMultiPicker
          label={t('fields.libraries')}
          description={t('itemForm.librariesHint')}
          placeholder={libraries.length === 0 ? t('fields.librariesPlaceholder') : undefined}
          value={libraries}
          onChange={setLibraries}
          useOptions={useLibraryOptions}
          nothingFound={t('empty.libraryOptions')}
          error={errors.libraries}
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
          error={errors.file}
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
                  maxLength={255}
                  disabled={saved.has(file.uploadId)}
                  value={names.perFile[file.uploadId] ?? ''}
                  error={nameErrors[file.uploadId]}
                  onChange={(event) => {
                    const value = event.currentTarget.value;
                    setNames((current) => ({ ...current, perFile: { ...current.perFile, [file.uploadId]: value } }));
                  }}
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
            maxLength={255}
            value={names.single}
            disabled={files[0] ? saved.has(files[0].uploadId) : false}
            error={errors.name}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setNames((current) => ({ ...current, single: value }));
              if (submitted && value.trim() !== '') setErrors(({ name: _name, ...rest }) => rest);
            }}
          />
        )}
        <Textarea
          label={t('fields.description')}
          description={several ? t('itemForm.descriptionHint') : undefined}
          autosize
          minRows={3}
          maxLength={2000}
          value={description}
          error={errors.description}
          onChange={(event) => setDescription(event.currentTarget.value)}
        />
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
