import { Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
// Only the date part of lib/i18n/format.ts: this page is on the /login route, whose JS has a budget.
import { formatDateTime } from '@/lib/i18n/format-date.ts';
import { BrandLogo } from '@/shared/ui/brand-logo.component.tsx';
import { FullPage } from '@/shared/ui/full-page.component.tsx';
import { type MaintenanceState, reloadDelay } from './maintenance.store.ts';

export function MaintenancePage({ message, backOn }: MaintenanceState) {
  const { t } = useTranslation();

  useEffect(() => {
    const timer = setTimeout(() => window.location.reload(), reloadDelay(backOn));
    return () => clearTimeout(timer);
  }, [backOn]);

  const backAt = backOn ? formatDateTime(backOn) : '';
  return (
    <FullPage>
      <BrandLogo height={56} />
      <Title order={1} size="h2">
        {message || t('states.maintenance.title')}
      </Title>
      {backAt && <Text>{t('states.maintenance.backOn', { time: backAt })}</Text>}
      <Text c="dimmed" size="sm">
        {t('states.maintenance.reloading')}
      </Text>
    </FullPage>
  );
}
