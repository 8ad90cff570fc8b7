import type { SUPPORT_PATTERNS } from '../../../lib/paths/support.paths.ts';
import type { AreaRoutes } from '../route-entry.types.ts';

export const SUPPORT_ROUTES: AreaRoutes<typeof SUPPORT_PATTERNS> = {};
