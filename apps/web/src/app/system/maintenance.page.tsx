import { Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '@/shared/ui/brand-logo.component.tsx';
import { FullPage } from '@/shared/ui/full-page.component.tsx';
import { type MaintenanceState, reloadDelay } from './maintenance.store.ts';

export function MaintenancePage({ message, backOn }: MaintenanceState) {
  const { t, i18n } = useTranslation();

  useEffect(() => {
    const timer = setTimeout(() => window.location.reload(), reloadDelay(backOn));
    return () => clearTimeout(timer);
  }, [backOn]);

  const backAt = backOn ? new Date(backOn) : null;
  return (
    <FullPage>
      <BrandLogo height={56} />
      <Title order={1} size="h2">
        {message || t('states.maintenance.title')}
      </Title>
      {backAt && !Number.isNaN(backAt.getTime()) && (
        <Text>
          {t('states.maintenance.backOn', {
            time: backAt.toLocaleString(i18n.resolvedLanguage, {
              dateStyle: 'medium',
              timeStyle: 'short',
            }),
          })}
        </Text>
      )}
      <Text c="dimmed" size="sm">
        {t('states.maintenance.reloading')}
      </Text>
    </FullPage>
  );
}
