import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAutodeskAccount } from '@/lib/api/resources/users/get-autodesk-account.api.ts';
import { paths } from '@/lib/paths/paths.ts';
import { Icon } from '@/shared/ui/icons.component.tsx';
import { PanelError, SkeletonRows, useErrorText } from '@/shared/ui/query-state.component.tsx';
import { useAutodeskLogin } from '../api/autodesk-login.api.ts';
import { useAutodeskLogout } from '../api/autodesk-logout.api.ts';
import { useAutodeskIntegration } from '../api/get-autodesk-integration.api.ts';
import { autodeskCardState, autodeskErrorOf, withoutAutodeskError } from '../logic/autodesk-card.logic.ts';

/**
 * The Autodesk integration card of My Account → Settings (administration.md §2, §9): connected
 * or not, Connect (to the provider and back to this tab), Disconnect, the renew warning, and
 * why the last connection failed. Hidden when the company does not use the integration.
 */
export function AutodeskCard() {
  const { t } = useTranslation('account');
  const integration = useAutodeskIntegration();
  const status = useAutodeskAccount();
  if (integration.data === 'no') return null;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="autodesk-card-title">
      <Stack gap="md">
        <Title order={3} size="h4" id="autodesk-card-title">
          {t('autodesk.title')}
        </Title>
        <FailureNotice />
        {integration.isPending || status.isPending ? (
          <SkeletonRows rows={2} height={28} label={t('autodesk.loading')} />
        ) : integration.isError || status.isError ? (
          <PanelError
            error={integration.error ?? status.error}
            onRetry={() => void Promise.all([integration.refetch(), status.refetch()])}
          />
        ) : (
          <Connection state={autodeskCardState(status.data)} />
        )}
      </Stack>
    </Card>
  );
}

function Connection({ state }: { state: ReturnType<typeof autodeskCardState> }) {
  const { t } = useTranslation('account');
  const login = useAutodeskLogin();
  const logout = useAutodeskLogout();
  const loginError = useErrorText(login.error);
  const logoutError = useErrorText(logout.error);
  const connect = async () => {
    const address = await login.mutateAsync(paths.account.profile('settings')).catch(() => null);
    if (address) window.location.assign(address);
  };
  const connected = state !== 'disconnected';
  return (
    <Stack gap="sm">
      <Group gap="sm">
        <Badge color={connected ? 'green' : 'gray'} variant="dot" c="dark" size="lg">
          {t(connected ? 'autodesk.connected' : 'autodesk.disconnected')}
        </Badge>
        <Text size="sm">{t(connected ? 'autodesk.connectedText' : 'autodesk.disconnectedText')}</Text>
      </Group>
      {state === 'outdated' && (
        <Alert color="yellow" variant="light" icon={<Icon name="alert" />} title={t('autodesk.outdated.title')}>
          {t('autodesk.outdated.text')}
        </Alert>
      )}
      {(login.isError || logout.isError) && (
        <Text size="sm" c="red" role="alert">
          {login.isError ? loginError : logoutError}
        </Text>
      )}
      <Group gap="sm">
        {state !== 'connected' && (
          <Button type="button" onClick={() => void connect()} loading={login.isPending || login.isSuccess}>
            {t(state === 'outdated' ? 'autodesk.reconnect' : 'autodesk.connect')}
          </Button>
        )}
        {connected && (
          <Button
            type="button"
            variant="default"
            onClick={() => logout.mutate()}
            loading={logout.isPending}
            leftSection={<Icon name="logout" size={16} />}
          >
            {t('autodesk.disconnect')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/** The reason the callback returned with, until dismissed. */
function FailureNotice() {
  const { t } = useTranslation('account');
  const [params, setParams] = useSearchParams();
  const reason = autodeskErrorOf(params);
  if (!reason) return null;
  return (
    <Alert
      color="red"
      variant="light"
      role="alert"
      icon={<Icon name="alert" />}
      title={t('autodesk.errors.title')}
      withCloseButton
      closeButtonLabel={t('autodesk.errors.dismiss')}
      onClose={() => setParams(withoutAutodeskError(params), { replace: true })}
    >
      {t(`autodesk.errors.${reason}`)}
    </Alert>
  );
}
