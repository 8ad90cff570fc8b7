import type { MAINTENANCE_PATTERNS } from '../../../lib/paths/maintenance.paths.ts';
import type { AreaRoutes } from '../route-entry.types.ts';

export const MAINTENANCE_ROUTES: AreaRoutes<typeof MAINTENANCE_PATTERNS> = {};
