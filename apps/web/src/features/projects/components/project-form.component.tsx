import { Alert, Button, Card, Group, Select, Stack, Tabs, Text, Textarea, TextInput } from '@mantine/core';
import { hasPermission, type Project, RECORD_STATUSES } from '@meshport/contract';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '@/lib/api/api-client.ts';
import { paths } from '@/lib/paths/paths.ts';
import { useCurrentUser } from '@/lib/session/auth.context.ts';
import { applyServerErrors, formResolver, maxLengthOf } from '@/shared/forms/index.ts';
import { afterCreate } from '@/shared/ui/after-create.logic.ts';
import { showBanner } from '@/shared/ui/banner.store.ts';
import { useErrorText } from '@/shared/ui/query-state.component.tsx';
import { useLabelOptions } from '../api/get-label-options.api.ts';
import { useUserOptions } from '../api/get-user-options.api.ts';
import { useSaveProject } from '../api/save-project.api.ts';
import { PROJECT_BANNER, PROJECTS_BANNER_SCOPE } from '../logic/project-banners.logic.ts';
import {
  fieldErrors,
  firstTabWithError,
  PROJECT_FORM_SCHEMA,
  PROJECT_FORM_TABS,
  type ProjectFormField,
  type ProjectFormMode,
  type ProjectFormTab,
  type ProjectFormValues,
} from '../logic/project-form.logic.ts';
import { PreviewImageField } from './preview-image-field.component.tsx';
import { LabelsPicker, MembersPicker } from './project-pickers.component.tsx';
import { ProjectModelList, SubProjectList } from './project-related.component.tsx';

const TAB_KEYS: Record<ProjectFormTab, string> = {
  '1': 'tabs.details',
  '2': 'tabs.image',
  '3': 'tabs.members',
  '4': 'tabs.related',
  '5': 'tabs.labels',
};

interface ProjectFormProps {
  mode: ProjectFormMode;
  initial: ProjectFormValues;
  /** The project edited, or the source of a copy. */
  source: Project | null;
  /** The parent of a new sub-project. */
  parentId: number | null;
  initialTab: ProjectFormTab;
  /** Where Cancel goes. */
  cancelTo: string;
}

