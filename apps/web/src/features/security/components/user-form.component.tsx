import { Checkbox, Fieldset, Stack, TextInput } from '@mantine/core';
import { LICENCES, type Licence, roleEndpoints, type User } from '@meshport/contract';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../lib/paths/paths.ts';
import { applyServerErrors, RecordPicker, SaveBar } from '../../../shared/forms/index.ts';
import { SHORT_BANNER_LIFE_MS, showBanner, TOAST_DELAY_MS } from '../../../shared/ui/banner.store.ts';
import { useLicences, useSaveUser } from '../api/security.api.ts';
import { licenceDisabled, toggleLicence } from '../logic/licences.logic.ts';
import { FormCard } from './security-page.component.tsx';

interface UserValues {
  name: string;
  username: string;
  email: string;
  phone_number: string;
  function: string;
  role_id: string | null;
  licenses: string[];
}

const FIELDS = ['name', 'username', 'email', 'phone_number', 'function', 'role_id', 'licenses'] as const;

/** Security → Users create and edit: details, role and licences (administration.md §2, §4, §5). */
export function UserForm({ record }: { record?: User }) {
  const { t } = useTranslation('security');
  const navigate = useNavigate();
  const save = useSaveUser(record?.id ?? null);
  const seats = useLicences();
  const [failure, setFailure] = useState<string | null>(null);
  const held = record?.licenses ?? [];
  const { control, register, handleSubmit, setError, formState } = useForm<UserValues>({
    defaultValues: {
      name: record?.name ?? '',
      username: record?.username ?? '',
      email: record?.email ?? '',
      phone_number: record?.phone_number ?? '',
      function: record?.function ?? '',
      role_id: record?.role_id ? String(record.role_id) : null,
      licenses: record?.licenses ?? [],
    },
  });
  const required = { validate: (value: string) => value.trim() !== '' || t('form.required') };
  const listPath = paths.security.users.list();

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const saved = await save.mutateAsync({
        name: values.name.trim(),
        username: values.username.trim(),
        email: values.email.trim(),
        phone_number: values.phone_number,
        function: values.function,
        role_id: values.role_id ? Number(values.role_id) : null,
        licenses: values.licenses as Licence[],
      });
      showBanner({
        kind: 'success',
        // An existing account's address is only invited: the answer is the invitation, not the account.
        text:
          'status' in saved
            ? t('users.invited', { email: saved.email })
            : t(record ? 'users.updated' : 'users.created', { name: saved.name }),
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
          maxLength={255}
          error={formState.errors.name?.message}
          {...register('name', required)}
        />
        <TextInput
          label={t('fields.username')}
          required
          maxLength={64}
          autoComplete="off"
          error={formState.errors.username?.message}
          {...register('username', required)}
        />
        <TextInput
          label={t('fields.email')}
          type="email"
          required
          maxLength={255}
          autoComplete="off"
          description={record ? undefined : t('users.emailHint')}
          error={formState.errors.email?.message}
          {...register('email', required)}
        />
        <TextInput
          label={t('fields.phoneNumber')}
          maxLength={50}
          error={formState.errors.phone_number?.message}
          {...register('phone_number')}
        />
        <TextInput
          label={t('fields.function')}
          maxLength={255}
          error={formState.errors.function?.message}
          {...register('function')}
        />
        <Controller
          control={control}
          name="role_id"
          rules={{ validate: (value) => value !== null || t('form.required') }}
          render={({ field, fieldState }) => (
            <RecordPicker
              endpoint={roleEndpoints.list}
              resource="roles"
              sort="title"
              includedFields={['id', 'title']}
              toOption={(role) => ({ value: String(role.id), label: role.title })}
              known={record?.role ? [{ value: String(record.role.id), label: record.role.title }] : []}
              label={t('fields.role')}
              required
              value={field.value}
              onChange={field.onChange}
              error={fieldState.error?.message}
            />
          )}
        />
        <Controller
          control={control}
          name="licenses"
          render={({ field, fieldState }) => (
            <Fieldset legend={t('fields.licences')} aria-describedby={fieldState.error ? 'licences-error' : undefined}>
              <Stack gap="sm">
                {LICENCES.map((licence) => {
                  const seat = seats.data?.find((entry) => entry.licence === licence);
                  return (
                    <Checkbox
                      key={licence}
                      label={t(`licences.${licence}`)}
                      description={seat ? t('licences.seats', { used: seat.used, bought: seat.bought }) : undefined}
                      checked={field.value.includes(licence)}
                      disabled={seats.isPending || licenceDisabled(licence, field.value, seat, held)}
                      onChange={(event) =>
                        field.onChange(toggleLicence(field.value, licence, event.currentTarget.checked))
                      }
                    />
                  );
                })}
                {fieldState.error?.message && (
                  <Stack id="licences-error" c="red" fz="sm" role="alert" gap={2}>
                    {fieldState.error.message}
                  </Stack>
                )}
              </Stack>
            </Fieldset>
          )}
        />
        <SaveBar onCancel={() => void navigate(listPath)} saving={formState.isSubmitting} />
      </FormCard>
    </form>
  );
}
