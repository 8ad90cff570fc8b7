import { labelEndpoints } from '@meshport/contract';
import { eq } from 'drizzle-orm';
import type { CoreServices } from '#core/core-services.ts';
import { ListEngine } from '#core/list/list-engine.ts';
import { listRoute, recordRoute } from '#core/list/list-routes.ts';
import { labelList } from './label.list.ts';
import { LABEL_PERMISSIONS } from './label.policy.ts';
import { labels } from './label.table.ts';

export function labelRoutes(services: CoreServices) {
  const engine = new ListEngine(services.database, services.changes);
  return [
    listRoute(engine, labelEndpoints.list, labelList, { access: { permission: 'list-labels' } }),
    recordRoute(engine, labelEndpoints.get, labelList, {
      access: { permission: LABEL_PERMISSIONS.view },
      where: (params) => eq(labels.id, params.id),
      notFoundMessage: 'No such label.',
    }),
  ];
}
