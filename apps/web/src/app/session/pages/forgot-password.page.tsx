import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { forgotPasswordRequestSchema } from '@meshport/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '@/lib/api/api-client.ts';
import { paths } from '@/lib/paths/paths.ts';
import { formResolver } from '@/shared/forms/index.ts';
import { requestPasswordReset } from '../api/request-password-reset.api.ts';
import { AuthLayout } from '../components/auth-layout.component.tsx';

interface ForgotValues {
  email: string;
}

/** Step one of the reset flow: the server always answers 200, so the reply never leaks accounts. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ForgotValues>({
    defaultValues: { email: '' },
    resolver: formResolver(forgotPasswordRequestSchema, (_field, code, blank) => {
      if (blank) return t('validation.emailRequired');
      return code === 'invalid_format' ? t('validation.emailInvalid') : undefined;
    }),
  });

  const onSubmit = async ({ email }: ForgotValues) => {
    setFailure(null);
    try {
      const answer = await requestPasswordReset(email.trim());
      setSent(answer.message || t('forgot.sent'));
    } catch (error) {
      if (error instanceof ApiError && error.isNetworkError) setFailure(t('errors.noResponse'));
      else if (error instanceof ApiError && error.body.message) setFailure(error.body.message);
      else setFailure(t('forgot.failed'));
    }
  };

  return (
    <AuthLayout title={t('forgot.title')}>
      {sent ? (
        <Stack gap="md">
          <Alert color="teal" variant="light" role="status">
            {sent}
          </Alert>
          <Anchor component={Link} to={paths.login()} ta="center">
            {t('forgot.backToLogin')}
          </Anchor>
        </Stack>
      ) : (
        <form onSubmit={handleSubmit(onSubmit)} noValidate>
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              {t('forgot.intro')}
            </Text>
            {failure && (
              <Alert color="red" variant="light" role="alert">
                {failure}
              </Alert>
            )}
            <TextInput
              type="email"
              label={t('forgot.email')}
              autoComplete="email"
              autoFocus
              withAsterisk
              error={errors.email?.message}
              {...register('email')}
            />
            <Button type="submit" fullWidth loading={isSubmitting}>
              {t('forgot.submit')}
            </Button>
            <Anchor component={Link} to={paths.login()} size="sm" ta="center">
              {t('forgot.backToLogin')}
            </Anchor>
          </Stack>
        </form>
      )}
    </AuthLayout>
  );
}
