import { Textarea, TextInput } from '@mantine/core';
import { groupCreateSchema, userEndpoints } from '@meshport/contract';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/lib/paths/paths.ts';
import {
  applyServerErrors,
  formResolver,
  maxLengthOf,
  RecordPicker,
  requiredMessage,
  SaveBar,
} from '@/shared/forms/index.ts';
import { SHORT_BANNER_LIFE_MS, showBanner, TOAST_DELAY_MS } from '@/shared/ui/banner.store.ts';
import { useSaveGroup } from '../api/save-group.api.ts';
import { FormCard } from './security-page.component.tsx';

interface GroupValues {
  name: string;
  description: string;
  users: string[];
}

export interface GroupRecord {
  id: number;
  name: string;
  description: string | null;
  users: { id: number; name: string; email: string }[];
}

/** Security → Groups create and edit: name, description, members of this company. */
export function GroupForm({ record }: { record?: GroupRecord }) {
  const { t } = useTranslation('security');
  const navigate = useNavigate();
  const save = useSaveGroup(record?.id ?? null);
  const [failure, setFailure] = useState<string | null>(null);
  const { control, register, handleSubmit, setError, formState } = useForm<GroupValues>({
    defaultValues: {
      name: record?.name ?? '',
      description: record?.description ?? '',
      users: record?.users.map((user) => String(user.id)) ?? [],
    },
    resolver: formResolver(groupCreateSchema, requiredMessage(t('form.required'))),
  });
  const listPath = paths.security.groups.list();

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const saved = await save.mutateAsync({
        name: values.name.trim(),
        description: values.description,
        users: values.users.map(Number),
      });
      showBanner({
        kind: 'success',
        text: t(record ? 'groups.updated' : 'groups.created', { name: saved.name }),
        delay: TOAST_DELAY_MS,
        life: SHORT_BANNER_LIFE_MS,
      });
      await navigate(listPath);
    } catch (error) {
      setFailure(applyServerErrors(error, ['name', 'description', 'users'], setError, t('form.saveFailed')).message);
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={t(record ? 'groups.edit' : 'groups.create')}>
      <FormCard failure={failure}>
        <TextInput
          label={t('fields.name')}
          required
          maxLength={maxLengthOf(groupCreateSchema.shape.name)}
          error={formState.errors.name?.message}
          {...register('name')}
        />
        <Textarea
          label={t('fields.description')}
          autosize
          minRows={3}
          maxLength={maxLengthOf(groupCreateSchema.shape.description)}
          error={formState.errors.description?.message}
          {...register('description')}
        />
        <Controller
          control={control}
          name="users"
          render={({ field, fieldState }) => (
            <RecordPicker
              endpoint={userEndpoints.list}
              resource="users"
              multiple
              includedFields={['id', 'name', 'email']}
              toOption={(user) => ({ value: String(user.id), label: `${user.name} (${user.email})` })}
              known={
                record?.users.map((user) => ({ value: String(user.id), label: `${user.name} (${user.email})` })) ?? []
              }
              label={t('fields.members')}
              value={field.value}
              onChange={field.onChange}
              error={fieldState.error?.message}
            />
          )}
        />
        <SaveBar onCancel={() => void navigate(listPath)} saving={formState.isSubmitting} />
      </FormCard>
    </form>
  );
}
