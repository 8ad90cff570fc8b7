import { Notification, Stack } from '@mantine/core';
import { useMemo, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { banners, GLOBAL_SCOPE } from './banner.store.ts';
import { Icon } from './icons.component.tsx';

interface BannerOutletProps {
  scope?: string;
  /** Toasts float at the top right; banners sit in the flow of the page. */
  floating?: boolean;
}

/** Shows the banners of one scope; failures are alerts, successes polite status messages. */
export function BannerOutlet({ scope = GLOBAL_SCOPE, floating = false }: BannerOutletProps) {
  const { t } = useTranslation();
  const all = useSyncExternalStore(banners.subscribe, banners.getSnapshot);
  const shown = useMemo(() => all.filter((banner) => banner.scope === scope), [all, scope]);
  if (shown.length === 0) return null;
  return (
    <Stack
      gap="xs"
      mb={floating ? undefined : 'md'}
      style={floating ? { position: 'fixed', top: 76, right: 16, zIndex: 400, width: 'min(420px, 90vw)' } : undefined}
    >
      {shown.map((banner) => (
        <Notification
          key={banner.id}
          color={banner.kind === 'success' ? 'green' : 'red'}
          icon={<Icon name={banner.kind === 'success' ? 'check' : 'alert'} size={16} />}
          role={banner.kind === 'success' ? 'status' : 'alert'}
          withBorder
          closeButtonProps={{ 'aria-label': t('resourceList.closeBanner') }}
          onClose={() => banners.dismiss(banner.id)}
        >
          {banner.text}
        </Notification>
      ))}
    </Stack>
  );
}
