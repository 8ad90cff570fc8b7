import { Alert, Anchor, Card, List, Stack, Text, TextInput, Title } from '@mantine/core';
import { materialImportSchema } from '@meshport/contract';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { paths } from '@/lib/paths/paths.ts';
import { formResolver, SaveBar } from '@/shared/forms/index.ts';
import { type UploadedFile, UploadField } from '@/shared/upload/index.ts';
import { useImportMaterial } from '../api/import-material.api.ts';
import { CategoriesPicker } from '../components/category-picker.component.tsx';
import { useSavedMaterial } from '../components/use-saved-material.hook.ts';
import { fieldMessageKey } from '../logic/form-errors.logic.ts';
import { placeMaterialSaveErrors } from '../logic/material-save-errors.logic.ts';

/**
 * The import checked by its contract: a finished upload (its id), and a name only when one is
 * given (blank: the package's own).
 */
const importFormSchema = materialImportSchema.pick({ categories: true }).extend({
  file: z.object({ uploadId: materialImportSchema.shape.upload_id }),
  name: z
    .string()
    .transform((name) => name.trim() || undefined)
    .pipe(materialImportSchema.shape.name),
});

interface ImportValues {
  file: UploadedFile | null;
  name: string;
  categories: number[];
}

/** What a .matz holds (docs/material-package.md), in short. */
function PackageHelp() {
  const { t } = useTranslation('materials');
  return (
    <Stack gap={4} component="section" aria-labelledby="matz-help">
      <Text size="sm" fw={600} id="matz-help">
        {t('import.helpTitle')}
      </Text>
      <List size="sm" c="dimmed" spacing={2}>
        <List.Item>{t('import.helpZip')}</List.Item>
        <List.Item>{t('import.helpJson')}</List.Item>
        <List.Item>{t('import.helpNames')}</List.Item>
        <List.Item>{t('import.helpImages')}</List.Item>
      </List>
    </Stack>
  );
}

/** /materials/import: a material from a `.matz` package, under the package's name or one given. */
export function MaterialImportPage() {
  const { t } = useTranslation('materials');
  const navigate = useNavigate();
  const save = useImportMaterial();
  const done = useSavedMaterial();
  const [failure, setFailure] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const form = useForm<ImportValues>({
    defaultValues: { file: null, name: '', categories: [] },
    resolver: formResolver(importFormSchema, (field, code) => t(fieldMessageKey(field, code))),
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    const name = values.name.trim();
    try {
      const saved = await save.mutateAsync({
        upload_id: values.file?.uploadId ?? '',
        ...(name ? { name } : {}),
        categories: values.categories,
      });
      await done(saved.name, 'messages.materialImported');
    } catch (error) {
      const placed = placeMaterialSaveErrors(error, form.setError, ['file', 'name', 'categories'], {
        fallback: t('form.saveFailed'),
        noResponse: t('common:errors.noResponse'),
      });
      setFailure(placed.message);
    }
  });

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Anchor component={Link} to={paths.materials.list()} size="sm">
          {t('breadcrumbs.root')}
        </Anchor>
        <Title order={1} size="h2">
          {t('import.title')}
        </Title>
      </Stack>
      <Card withBorder radius="lg" padding="xl" component="form" onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md" maw={720}>
          {failure && (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          )}
          <Controller
            control={form.control}
            name="file"
            render={({ field }) => (
              <UploadField
                label={t('import.file')}
                description={t('import.fileHint')}
                purpose="material_package"
                required
                value={field.value}
                onChange={(file) => {
                  field.onChange(file);
                  form.clearErrors('file');
                }}
                onBusyChange={setUploading}
                error={errors.file?.message}
              />
            )}
          />
          <PackageHelp />
          <TextInput
            label={t('form.name')}
            description={t('import.nameHint')}
            placeholder={t('import.namePlaceholder')}
            {...form.register('name')}
            error={errors.name?.message}
          />
          <Controller
            control={form.control}
            name="categories"
            render={({ field }) => (
              <CategoriesPicker
                label={t('form.categories')}
                placeholder={t('form.categoriesPlaceholder')}
                value={field.value}
                onChange={field.onChange}
                error={errors.categories?.message}
              />
            )}
          />
          <SaveBar
            onCancel={() => void navigate(paths.materials.list())}
            saving={isSubmitting}
            disabled={uploading}
            saveLabel={uploading ? t('form.waitingForUploads') : t('import.submit')}
          />
        </Stack>
      </Card>
    </Stack>
  );
}
