import { idParamsSchema } from '@meshport/contract';
import { eq } from 'drizzle-orm';
import { roles } from '../accounts/account.schema.ts';
import type { Services } from '../app/services.ts';
import { defineRoute } from '../http/route.ts';
import { ListEngine } from '../list/list-engine.ts';
import { roleList } from './role.list.ts';

export function roleRoutes(services: Services) {
  const engine = new ListEngine(services.database, services.changes);
  return [
    defineRoute({
      method: 'GET',
      url: '/roles',
      access: { permission: 'view-roles|update-users|create-users' },
      summary: 'Roles of this company (also the role picker)',
      tags: ['roles'],
      schema: {},
      rawQuery: true,
      handler: ({ request }) => engine.list(request, roleList),
    }),
    defineRoute({
      method: 'GET',
      url: '/roles/:id',
      access: { permission: 'view-roles|update-roles' },
      summary: 'One role with its abilities',
      tags: ['roles'],
      schema: { params: idParamsSchema },
      rawQuery: true,
      handler: ({ request, params }) => engine.record(request, roleList, eq(roles.id, params.id)),
    }),
  ];
}
