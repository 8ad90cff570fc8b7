import { Alert, Card, Stack, Textarea, TextInput } from '@mantine/core';
import { type ProjectModel, projectEndpoints, projectModelCreateSchema } from '@meshport/contract';
import { useCallback, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import { paths } from '@/lib/paths/paths.ts';
import {
  applyServerErrors,
  fieldOf,
  formResolver,
  maxLengthOf,
  type PickerOption,
  type PlacedRecord,
  PlacementFields,
  type PlacementValues,
  placementBody,
  placementChanged,
  placementValues,
  RecordPicker,
  requiredMessage,
  SaveBar,
} from '@/shared/forms/index.ts';
import { afterCreate } from '@/shared/ui/after-create.logic.ts';
import { showBanner, TOAST_DELAY_MS } from '@/shared/ui/banner.store.ts';
import { nameFromFileName, type UploadedFile, UploadField } from '@/shared/upload/index.ts';
import { useCreateModel } from '../api/create-model.api.ts';
import { useUpdateModel } from '../api/update-model.api.ts';

interface ModelFormValues extends PlacementValues {
  project: string | null;
  name: string;
  description: string;
  file: UploadedFile | null;
}

type ModelFormField = keyof ModelFormValues;

/** The form checked by the model's contract: project, name, description, and the file's upload (required to create). */
function modelFormSchema(editing: boolean) {
  const { project_id, name, description, upload_id, units, up_axis } = projectModelCreateSchema.shape;
  const file = z.object({ uploadId: upload_id });
  return z.object({ project: project_id, name, description, file: editing ? file.nullable() : file, units, up_axis });
}

/** Where the server's 422 fields show on this form. */
const SERVER_FIELDS: Readonly<Record<string, ModelFormField>> = {
  project_id: 'project',
  name: 'name',
  description: 'description',
  upload_id: 'file',
  units: 'units',
  up_axis: 'up_axis',
};

type ModelFormProps =
  | {
      mode: 'create';
      /** The project chosen by the route, with its name: saving in it returns there. */
      project: PickerOption | null;
      cancelTo: string;
    }
  | { mode: 'edit'; model: ProjectModel & PlacedRecord; backTo: { path: string; state?: unknown } };

const projectOption = (project: { id: number; name: string }): PickerOption => ({
  value: String(project.id),
  label: project.name,
});

/**
 * The model form: project, name, description and the file (required when creating; a new file
 * when editing replaces the current one and processes it again). Save waits for the upload.
 */
export function ModelForm(props: ModelFormProps) {
  const { t } = useTranslation('projects');
  const navigate = useNavigate();
  // Opened from the processor (navigation state 'processor'): a new model returns there, to its Models tab.
  const fromProcessor = useLocation().state === 'processor';
  const create = useCreateModel();
  const update = useUpdateModel(props.mode === 'edit' ? props.model.id : 0);
  const [failure, setFailure] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const editing = props.mode === 'edit';
  const form = useForm<ModelFormValues>({
    defaultValues: editing
      ? {
          project: String(props.model.project_id),
          name: props.model.name,
          description: props.model.description ?? '',
          file: null,
          ...placementValues(props.model),
        }
      : { project: props.project?.value ?? null, name: '', description: '', file: null, ...placementValues() },
    resolver: formResolver(modelFormSchema(editing), requiredMessage(t('modelForm.required'))),
  });
  const { errors, isSubmitting } = form.formState;

  const onFileChange = useCallback(
    (file: UploadedFile | null, change: (file: UploadedFile | null) => void) => {
      change(file);
      if (file && form.getValues('name').trim() === '') {
        form.setValue('name', nameFromFileName(file.name), { shouldValidate: form.formState.isSubmitted });
      }
    },
    [form],
  );

  const leave = () =>
    props.mode === 'edit' ? navigate(props.backTo.path, { state: props.backTo.state }) : navigate(props.cancelTo);

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    const name = values.name.trim();
    const description = values.description.trim() === '' ? null : values.description.trim();
    try {
      if (props.mode === 'create') {
        const saved = await create.mutateAsync({
          name,
          description,
          project_id: Number(values.project),
          upload_id: values.file?.uploadId ?? '',
          ...placementBody(values),
        });
        showBanner({ kind: 'success', text: t('modelForm.created', { name: saved.name }), delay: TOAST_DELAY_MS });
        if (fromProcessor) {
          await navigate(paths.processor(), { state: { tab: 0 } });
          return;
        }
        const opener = props.project?.value === values.project ? paths.projects.overview(saved.project_id) : null;
        await navigate(afterCreate(opener, paths.projects.models.overview(saved.id)));
        return;
      }
      const reprocessing = !!values.file || placementChanged(values, props.model);
      const saved = await update.mutateAsync({
        name,
        description,
        ...placementBody(values),
        ...(values.file ? { upload_id: values.file.uploadId } : {}),
      });
      const text = reprocessing
        ? t('modelForm.savedReprocessing', { name: saved.name })
        : t('modelForm.saved', { name: saved.name });
      showBanner({ kind: 'success', text, delay: TOAST_DELAY_MS });
      await leave();
    } catch (error) {
      const placed = applyServerErrors(
        error,
        (key) => SERVER_FIELDS[fieldOf(key)] ?? null,
        form.setError,
        t('modelForm.saveFailed'),
      );
      setFailure(placed.message);
    }
  });

  const fileField = (
    <Controller
      control={form.control}
      name="file"
      render={({ field }) => (
        <UploadField
          label={editing ? t('modelForm.newFile') : t('modelForm.file')}
          description={editing ? t('modelForm.newFileHint') : t('modelForm.fileHint')}
          purpose="model"
          required={!editing}
          value={field.value}
          onChange={(file) => onFileChange(file, field.onChange)}
          onBusyChange={setUploading}
          error={errors.file?.message}
        />
      )}
    />
  );

  return (
    <Card withBorder radius="lg" padding="xl" component="form" onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md" maw={720}>
        {failure && (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        {props.mode === 'create' && (
          <Controller
            control={form.control}
            name="project"
            render={({ field }) => (
              <RecordPicker
                endpoint={projectEndpoints.list}
                resource="projects"
                label={t('modelForm.project')}
                placeholder={t('modelForm.projectPlaceholder')}
                required
                value={field.value}
                onChange={field.onChange}
                toOption={projectOption}
                includedFields={['id', 'name']}
                known={props.project ? [props.project] : undefined}
                error={errors.project?.message}
              />
            )}
          />
        )}
        {!editing && fileField}
        <TextInput
          label={t('modelForm.name')}
          description={editing ? undefined : t('modelForm.nameHint')}
          required
          maxLength={maxLengthOf(projectModelCreateSchema.shape.name)}
          error={errors.name?.message}
          {...form.register('name')}
        />
        <Textarea
          label={t('modelForm.description')}
          autosize
          minRows={3}
          maxLength={maxLengthOf(projectModelCreateSchema.shape.description)}
          error={errors.description?.message}
          {...form.register('description')}
        />
        <PlacementFields control={form.control} />
        {editing && fileField}
        <SaveBar
          onCancel={() => void leave()}
          saving={isSubmitting}
          disabled={uploading}
          saveLabel={uploading ? t('modelForm.waitForUpload') : undefined}
        />
      </Stack>
    </Card>
  );
}
