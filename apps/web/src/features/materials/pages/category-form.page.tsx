import { Button, Card, Checkbox, FileInput, Group, Image, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  materialCategorySaveSchema,
  PREVIEW_IMAGE_TYPES,
  RECORD_STATUSES,
  type RecordStatus,
} from '@meshport/contract';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { paths } from '@/lib/paths/paths.ts';
import { applyServerErrors, formResolver } from '@/shared/forms/index.ts';
import { afterCreate } from '@/shared/ui/after-create.logic.ts';
import { SHORT_BANNER_LIFE_MS, showBanner } from '@/shared/ui/banner.store.ts';
import { QueryState, SkeletonRows } from '@/shared/ui/query-state.component.tsx';
import { throwIfMissing, throwRecordMissing } from '@/shared/ui/record-pages.component.tsx';
import { useCreateCategory } from '../api/create-category.api.ts';
import { type CategoryRecord, useCategory } from '../api/get-category.api.ts';
import { useUpdateCategory } from '../api/update-category.api.ts';
import { ParentCategoryPicker } from '../components/category-picker.component.tsx';
import { useWriteError } from '../components/use-write-error.hook.ts';
import type { CategorySave } from '../logic/category-save.logic.ts';
import { fieldMessageKey } from '../logic/form-errors.logic.ts';
import { MATERIALS_BANNER_SCOPE } from '../logic/materials.constants.ts';

interface CategoryFormValues {
  name: string;
  status: RecordStatus;
  parent_id: number | null;
  preview_image: File | null;
  remove_preview_image: boolean;
}

const FIELDS = ['name', 'status', 'parent_id', 'preview_image'] as const;

function parseId(value: string | undefined): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** Where a saved category is listed: its parent's page, or the top level. */
const listOf = (parentId: number | null) =>
  parentId === null ? paths.materials.list() : paths.materials.categories.detail(parentId);

function CategoryForm({ category, parentId }: { category: CategoryRecord | null; parentId: number | null }) {
  const { t } = useTranslation('materials');
  const navigate = useNavigate();
  const create = useCreateCategory();
  const update = useUpdateCategory();
  const errorText = useWriteError();
  const form = useForm<CategoryFormValues>({
    defaultValues: {
      name: category?.name ?? '',
      status: category?.status ?? 'active',
      parent_id: category ? category.parent_id : parentId,
      preview_image: null,
      remove_preview_image: false,
    },
    resolver: formResolver(materialCategorySaveSchema, (field, code) => t(fieldMessageKey(field, code))),
  });
  const { errors } = form.formState;
  const statusOptions = RECORD_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }));

  const onSubmit = form.handleSubmit(async (values) => {
    const save: CategorySave = { name: values.name.trim(), status: values.status, parentId: values.parent_id };
    if (values.preview_image) save.previewImage = values.preview_image;
    else if (values.remove_preview_image) save.previewImage = null;
    try {
      const saved = category ? await update.mutateAsync({ id: category.id, save }) : await create.mutateAsync(save);
      showBanner({
        kind: 'success',
        text: t(category ? 'messages.categoryUpdated' : 'messages.categoryCreated'),
        scope: MATERIALS_BANNER_SCOPE,
        life: SHORT_BANNER_LIFE_MS,
      });
      // An edit goes back to where the category is listed; a new one follows the create rule.
      if (category) await navigate(listOf(saved.parent_id));
      else
        await navigate(
          afterCreate(parentId === null ? null : listOf(parentId), paths.materials.categories.detail(saved.id)),
        );
    } catch (error) {
      const { fields } = applyServerErrors(error, FIELDS, form.setError, '');
      if (fields.length === 0) {
        showBanner({ kind: 'failure', text: errorText(error), scope: MATERIALS_BANNER_SCOPE, life: 0 });
      }
    }
  });

  return (
    <Card withBorder radius="lg" padding="xl" maw={720}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack gap="md">
          <TextInput label={t('form.name')} required {...form.register('name')} error={errors.name?.message} />
          <Controller
            control={form.control}
            name="parent_id"
            render={({ field }) => (
              <ParentCategoryPicker
                label={t('form.parent')}
                placeholder={t('form.parentPlaceholder')}
                value={field.value}
                onChange={field.onChange}
                exclude={category?.id}
                error={errors.parent_id?.message}
              />
            )}
          />
          <Controller
            control={form.control}
            name="status"
            render={({ field }) => (
              <Select
                label={t('form.status')}
                data={statusOptions}
                value={field.value}
                onChange={(value) => field.onChange(value ?? 'active')}
                allowDeselect={false}
                error={errors.status?.message}
              />
            )}
          />
          {category?.preview_image_url && (
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                {t('form.currentPreview')}
              </Text>
              <Image
                src={category.preview_image_url}
                alt={t('overview.preview', { name: category.name })}
                h={120}
                w={160}
                fit="contain"
                radius="md"
                bg="gray.1"
              />
              <Checkbox label={t('form.removePreviewImage')} {...form.register('remove_preview_image')} />
            </Stack>
          )}
          <Controller
            control={form.control}
            name="preview_image"
            render={({ field }) => (
              <FileInput
                label={t('form.previewImage')}
                description={t('form.previewImageHint')}
                accept={PREVIEW_IMAGE_TYPES.join(',')}
                clearable
                value={field.value}
                onChange={field.onChange}
                error={errors.preview_image?.message}
              />
            )}
          />
          <Group justify="flex-end" gap="sm" mt="md">
            <Button component={Link} to={listOf(category ? category.parent_id : parentId)} variant="default">
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {t('actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function Loading() {
  const { t } = useTranslation('materials');
  return (
    <Stack gap="sm" maw={720}>
      <Text c="dimmed">{t('form.loading')}</Text>
      <SkeletonRows rows={4} height={36} label={t('form.loading')} />
    </Stack>
  );
}

/** /materials/categories/create and /materials/categories/create/{categoryId} (a sub-category). */
export function CategoryCreatePage() {
  const { t } = useTranslation('materials');
  const raw = useParams().categoryId;
  const parentId = parseId(raw);
  const parent = useCategory(parentId);
  if (raw !== undefined && parentId === null) throwRecordMissing();
  throwIfMissing(parent);
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {parentId !== null && parent.data
          ? t('form.newSubCategory', { name: parent.data.name })
          : t('form.newCategory')}
      </Title>
      {parentId === null ? (
        <CategoryForm category={null} parentId={null} />
      ) : (
        <QueryState query={parent} loading={<Loading />}>
          {(record) => <CategoryForm category={null} parentId={record.id} />}
        </QueryState>
      )}
    </Stack>
  );
}

/** /materials/categories/edit/{categoryId}: name, parent, status and preview image. */
export function CategoryEditPage() {
  const { t } = useTranslation('materials');
  const id = parseId(useParams().categoryId);
  const query = useCategory(id);
  if (id === null) throwRecordMissing();
  throwIfMissing(query);
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {query.data ? t('form.editCategory', { name: query.data.name }) : t('common:titles.categoryEdit')}
      </Title>
      <QueryState query={query} loading={<Loading />}>
        {(record) => <CategoryForm key={record.id} category={record} parentId={record.parent_id} />}
      </QueryState>
    </Stack>
  );
}
