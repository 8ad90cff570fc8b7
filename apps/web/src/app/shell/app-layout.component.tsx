import { Alert, AppShell, Overlay } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { RealtimeProvider } from '@/lib/realtime/realtime.context.tsx';
import { ContentRefresh } from '@/lib/realtime/use-content-refresh.hook.ts';
import { BannerRegion } from '@/shared/ui/banner-outlet.component.tsx';
import { useCloseOnRouteChange } from '@/shared/ui/use-close-on-route-change.hook.ts';
import { createQueryClient } from '../query-client.ts';
import { CompanyThemeRefresh } from '../session/company-theme-refresh.component.tsx';
import classes from './layout.module.css';
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
      </RealtimeProvider>
    </QueryClientProvider>
  );
}

/**
 * Below this width (a tablet held upright, a phone) the navigation is an overlay opened by the menu
 * button and takes no width from the page; from it on (a tablet held sideways, a desktop) it is pinned.
 */
const NAV_BREAKPOINT = 'md';
const PINNED_NAV_QUERY = '(min-width: 62em)';

function SignedInFrame() {
  const { t } = useTranslation('layout');
  const pinned = useMediaQuery(PINNED_NAV_QUERY, undefined, { getInitialValueInEffect: false });
  const [overlayOpened, overlay] = useDisclosure(false);
  const [pinnedOpened, pinnedNav] = useDisclosure(true);
  const [logoutError, setLogoutError] = useState<string | null>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const closeOverlay = overlay.close;
  useCloseOnRouteChange(closeOverlay);
  const navOpened = pinned ? pinnedOpened : overlayOpened;

  // Escape closes the overlay and gives the focus back to the menu button.
  useEffect(() => {
    if (pinned || !overlayOpened) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      closeOverlay();
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [pinned, overlayOpened, closeOverlay]);

  const toggle = () => (pinned ? pinnedNav.toggle() : overlay.toggle());

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{
        width: 272,
        breakpoint: NAV_BREAKPOINT,
        collapsed: { mobile: !overlayOpened, desktop: !pinnedOpened },
      }}
      padding={{ base: 'sm', sm: 'lg' }}
    >
      <a className="skip-link" href="#main-content">
        {t('skipToContent')}
      </a>
      <AppShell.Header>
        <TopBar navOpened={navOpened} onToggleNav={toggle} toggleRef={toggleRef} onLogoutError={setLogoutError} />
      </AppShell.Header>
      {/* A closed navigation is out of sight: inert keeps the keyboard and screen readers out of it too. */}
      <AppShell.Navbar id="app-navbar" aria-label={t('nav.label')} inert={!navOpened} className={classes.navbar}>
        <SideNav />
      </AppShell.Navbar>
      {/* Below the header and the navigation: a tap beside the open overlay closes it. */}
      {!pinned && overlayOpened && <Overlay fixed zIndex={99} backgroundOpacity={0.35} onClick={closeOverlay} />}
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
        <BannerRegion />
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
