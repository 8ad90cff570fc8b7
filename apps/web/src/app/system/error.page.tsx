import { Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '@/shared/ui/brand-logo.component.tsx';
import { FullPage } from '@/shared/ui/full-page.component.tsx';
import { BackButton } from './back-button.component.tsx';

export function ErrorPage() {
  const { t } = useTranslation();
  return (
    <FullPage>
      <BrandLogo height={64} />
      <Title order={1}>{t('error.title')}</Title>
      <BackButton />
    </FullPage>
  );
}
