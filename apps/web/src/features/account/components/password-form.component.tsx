import { Checkbox, PasswordInput, SimpleGrid, Stack, Title } from '@mantine/core';
import { type Control, type Path, useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { MyAccountFormValues } from '../logic/my-account-form.logic.ts';

type PasswordField = Extract<
  Path<MyAccountFormValues>,
  'current_password' | 'new_password' | 'new_password_confirmation'
>;

function PasswordField({
  control,
  name,
  label,
  autoComplete,
}: {
  control: Control<MyAccountFormValues>;
  name: PasswordField;
  label: string;
  autoComplete: string;
}) {
  const { field, fieldState } = useController({ control, name });
  return (
    <PasswordInput
      label={label}
      autoComplete={autoComplete}
      maxLength={1024}
      name={field.name}
      ref={field.ref}
      value={field.value}
      onChange={(event) => field.onChange(event.currentTarget.value)}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
    />
  );
}

/** Change password (administration.md §5); saved with the page's Save, server errors under their fields. */
export function PasswordForm({ control }: { control: Control<MyAccountFormValues> }) {
  const { t } = useTranslation('account');
  const logoutAll = useController({ control, name: 'logout_all_devices' });
  return (
    <Stack gap="sm">
      <Title order={3} size="h4">
        {t('password.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <PasswordField
          control={control}
          name="current_password"
          label={t('password.current')}
          autoComplete="current-password"
        />
        <PasswordField control={control} name="new_password" label={t('password.new')} autoComplete="new-password" />
        <PasswordField
          control={control}
          name="new_password_confirmation"
          label={t('password.confirmation')}
          autoComplete="new-password"
        />
      </SimpleGrid>
      <Checkbox
        label={t('password.logoutAll')}
        description={t('password.logoutAllHint')}
        name={logoutAll.field.name}
        ref={logoutAll.field.ref}
        checked={logoutAll.field.value}
        onChange={(event) => logoutAll.field.onChange(event.currentTarget.checked)}
      />
    </Stack>
  );
}
