import type { COMPANY_PATTERNS } from '@/lib/paths/company.paths.ts';
import type { AreaScreens } from '../route-entry.types.ts';

/** The code of the company area's signed-in screens (company.routes.ts): fetched after sign-in, with the app layout. */
export const COMPANY_SCREENS: AreaScreens<typeof COMPANY_PATTERNS> = {
  'my-company': () =>
    import('@/features/company/pages/my-company.page.tsx').then((m) => ({ default: m.MyCompanyPage })),
  'admin-companies': () =>
    import('@/features/company/pages/admin-companies.page.tsx').then((m) => ({
      default: m.AdminCompaniesPage,
    })),
  'admin-company-create': () =>
    import('@/features/company/pages/admin-company-form.page.tsx').then((m) => ({
      default: m.AdminCompanyCreatePage,
    })),
  'admin-company-edit': () =>
    import('@/features/company/pages/admin-company-form.page.tsx').then((m) => ({
      default: m.AdminCompanyEditPage,
    })),
};
