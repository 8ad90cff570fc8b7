import type { ACCOUNT_PATTERNS } from '@/lib/paths/account.paths.ts';
import type { AreaRoutes } from '../route-entry.types.ts';
import { SIGNED_IN } from '../route-guard.logic.ts';

export const ACCOUNT_ROUTES: AreaRoutes<typeof ACCOUNT_PATTERNS> = {
  'account-profile': {
    title: 'titles.accountProfile',
    layout: 'app',
    guard: SIGNED_IN,
  },
  // Signed in or not: the mailed token is what counts.
  'verify-email': {
    title: 'titles.verifyEmail',
    layout: 'bare',
    load: () => import('../../session/pages/verify-email.page.tsx'),
    namespaces: ['account'],
  },
};
