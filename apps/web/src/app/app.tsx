import { Suspense } from 'react';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './router/app-routes.component.tsx';
import { LinkPreloader } from './router/link-preloader.component.tsx';
import { AuthProvider } from './session/auth.provider.tsx';
import { TenantProvider } from './session/tenant.provider.tsx';
import { BootSpinner } from './system/loading.page.tsx';

export function App() {
  return (
    <TenantProvider>
      <AuthProvider>
        <LinkPreloader />
        <Suspense fallback={<BootSpinner />}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </Suspense>
      </AuthProvider>
    </TenantProvider>
  );
}
