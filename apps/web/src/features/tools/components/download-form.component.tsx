import { Alert, Card, FileInput, Stack, Text, TextInput } from '@mantine/core';
import { DOWNLOAD_EXTENSIONS, type Download, downloadSaveSchema, MAX_DOWNLOAD_BYTES } from '@meshport/contract';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatNumber } from '@/lib/i18n/format.ts';
import { paths } from '@/lib/paths/paths.ts';
import { applyServerErrors, formResolver, maxLengthOf, SaveBar } from '@/shared/forms/index.ts';
import { SHORT_BANNER_LIFE_MS, showBanner, TOAST_DELAY_MS } from '@/shared/ui/banner.store.ts';
import { useSaveDownload } from '../api/save-download.api.ts';
import {
  downloadFileMessageKey,
  downloadFormData,
  downloadFormSchema,
  downloadNameOf,
} from '../logic/tool-forms.logic.ts';

interface DownloadValues {
  name: string;
  file: File | null;
}

const ACCEPT = DOWNLOAD_EXTENSIONS.map((extension) => `.${extension}`).join(',');

/**
 * Create and edit of a download (admins only): the name and the file, sent as multipart. A new
 * download needs a file; on edit a file replaces the stored one. Save returns to the list.
 */
export function DownloadForm({ record }: { record?: Download }) {
  const { t } = useTranslation('tools');
  const navigate = useNavigate();
  const save = useSaveDownload(record?.id ?? null);
  const [failure, setFailure] = useState<string | null>(null);
  const { control, register, handleSubmit, setError, setValue, getValues, formState } = useForm<DownloadValues>({
    defaultValues: { name: record?.name ?? '', file: null },
    resolver: formResolver(downloadFormSchema(record !== undefined), (field, code, blank) => {
      if (field === 'file') return t(downloadFileMessageKey(code));
      return blank ? t('form.required') : undefined;
    }),
  });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const saved = await save.mutateAsync(downloadFormData(values, record !== undefined));
      showBanner({
        kind: 'success',
        text: t(`downloads.${record ? 'updated' : 'created'}`, { name: `${saved.name}.${saved.extension}` }),
        delay: TOAST_DELAY_MS,
        life: SHORT_BANNER_LIFE_MS,
      });
      await navigate(paths.tools.downloads.list());
    } catch (error) {
      // The extension is taken from the chosen file, which the client checked: a refusal of it shows above.
      const result = applyServerErrors(error, ['name', 'file'], setError, t('form.saveFailed'));
      setFailure(result.message);
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={t(`downloads.${record ? 'edit' : 'create'}`)}>
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="md" maw={640}>
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <Controller
            control={control}
            name="file"
            render={({ field, fieldState }) => (
              <FileInput
                label={t('fields.file')}
                description={t('form.fileHint', {
                  types: DOWNLOAD_EXTENSIONS.join(', '),
                  size: formatNumber(MAX_DOWNLOAD_BYTES / 1024 / 1024, { maximumFractionDigits: 0 }),
                })}
                placeholder={record ? `${record.name}.${record.extension}` : t('form.chooseFile')}
                required={record === undefined}
                clearable
                clearButtonProps={{ 'aria-label': t('form.clearFile') }}
                accept={ACCEPT}
                value={field.value}
                onChange={(file) => {
                  field.onChange(file);
                  if (file && getValues('name').trim() === '') setValue('name', downloadNameOf(file.name));
                }}
                onBlur={field.onBlur}
                ref={field.ref}
                name={field.name}
                error={fieldState.error?.message}
              />
            )}
          />
          <TextInput
            label={t('fields.name')}
            description={t('form.downloadNameHint')}
            required
            maxLength={maxLengthOf(downloadSaveSchema.shape.name)}
            error={formState.errors.name?.message}
            {...register('name')}
          />
          {record && (
            <Text size="sm" c="dimmed">
              {t('downloads.current', { file: `${record.name}.${record.extension}` })}
            </Text>
          )}
          <SaveBar onCancel={() => void navigate(paths.tools.downloads.list())} saving={formState.isSubmitting} />
        </Stack>
      </Card>
    </form>
  );
}
