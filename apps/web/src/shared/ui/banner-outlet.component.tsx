import { Button, Group, Notification, Stack, Text } from '@mantine/core';
import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { type Banner, banners, GLOBAL_SCOPE } from './banner.store.ts';
import { Icon } from './icons.component.tsx';

interface BannerOutletProps {
  scope?: string;
  /** Toasts float at the top right; banners sit in the flow of the page. */
  floating?: boolean;
}

/**
 * Shows the banners of one scope; failures are alerts, successes polite status messages. A
 * banner's action (Undo) is a button; while it runs the button shows it is busy.
 */
export function BannerOutlet({ scope = GLOBAL_SCOPE, floating = false }: BannerOutletProps) {
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
        <BannerItem key={banner.id} banner={banner} />
      ))}
    </Stack>
  );
}

function BannerItem({ banner }: { banner: Banner }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const hadAction = useRef(banner.action !== undefined);
  // The button goes once its action is done: keep the keyboard focus on the banner, which now
  // shows the outcome, instead of dropping it to the page.
  useEffect(() => {
    if (!hadAction.current || banner.action) return;
    hadAction.current = false;
    const focused = document.activeElement;
    if (focused === null || focused === document.body || ref.current?.contains(focused)) ref.current?.focus();
  }, [banner.action]);

  return (
    <Notification
      ref={ref}
      tabIndex={-1}
      color={banner.kind === 'success' ? 'green' : 'red'}
      icon={<Icon name={banner.kind === 'success' ? 'check' : 'alert'} size={16} />}
      role={banner.kind === 'success' ? 'status' : 'alert'}
      withBorder
      closeButtonProps={{ 'aria-label': t('resourceList.closeBanner') }}
      onClose={() => banners.dismiss(banner.id)}
    >
      {banner.action ? (
        <Group justify="space-between" gap="sm" wrap="nowrap">
          <Text size="sm">{banner.text}</Text>
          <Button
            size="compact-sm"
            variant="default"
            loading={banner.running}
            onClick={() => void banners.runAction(banner.id)}
          >
            {banner.action.label}
          </Button>
        </Group>
      ) : (
        banner.text
      )}
    </Notification>
  );
}
