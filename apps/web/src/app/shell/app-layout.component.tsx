import { Alert, AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { RealtimeProvider } from '@/lib/realtime/realtime.context.tsx';
import { ContentRefresh } from '@/lib/realtime/use-content-refresh.hook.ts';
import { BannerOutlet } from '@/shared/ui/banner-outlet.component.tsx';
import { useCloseOnRouteChange } from '@/shared/ui/use-close-on-route-change.hook.ts';
import { createQueryClient } from '../query-client.ts';
import { CompanyThemeRefresh } from '../session/company-theme-refresh.component.tsx';
import { SideNav } from './side-nav.component.tsx';
import { TopBar } from './top-bar.component.tsx';

/** The signed-in frame: top bar, side navigation and the routed screen; one realtime connection. */
export default function AppLayout() {
  // Server state lives as long as the signed-in frame: signing out unmounts it, dropping the cache.
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <RealtimeProvider>
        <ContentRefresh />
        <CompanyThemeRefresh />
        <SignedInFrame />
        <BannerOutlet floating />
      </RealtimeProvider>
    </QueryClientProvider>
  );
}

function SignedInFrame() {
  const { t } = useTranslation('layout');
  const [mobileOpened, mobile] = useDisclosure(false);
  const [desktopOpened, desktop] = useDisclosure(true);
  const [logoutError, setLogoutError] = useState<string | null>(null);
  useCloseOnRouteChange(mobile.close);

  const toggle = () => {
    if (window.matchMedia('(max-width: 48em)').matches) mobile.toggle();
    else desktop.toggle();
  };

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{
        width: 272,
        breakpoint: 'sm',
        collapsed: { mobile: !mobileOpened, desktop: !desktopOpened },
      }}
      padding="lg"
    >
      <a className="skip-link" href="#main-content">
        {t('skipToContent')}
      </a>
      <AppShell.Header>
        <TopBar navOpened={mobileOpened || desktopOpened} onToggleNav={toggle} onLogoutError={setLogoutError} />
      </AppShell.Header>
      <AppShell.Navbar id="app-navbar" aria-label={t('nav.label')}>
        <SideNav />
      </AppShell.Navbar>
      <AppShell.Main id="main-content" tabIndex={-1}>
        {logoutError && (
          <Alert
            color="red"
            role="alert"
            mb="md"
            title={t('avatar.logoutFailed')}
            withCloseButton
            closeButtonLabel={t('dismiss')}
            onClose={() => setLogoutError(null)}
          >
            {logoutError}
          </Alert>
        )}
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
