import type { ACCOUNT_PATTERNS } from '@/lib/paths/account.paths.ts';
import type { AreaScreens } from '../route-entry.types.ts';

/** The code of the account area's signed-in screens (account.routes.ts): fetched after sign-in, with the app layout. */
export const ACCOUNT_SCREENS: AreaScreens<typeof ACCOUNT_PATTERNS> = {
  'account-profile': () =>
    import('@/features/account/pages/my-account.page.tsx').then((m) => ({ default: m.MyAccountPage })),
};
