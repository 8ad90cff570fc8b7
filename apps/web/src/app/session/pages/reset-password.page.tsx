import { Alert, Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { resetPasswordRequestSchema } from '@meshport/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';
import { ApiError } from '@/lib/api/api-client.ts';
import { paths } from '@/lib/paths/paths.ts';
import { applyServerErrors, formResolver } from '@/shared/forms/index.ts';
import { resetPassword } from '../api/reset-password.api.ts';
import { AuthLayout } from '../components/auth-layout.component.tsx';

interface ResetValues {
  password: string;
  password_confirmation: string;
}

const FIELDS = ['password', 'password_confirmation'] as const;

const { password, password_confirmation } = resetPasswordRequestSchema.shape;
/** The contract's reset without the token (it comes from the link): the password twice, the same. */
const resetFormSchema = z
  .object({ password, password_confirmation })
  .refine((values) => values.password === values.password_confirmation, { path: ['password_confirmation'] });

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
    formState: { errors, isSubmitting },
  } = useForm<ResetValues>({
    defaultValues: { password: '', password_confirmation: '' },
    resolver: formResolver(resetFormSchema, (field, code, blank) => {
      if (field === 'password') return blank ? t('validation.passwordRequired') : undefined;
      if (blank) return t('validation.confirmRequired');
      return code === 'custom' ? t('validation.confirmMismatch') : undefined;
    }),
  });

  const onSubmit = async (values: ResetValues) => {
    setFailure(null);
    try {
      await resetPassword({ token, ...values });
      setDone(true);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.isNetworkError) return setFailure(t('errors.noResponse'));
      // A token refused (expired, used) shows above the form: the fields cannot mend it.
      setFailure(applyServerErrors(error, FIELDS, setError, t('reset.failed')).message);
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
              {...register('password')}
            />
            <PasswordInput
              label={t('reset.confirm')}
              autoComplete="new-password"
              withAsterisk
              error={errors.password_confirmation?.message}
              visibilityToggleButtonProps={{ tabIndex: 0, 'aria-label': t('login.togglePassword') }}
              {...register('password_confirmation')}
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
