import { idParamsSchema } from '@meshport/contract';
import { eq } from 'drizzle-orm';
import { groups } from '../accounts/account.schema.ts';
import type { Services } from '../app/services.ts';
import { defineRoute } from '../http/route.ts';
import { ListEngine } from '../list/list-engine.ts';
import { groupList } from './group.list.ts';

export function groupRoutes(services: Services) {
  const engine = new ListEngine(services.database, services.changes);
  return [
    defineRoute({
      method: 'GET',
      url: '/groups',
      access: { permission: 'view-groups|update-users|create-users' },
      summary: 'Groups of this company with their members (also the group picker)',
      tags: ['groups'],
      schema: {},
      rawQuery: true,
      handler: ({ request }) => engine.list(request, groupList),
    }),
    defineRoute({
      method: 'GET',
      url: '/groups/:id',
      access: { permission: 'view-groups|update-groups' },
      summary: 'One group with its members',
      tags: ['groups'],
      schema: { params: idParamsSchema },
      rawQuery: true,
      handler: ({ request, params }) => engine.record(request, groupList, eq(groups.id, params.id)),
    }),
  ];
}
