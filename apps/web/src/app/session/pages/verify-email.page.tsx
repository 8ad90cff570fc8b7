import { Alert, Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { verifyEmail } from '@/features/account/api/verify-email.api.ts';
import { ApiError } from '@/lib/api/api-client.ts';
import { paths } from '@/lib/paths/paths.ts';
import { AuthLayout } from '../components/auth-layout.component.tsx';

/**
 * /verify-email?token=…, the link mailed to a new address: a button confirms it (a mail scanner
 * opening the link changes nothing), then the address is the account's and the old one is told.
 */
export default function VerifyEmailPage() {
  const { t } = useTranslation('account');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<'idle' | 'sending' | 'done'>('idle');
  const [failure, setFailure] = useState<string | null>(null);

  const confirm = async () => {
    setState('sending');
    setFailure(null);
    try {
      await verifyEmail(token);
      setState('done');
    } catch (error) {
      setState('idle');
      if (!(error instanceof ApiError)) throw error;
      setFailure(error.fieldErrors.token?.[0] ?? error.body.message ?? t('verifyEmail.failed'));
    }
  };

  return (
    <AuthLayout title={t('verifyEmail.title')}>
      <Stack gap="md">
        {!token ? (
          <Alert color="red" variant="light" role="alert">
            {t('verifyEmail.missingToken')}
          </Alert>
        ) : state === 'done' ? (
          <Alert color="teal" variant="light" role="status">
            {t('verifyEmail.done')}
          </Alert>
        ) : (
          <>
            {failure && (
              <Alert color="red" variant="light" role="alert">
                {failure}
              </Alert>
            )}
            <Text>{t('verifyEmail.text')}</Text>
            <Button fullWidth loading={state === 'sending'} onClick={() => void confirm()}>
              {t('verifyEmail.submit')}
            </Button>
          </>
        )}
        <Button component={Link} to={paths.dashboard()} variant="subtle" fullWidth>
          {t('verifyEmail.toApp')}
        </Button>
      </Stack>
    </AuthLayout>
  );
}