/** The one project form: create, edit and copy, in five tabs (the fifth: labels). */
export function ProjectForm({ mode, initial, source, parentId, initialTab, cancelTo }: ProjectFormProps) {
  const { t } = useTranslation('projects');
  const user = useCurrentUser();
  const navigate = useNavigate();
  const [, setSearchParams] = useSearchParams();
  const [tab, setTab] = useState<ProjectFormTab>(initialTab);
  const [failure, setFailure] = useState<unknown>(null);
  const failureText = useErrorText(failure);
  const save = useSaveProject();
  const canListUsers = hasPermission(user, 'view-system-users');
  const canListLabels = hasPermission(user, 'list-labels');
  const users = useUserOptions(canListUsers);
  const labels = useLabelOptions(canListLabels);
  const form = useForm<ProjectFormValues>({
    defaultValues: initial,
    resolver: formResolver(PROJECT_FORM_SCHEMA, (field, code, blank) => {
      if (field === 'image') return code === 'too_big' ? t('form.errors.tooLarge') : undefined;
      return blank ? t('form.errors.required') : undefined;
    }),
  });
  const { control, register, handleSubmit, setError, setValue, watch, formState } = form;
  const [name, image, removeImage] = watch(['name', 'image', 'removeImage']);

  const openTab = (next: ProjectFormTab) => {
    setTab(next);
    if (mode === 'edit') setSearchParams({ tab: next }, { replace: true });
  };

  const submit = handleSubmit(
    async (values) => {
      setFailure(null);
      try {
        const saved = await save.mutateAsync({ mode, id: source?.id ?? null, parentId, values });
        showBanner({
          kind: 'success',
          text: t(`form.saved.${mode}`, { name: saved.name }),
          scope: PROJECTS_BANNER_SCOPE,
          ...PROJECT_BANNER,
        });
        // A sub-project returns to the project it was added to; a new project or a copy opens itself.
        const opener = mode === 'create' && parentId !== null ? paths.projects.overview(parentId) : null;
        await navigate(afterCreate(opener, paths.projects.overview(saved.id)));
      } catch (error) {
        if (error instanceof ApiError && error.status === 422 && Object.keys(error.fieldErrors).length > 0) {
          const placed = applyServerErrors(
            error,
            (key, messages) => {
              const byField = fieldErrors({ [key]: [...messages] });
              return byField.root === undefined ? (byField as Partial<Record<ProjectFormField, string>>) : null;
            },
            setError,
            '',
          );
          const [unplaced] = placed.unplaced;
          if (unplaced !== undefined) setFailure(new ApiError(422, { message: unplaced }));
          const errorTab = firstTabWithError(placed.fields);
          if (errorTab) openTab(errorTab);
          return;
        }
        setFailure(error);
      }
    },
    (errors) => {
      const errorTab = firstTabWithError(Object.keys(errors));
      if (errorTab) openTab(errorTab);
    },
  );

  const hasError = (which: ProjectFormTab) =>
    Object.keys(formState.errors).some((field) => firstTabWithError([field]) === which);

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={t(`form.title.${mode}`)}>
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="lg">
          <Tabs value={tab} onChange={(next) => next && openTab(next as ProjectFormTab)} keepMounted>
            <Tabs.List>
              {PROJECT_FORM_TABS.map((key) => (
                <Tabs.Tab key={key} value={key} c={hasError(key) ? 'red' : undefined}>
                  {t('tabs.numbered', { number: key, name: t(TAB_KEYS[key]) })}
                </Tabs.Tab>
              ))}
            </Tabs.List>

            <Tabs.Panel value="1" pt="lg">
              <Stack gap="md" maw={640}>
                <TextInput
                  label={t('form.name')}
                  required
                  maxLength={maxLengthOf(PROJECT_FORM_SCHEMA.shape.name)}
                  error={formState.errors.name?.message}
                  {...register('name')}
                />
                <Textarea
                  label={t('form.description')}
                  autosize
                  minRows={3}
                  maxRows={8}
                  maxLength={maxLengthOf(PROJECT_FORM_SCHEMA.shape.description)}
                  error={formState.errors.description?.message}
                  {...register('description')}
                />
                <Controller
                  control={control}
                  name="status"
                  render={({ field, fieldState }) => (
                    <Select
                      label={t('form.status')}
                      data={RECORD_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))}
                      value={field.value}
                      onChange={(value) => value && field.onChange(value)}
                      allowDeselect={false}
                      error={fieldState.error?.message}
                      maw={280}
                    />
                  )}
                />
              </Stack>
            </Tabs.Panel>

            <Tabs.Panel value="2" pt="lg">
              <Controller
                control={control}
                name="image"
                render={({ field, fieldState }) => (
                  <PreviewImageField
                    current={source?.preview_image ?? null}
                    name={name}
                    file={field.value}
                    removed={removeImage}
                    error={fieldState.error?.message}
                    onFile={(file) => {
                      field.onChange(file);
                      if (file) setValue('removeImage', false);
                    }}
                    onRemove={() => {
                      field.onChange(null);
                      setValue('removeImage', true);
                    }}
                  />
                )}
              />
              {image && (
                <Text size="xs" c="dimmed" mt="xs">
                  {t('form.imageChosen', { name: image.name })}
                </Text>
              )}
            </Tabs.Panel>

            <Tabs.Panel value="3" pt="lg">
              <Controller
                control={control}
                name="users"
                render={({ field, fieldState }) => (
                  <MembersPicker
                    options={canListUsers ? (users.data ?? []) : null}
                    current={source?.users ?? []}
                    value={field.value}
                    onChange={field.onChange}
                    error={fieldState.error?.message}
                    loading={users.isPending && canListUsers}
                    loadFailed={users.isError}
                  />
                )}
              />
            </Tabs.Panel>

            <Tabs.Panel value="4" pt="lg">
              {source && mode === 'edit' ? (
                <Stack gap="lg">
                  <SubProjectList projectId={source.id} />
                  <ProjectModelList projectId={source.id} enabled={hasPermission(user, 'list-project-models')} />
                </Stack>
              ) : (
                <Text c="dimmed" size="sm">
                  {mode === 'copy' ? t('form.relatedCopy') : t('form.relatedAfterSave')}
                </Text>
              )}
            </Tabs.Panel>

            <Tabs.Panel value="5" pt="lg">
              <Controller
                control={control}
                name="labels"
                render={({ field, fieldState }) => (
                  <LabelsPicker
                    options={canListLabels ? (labels.data ?? []) : null}
                    current={source?.labels ?? []}
                    value={field.value}
                    onChange={field.onChange}
                    error={fieldState.error?.message}
                    loading={labels.isPending && canListLabels}
                    loadFailed={labels.isError}
                  />
                )}
              />
            </Tabs.Panel>
          </Tabs>

          {failure !== null && (
            <Alert color="red" variant="light" role="alert" title={t('form.saveFailed')}>
              {failureText}
            </Alert>
          )}

          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => void navigate(cancelTo)} disabled={save.isPending}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t(`form.submit.${mode}`)}
            </Button>
          </Group>
        </Stack>
      </Card>
    </form>
  );
}
