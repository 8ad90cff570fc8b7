import { Alert, Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api/api-client.ts';
import { paths } from '../../../lib/paths/paths.ts';
import { resetPassword } from '../api/auth.api.ts';
import { AuthLayout } from '../components/auth-layout.component.tsx';

interface ResetValues {
  password: string;
  password_confirmation: string;
}

const FIELDS = ['password', 'password_confirmation'] as const;

/** Step two: /reset-password?token=… sets a new password; 422 answers are shown per field. */
export default function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<ResetValues>({ defaultValues: { password: '', password_confirmation: '' } });

  const onSubmit = async (values: ResetValues) => {
    setFailure(null);
    try {
      await resetPassword({ token, ...values });
      setDone(true);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.isNetworkError) return setFailure(t('errors.noResponse'));
      let shown = false;
      for (const field of FIELDS) {
        const message = error.fieldErrors[field]?.[0];
        if (message) {
          setError(field, { type: 'server', message });
          shown = true;
        }
      }
      const tokenMessage = error.fieldErrors.token?.[0];
      if (tokenMessage || !shown) setFailure(tokenMessage ?? error.body.message ?? t('reset.failed'));
    }
  };

  if (!token) {
    return (
      <AuthLayout title={t('reset.title')}>
        <Stack gap="md">
          <Alert color="red" variant="light" role="alert">
            {t('reset.missingToken')}
          </Alert>
          <Anchor component={Link} to={paths.forgotPassword()} ta="center">
            {t('reset.requestNew')}
          </Anchor>
        </Stack>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('reset.title')}>
      {done ? (
        <Stack gap="md">
          <Alert color="teal" variant="light" role="status">
            {t('reset.done')}
          </Alert>
          <Button component={Link} to={paths.login()} fullWidth>
            {t('reset.toLogin')}
          </Button>
        </Stack>
      ) : (
        <form onSubmit={handleSubmit(onSubmit)} noValidate>
          <Stack gap="md">
            {failure && (
              <Alert color="red" variant="light" role="alert">
                {failure}
              </Alert>
            )}
            <PasswordInput
              label={t('reset.password')}
              autoComplete="new-password"
              autoFocus
              withAsterisk
              error={errors.password?.message}
              visibilityToggleButtonProps={{ tabIndex: 0, 'aria-label': t('login.togglePassword') }}
              {...register('password', { required: t('validation.passwordRequired') })}
            />
            <PasswordInput
              label={t('reset.confirm')}
              autoComplete="new-password"
              withAsterisk
              error={errors.password_confirmation?.message}
              visibilityToggleButtonProps={{ tabIndex: 0, 'aria-label': t('login.togglePassword') }}
              {...register('password_confirmation', {
                required: t('validation.confirmRequired'),
                validate: (value) => value === getValues('password') || t('validation.confirmMismatch'),
              })}
            />
            <Button type="submit" fullWidth loading={isSubmitting}>
              {t('reset.submit')}
            </Button>
          </Stack>
        </form>
      )}
    </AuthLayout>
  );
}
