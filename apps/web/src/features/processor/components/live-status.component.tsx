import { Alert, Button, Group, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRealtime } from '@/lib/realtime/realtime.context.tsx';
import { Icon } from '@/shared/ui/icons.component.tsx';

/** The first connection gets this long before the notice shows, so that opening the page does not flash it. */
const GRACE_MS = 1500;

/** Says so while live updates are not arriving (the connection is not 'connected'), with a Retry. */
export function LiveStatus() {
  const { t } = useTranslation('processor');
  const { state, retry } = useRealtime();
  const connected = state === 'connected';
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (connected) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), GRACE_MS);
    return () => clearTimeout(timer);
  }, [connected]);
  if (connected || !shown) return null;
  return (
    <Alert color="yellow" variant="light" p="xs" icon={<Icon name="alert" size={18} />} role="status">
      <Group justify="space-between" gap="sm" wrap="nowrap">
        <Text size="sm">{t('live.paused')}</Text>
        <Button size="compact-sm" variant="default" onClick={retry}>
          {t('live.retry')}
        </Button>
      </Group>
    </Alert>
  );
}
