import { Switch, TextInput } from '@mantine/core';
import { adminUserCreateSchema } from '@meshport/contract';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/lib/paths/paths.ts';
import { useCurrentUser } from '@/lib/session/auth.context.ts';
import { applyServerErrors, formResolver, maxLengthOf, requiredMessage, SaveBar } from '@/shared/forms/index.ts';
import { SHORT_BANNER_LIFE_MS, showBanner, TOAST_DELAY_MS } from '@/shared/ui/banner.store.ts';
import { useSaveAdminUser } from '../api/save-admin-user.api.ts';
import { FormCard } from './security-page.component.tsx';

interface AdminUserValues {
  name: string;
  username: string;
  email: string;
  phone_number: string;
  function: string;
  admin: boolean;
}

export interface AdminUserRecord {
  id: number;
  name: string;
  username: string;
  email: string;
  phone_number: string | null;
  function: string | null;
  admin: 0 | 1;
}

const FIELDS = ['name', 'username', 'email', 'phone_number', 'function', 'admin'] as const;
const SHAPE = adminUserCreateSchema.shape;

/** Admin → Users create and edit, with the admin flag (never removable from one's own account). */
export function AdminUserForm({ record }: { record?: AdminUserRecord }) {
  const { t } = useTranslation('security');
  const navigate = useNavigate();
  const me = useCurrentUser();
  const save = useSaveAdminUser(record?.id ?? null);
  const [failure, setFailure] = useState<string | null>(null);
  const { control, register, handleSubmit, setError, formState } = useForm<AdminUserValues>({
    defaultValues: {
      name: record?.name ?? '',
      username: record?.username ?? '',
      email: record?.email ?? '',
      phone_number: record?.phone_number ?? '',
      function: record?.function ?? '',
      admin: record?.admin === 1,
    },
    resolver: formResolver(adminUserCreateSchema, requiredMessage(t('form.required'))),
  });
  const listPath = paths.security.adminUsers.list();
  const own = record?.id === me.id;

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const saved = await save.mutateAsync({
        ...values,
        name: values.name.trim(),
        username: values.username.trim(),
        email: values.email.trim(),
      });
      showBanner({
        kind: 'success',
        text: t(record ? 'users.updated' : 'users.created', { name: saved.name }),
        delay: TOAST_DELAY_MS,
        life: SHORT_BANNER_LIFE_MS,
      });
      await navigate(listPath);
    } catch (error) {
      setFailure(applyServerErrors(error, FIELDS, setError, t('form.saveFailed')).message);
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={t(record ? 'users.edit' : 'users.create')}>
      <FormCard failure={failure}>
        <TextInput
          label={t('fields.name')}
          required
          maxLength={maxLengthOf(SHAPE.name)}
          error={formState.errors.name?.message}
          {...register('name')}
        />
        <TextInput
          label={t('fields.username')}
          required
          maxLength={maxLengthOf(SHAPE.username)}
          autoComplete="off"
          error={formState.errors.username?.message}
          {...register('username')}
        />
        <TextInput
          label={t('fields.email')}
          type="email"
          required
          maxLength={maxLengthOf(SHAPE.email)}
          autoComplete="off"
          error={formState.errors.email?.message}
          {...register('email')}
        />
        <TextInput
          label={t('fields.phoneNumber')}
          maxLength={maxLengthOf(SHAPE.phone_number)}
          error={formState.errors.phone_number?.message}
          {...register('phone_number')}
        />
        <TextInput
          label={t('fields.function')}
          maxLength={maxLengthOf(SHAPE.function)}
          error={formState.errors.function?.message}
          {...register('function')}
        />
        <Controller
          control={control}
          name="admin"
          render={({ field, fieldState }) => (
            <Switch
              label={t('fields.admin')}
              description={own ? t('adminUsers.ownFlag') : undefined}
              checked={field.value}
              disabled={own && field.value}
              onChange={(event) => field.onChange(event.currentTarget.checked)}
              error={fieldState.error?.message}
            />
          )}
        />
        <SaveBar onCancel={() => void navigate(listPath)} saving={formState.isSubmitting} />
      </FormCard>
    </form>
  );
}
