import type { ACCOUNT_PATTERNS } from '../../../lib/paths/account.paths.ts';
import type { AreaRoutes } from '../route-entry.types.ts';

export const ACCOUNT_ROUTES: AreaRoutes<typeof ACCOUNT_PATTERNS> = {};
