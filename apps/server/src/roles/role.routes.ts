import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { roles } from '../accounts/account.schema.ts';
import type { Services } from '../app/services.ts';
import { defineRoute } from '../http/route.ts';
import { ListEngine } from '../list/list-engine.ts';
import { roleList } from './role.list.ts';

const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

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
      schema: { params: idParams },
      rawQuery: true,
      handler: ({ request, params }) => engine.record(request, roleList, eq(roles.id, params.id)),
    }),
  ];
}
