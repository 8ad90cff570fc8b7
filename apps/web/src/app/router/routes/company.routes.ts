import type { COMPANY_PATTERNS } from '../../../lib/paths/company.paths.ts';
import type { AreaRoutes } from '../route-entry.types.ts';

export const COMPANY_ROUTES: AreaRoutes<typeof COMPANY_PATTERNS> = {};
