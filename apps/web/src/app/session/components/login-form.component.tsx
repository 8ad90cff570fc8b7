import { Alert, Anchor, Button, Checkbox, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/lib/paths/paths.ts';
import { useAuth } from '@/lib/session/auth.context.ts';
import { type LoginErrorView, loginErrorView } from '../login-error.logic.ts';

interface LoginValues {
  identity: string;
  password: string;
  remember: boolean;
}

type LoginField = 'identity' | 'password';
type FieldErrors = Partial<Record<LoginField, string>>;

/** shell.md §5: identity and password are both required. */
export function missingFields(values: LoginValues): LoginField[] {
  const missing: LoginField[] = [];
  if (values.identity.trim() === '') missing.push('identity');
  if (values.password === '') missing.push('password');
  return missing;
}

/**
 * shell.md §2 /login: identity, password with show/hide, remember me, forgot password.
 * Plain controlled inputs: react-hook-form and its resolver would add 15 KB gzip to the login
 * route's JS budget (decision 0039, with the measured numbers).
 */
export function LoginForm() {
  const { t } = useTranslation('auth');
  const { login } = useAuth();
  const [values, setValues] = useState<LoginValues>({ identity: '', password: '', remember: false });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<LoginErrorView | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const identityRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const set = <K extends keyof LoginValues>(field: K, value: LoginValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (field !== 'remember') setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const missing = missingFields(values);
    if (missing.length > 0) {
      setErrors(Object.fromEntries(missing.map((field) => [field, t(`validation.${field}Required`)])));
      (missing[0] === 'identity' ? identityRef : passwordRef).current?.focus();
      return;
    }
    setFailure(null);
    setSubmitting(true);
    try {
      await login({ identity: values.identity.trim(), password: values.password, remember: values.remember });
    } catch (error) {
      const view = loginErrorView(error);
      setErrors({
        identity: view.fieldErrors.identity?.[0],
        password: view.fieldErrors.password?.[0],
      });
      setFailure(view);
      setSubmitting(false);
    }
  };

  const failureText = failure ? (failure.key ? t(failure.key) : failure.text) : null;

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={t('login.formLabel')}>
      <Stack gap="md">
        {failureText && (
          <Alert color="red" variant="light" role="alert" title={t('login.failedTitle')}>
            {failureText}
          </Alert>
        )}
        <TextInput
          label={t('login.identity')}
          placeholder={t('login.identityPlaceholder')}
          autoComplete="username"
          autoFocus
          withAsterisk
          ref={identityRef}
          name="identity"
          value={values.identity}
          onChange={(event) => set('identity', event.currentTarget.value)}
          error={errors.identity}
        />
        <PasswordInput
          label={t('login.password')}
          placeholder={t('login.passwordPlaceholder')}
          autoComplete="current-password"
          withAsterisk
          ref={passwordRef}
          name="password"
          value={values.password}
          onChange={(event) => set('password', event.currentTarget.value)}
          error={errors.password}
          aria-invalid={errors.password ? true : undefined}
          visibilityToggleButtonProps={{
            tabIndex: 0,
            'aria-label': t('login.togglePassword'),
          }}
        />
        <Group justify="space-between" align="center">
          <Checkbox
            label={t('login.remember')}
            name="remember"
            checked={values.remember}
            onChange={(event) => set('remember', event.currentTarget.checked)}
          />
          <Anchor component={Link} to={paths.forgotPassword()} size="sm">
            {t('login.forgotPassword')}
          </Anchor>
        </Group>
        <Button type="submit" fullWidth size="md" loading={submitting}>
          {t('login.submit')}
        </Button>
      </Stack>
    </form>
  );
}
