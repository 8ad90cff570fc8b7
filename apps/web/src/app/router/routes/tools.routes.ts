import type { TOOLS_PATTERNS } from '../../../lib/paths/tools.paths.ts';
import type { AreaRoutes } from '../route-entry.types.ts';

export const TOOLS_ROUTES: AreaRoutes<typeof TOOLS_PATTERNS> = {};
