import type { COMPANY_PATTERNS } from '@/lib/paths/company.paths.ts';
import type { AreaRoutes } from '../route-entry.types.ts';
import { SIGNED_IN } from '../route-guard.logic.ts';

const ADMIN = { ...SIGNED_IN, admin: true };

export const COMPANY_ROUTES: AreaRoutes<typeof COMPANY_PATTERNS> = {
  'my-company': {
    title: 'titles.myCompany',
    layout: 'app',
    guard: { ...SIGNED_IN, ability: 'view-company|edit-company' },
  },
  'admin-companies': {
    title: 'titles.companies',
    layout: 'app',
    guard: ADMIN,
  },
  'admin-company-create': {
    title: 'titles.companyCreate',
    layout: 'app',
    guard: ADMIN,
  },
  'admin-company-edit': {
    title: 'titles.companyEdit',
    layout: 'app',
    guard: ADMIN,
  },
};
