import { Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FullPage } from '@/shared/ui/full-page.component.tsx';

/** 'Loading...' unless given another title (shell.md §2). */
export function LoadingPage({ title }: { title?: string }) {
  const { t } = useTranslation();
  return (
    <FullPage>
      <Loader aria-hidden="true" />
      <Text role="status" aria-live="polite" c="dimmed">
        {title ?? t('states.loading')}
      </Text>
    </FullPage>
  );
}

/** Before the translations arrive there is no text to show: a bare spinner. */
export function BootSpinner() {
  return (
    <FullPage>
      <Loader aria-hidden="true" />
    </FullPage>
  );
}
