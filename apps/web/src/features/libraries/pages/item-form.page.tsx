import { Alert, Button, Card, Group, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { type LibraryItem, libraryItemCreateSchema } from '@meshport/contract';
import { type ReactNode, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { paths } from '@/lib/paths/paths.ts';
import {
  applyServerErrors,
  fieldOf,
  formResolver,
  maxLengthOf,
  type PlacedRecord,
  PlacementFields,
  type PlacementValues,
  placementBody,
  placementChanged,
  placementValues,
  requiredMessage,
} from '@/shared/forms/index.ts';
import { showBanner, TOAST_DELAY_MS } from '@/shared/ui/banner.store.ts';
import { PanelError } from '@/shared/ui/query-state.component.tsx';
import { throwIfMissing } from '@/shared/ui/record-pages.component.tsx';
import { type UploadedFile, UploadField } from '@/shared/upload/index.ts';
import { useLibraryHeader } from '../api/get-library.api.ts';
import { useLibraryItem } from '../api/get-library-item.api.ts';
import { type PickerOption, useLibraryOptions } from '../api/search-libraries.api.ts';
import { useUpdateItem } from '../api/update-item.api.ts';
import { ItemCreateForm } from '../components/item-create-form.component.tsx';
import { LoadingForm } from '../components/loading-form.component.tsx';
import { RecordMultiPicker } from '../components/record-picker.component.tsx';
import { ITEM_BANNER_SCOPE } from '../logic/banner-scope.logic.ts';
import { idParam } from '../logic/breadcrumbs.logic.ts';

/** What the form checks itself: the contract's name and description (the pickers hold valid choices). */
const ITEM_FORM_SCHEMA = libraryItemCreateSchema.pick({ name: true, description: true, units: true, up_axis: true });

interface ItemFormValues extends PlacementValues {
  name: string;
  description: string;
  libraries: PickerOption[];
  /** A new file: replaces the current one, and the item is processed again. */
  file: UploadedFile | null;
}

function ItemForm({ item, backTo }: { item: LibraryItem & PlacedRecord; backTo: { path: string; state?: unknown } }) {
  const { t } = useTranslation('libraries');
  const navigate = useNavigate();
  const update = useUpdateItem(item.id);
  const [failure, setFailure] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const form = useForm<ItemFormValues>({
    defaultValues: {
      name: item.name,
      description: item.description ?? '',
      libraries: item.libraries,
      file: null,
      ...placementValues(item),
    },
    resolver: formResolver(ITEM_FORM_SCHEMA, requiredMessage(t('form.required'))),
  });
  const { errors, isSubmitting } = form.formState;
  const leave = () => navigate(backTo.path, { state: backTo.state });

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    const reprocessing = !!values.file || placementChanged(values, item);
    try {
      const saved = await update.mutateAsync({
        name: values.name.trim(),
        description: values.description.trim() === '' ? null : values.description.trim(),
        libraries: values.libraries.map((library) => library.id),
        ...placementBody(values),
        ...(values.file ? { upload_id: values.file.uploadId } : {}),
      });
      showBanner({
        kind: 'success',
        // The overview shows its own banners; elsewhere (the processor) the toast of the frame.
        ...(backTo.state === undefined ? { scope: ITEM_BANNER_SCOPE } : {}),
        text: reprocessing
          ? t('itemForm.savedReprocessing', { name: saved.name })
          : t('form.saved', { name: saved.name }),
        delay: TOAST_DELAY_MS,
      });
      await leave();
    } catch (error) {
      const placed = applyServerErrors(
        error,
        (key) => {
          const field = fieldOf(key);
          if (field === 'upload_id') return 'file';
          return ['name', 'description', 'libraries', 'units', 'up_axis'].includes(field)
            ? (field as keyof ItemFormValues)
            : null;
        },
        form.setError,
        t('form.saveFailed'),
      );
      setFailure(placed.message);
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
          maxLength={maxLengthOf(ITEM_FORM_SCHEMA.shape.name)}
          error={errors.name?.message}
          {...form.register('name')}
        />
        <Textarea
          label={t('fields.description')}
          autosize
          minRows={3}
          maxLength={maxLengthOf(ITEM_FORM_SCHEMA.shape.description)}
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
        <PlacementFields control={form.control} />
        <Controller
          control={form.control}
          name="file"
          render={({ field }) => (
            <UploadField
              label={t('itemForm.newFile')}
              description={t('itemForm.newFileHint')}
              purpose="model"
              value={field.value}
              onChange={field.onChange}
              onBusyChange={setUploading}
              error={errors.file?.message}
            />
          )}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => void leave()}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={isSubmitting} disabled={uploading}>
            {uploading ? t('itemForm.waitForUpload') : t('actions.save')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** /libraries/items/edit/{itemId} (hatch): name, description, libraries and a new file of an item. */
export function ItemEditPage() {
  const { t } = useTranslation('libraries');
  const id = idParam(useParams().itemId) ?? 0;
  const item = useLibraryItem(id);
  const fromProcessor = useLocation().state === 'processor';
  const backTo = fromProcessor
    ? { path: paths.processor(), state: { tab: 1 } }
    : { path: paths.libraries.items.overview(id) };
  if (item.isPending) return <LoadingForm />;
  throwIfMissing(item);
  if (item.isError) return <PanelError error={item.error} onRetry={() => void item.refetch()} />;
  return (
    <Stack gap="lg">
      <Title order={1}>{t('form.itemEditTitle')}</Title>
      <ItemForm key={item.data.updated_at} item={item.data} backTo={backTo} />
    </Stack>
  );
}

/** /libraries/items/create and /libraries/items/create/{libraryId} (hatch): items from uploaded files. */
export function ItemCreatePage() {
  const { t } = useTranslation('libraries');
  const raw = useParams().libraryId;
  const libraryId = idParam(raw);
  const library = useLibraryHeader(libraryId);
  const cancelTo = libraryId === null ? paths.libraries.list() : paths.libraries.detail(libraryId);
  throwIfMissing(library);
  let body: ReactNode;
  if (libraryId !== null && library.isPending) body = <LoadingForm />;
  else if (libraryId !== null && library.isError) {
    body = <PanelError error={library.error} onRetry={() => void library.refetch()} />;
  } else {
    const initial = library.data ? [{ id: library.data.id, name: library.data.name }] : [];
    body = (
      <ItemCreateForm
        initialLibraries={initial}
        cancelTo={cancelTo}
        openedFrom={libraryId === null ? null : paths.libraries.detail(libraryId)}
      />
    );
  }
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('itemForm.createTitle')}</Title>
        <Text c="dimmed" size="sm">
          {t('itemForm.createIntro')}
        </Text>
      </Stack>
      {body}
    </Stack>
  );
}
