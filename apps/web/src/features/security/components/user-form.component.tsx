import { Checkbox, Fieldset, Stack, TextInput } from '@mantine/core';
import { LICENCES, type Licence, roleEndpoints, type User, userCreateSchema } from '@meshport/contract';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';
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
import { useLicences } from '../api/get-licences.api.ts';
import { useSaveUser } from '../api/save-user.api.ts';
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
/** A member has a role: the picker's null (none chosen) is refused here, as the server refuses it. */
const userFormSchema = userCreateSchema.extend({ role_id: z.string() });
const SHAPE = userCreateSchema.shape;

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
    resolver: formResolver(userFormSchema, requiredMessage(t('form.required'))),
  });
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
          description={record ? undefined : t('users.emailHint')}
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
          name="role_id"
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
