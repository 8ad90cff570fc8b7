import { Button, Group, Notification, Stack, Text } from '@mantine/core';
import { type FocusEvent, useEffect, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { type Banner, banners } from './banner.store.ts';
import classes from './banner-outlet.module.css';
import { Icon } from './icons.component.tsx';

/**
 * The one place where the app tells the user how something went (issue 31): under the header, at
 * the top of the page's own flow, so that it never covers the page's buttons. Every banner shows
 * here, whatever its scope, stacked in the order they came; failures are alerts, successes polite
 * status messages.
 */
export function BannerRegion() {
  const shown = useSyncExternalStore(banners.subscribe, banners.getSnapshot);
  if (shown.length === 0) return null;
  return (
    <Stack gap="xs" mb="md" data-banner-region>
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

  // Held while the pointer is on it or the focus in it; released when neither is.
  const holders = useRef({ pointer: false, focus: false });
  const holdBy = (holder: 'pointer' | 'focus', on: boolean) => {
    holders.current[holder] = on;
    if (on) banners.hold(banner.id);
    else if (!holders.current.pointer && !holders.current.focus) banners.release(banner.id);
  };
  const onBlur = (event: FocusEvent) => {
    if (!ref.current?.contains(event.relatedTarget as Node | null)) holdBy('focus', false);
  };

  return (
    <Notification
      ref={ref}
      tabIndex={-1}
      color={banner.kind === 'success' ? 'green' : 'red'}
      icon={<Icon name={banner.kind === 'success' ? 'check' : 'alert'} size={16} />}
      role={banner.kind === 'success' ? 'status' : 'alert'}
      withBorder
      onMouseEnter={() => holdBy('pointer', true)}
      onMouseLeave={() => holdBy('pointer', false)}
      onFocus={() => holdBy('focus', true)}
      onBlur={onBlur}
      closeButtonProps={{ 'aria-label': t('resourceList.closeBanner'), className: classes.close }}
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
