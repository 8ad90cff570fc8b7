import { Suspense } from 'react';
import { BrowserRouter } from 'react-router';
import { AuthProvider } from '../features/auth/auth.context.tsx';
import { BootSpinner } from '../features/system/loading.page.tsx';
import { TenantProvider } from '../features/tenant/tenant.context.tsx';
import { AppRoutes } from './router.tsx';

export function App() {
  return (
    <TenantProvider>
      <AuthProvider>
        <Suspense fallback={<BootSpinner />}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </Suspense>
      </AuthProvider>
    </TenantProvider>
  );
}
