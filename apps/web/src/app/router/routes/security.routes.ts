import type { SECURITY_PATTERNS } from '../../../lib/paths/security.paths.ts';
import type { AreaRoutes } from '../route-entry.types.ts';

export const SECURITY_ROUTES: AreaRoutes<typeof SECURITY_PATTERNS> = {};
