import { Avatar, FileInput, Group, PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { PROFILE_IMAGE_TYPES } from '@meshport/contract';
import { type Control, useController, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/shared/forms/index.ts';
import { initials } from '@/shared/ui/initials.logic.ts';
import { type MyAccountFormValues, wantsEmailChange } from '../logic/my-account-form.logic.ts';

interface DetailsTabProps {
  control: Control<MyAccountFormValues>;
  name: string;
  profileImage: string | null;
  /** The account's address: another one typed asks for the current password. */
  loadedEmail: string;
}

/** The user form (administration.md §2): the image is shown, its upload disabled on this page. */
export function DetailsTab({ control, name, profileImage, loadedEmail }: DetailsTabProps) {
  const { t } = useTranslation('account');
  const values = useWatch({ control }) as MyAccountFormValues;
  return (
    <Stack gap="md">
      <Group align="flex-start" gap="lg">
        <Avatar src={profileImage} alt={t('details.profileImageAlt')} color="brand" size={96} radius="xl">
          {initials(name)}
        </Avatar>
        <FileInput
          label={t('details.profileImage')}
          description={t('details.profileImageHint')}
          accept={PROFILE_IMAGE_TYPES.join(',')}
          placeholder={t('details.profileImageDisabled')}
          disabled
          w={{ base: '100%', sm: 360 }}
        />
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextField control={control} name="name" label={t('details.name')} required maxLength={255} />
        <TextField control={control} name="username" label={t('details.username')} required maxLength={64} />
        <EmailField control={control} label={t('details.email')} />
        {wantsEmailChange(values, loadedEmail) && <EmailPasswordField control={control} />}
        <TextField control={control} name="phone_number" label={t('details.phoneNumber')} maxLength={50} />
        <TextField control={control} name="function" label={t('details.function')} maxLength={255} />
      </SimpleGrid>
    </Stack>
  );
}

/** Email: an e-mail-type input (administration.md §5), required. */
function EmailField({ control, label }: { control: Control<MyAccountFormValues>; label: string }) {
  const { field, fieldState } = useController({ control, name: 'email' });
  return (
    <TextInput
      type="email"
      label={label}
      required
      maxLength={255}
      autoComplete="email"
      name={field.name}
      ref={field.ref}
      value={field.value}
      onChange={(event) => field.onChange(event.currentTarget.value)}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
    />
  );
}

/** A new address needs the current password; it counts once the link mailed to it is followed. */
function EmailPasswordField({ control }: { control: Control<MyAccountFormValues> }) {
  const { t } = useTranslation('account');
  const { field, fieldState } = useController({ control, name: 'email_password' });
  return (
    <PasswordInput
      label={t('details.emailPassword')}
      description={t('details.emailPasswordHint')}
      required
      autoComplete="current-password"
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
