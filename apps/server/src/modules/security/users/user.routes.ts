import { idParamsSchema } from '@meshport/contract';
import { eq } from 'drizzle-orm';
import { accounts } from '../accounts/account.schema.ts';
import type { Services } from '../app/services.ts';
import { defineRoute } from '../http/route.ts';
import { ListEngine } from '../list/list-engine.ts';
import { adminUserList, myAccountResource, securityUserList, userActivityList } from './user.list.ts';

export function userRoutes(services: Services) {
  const engine = new ListEngine(services.database, services.changes);
  return [
    defineRoute({
      method: 'GET',
      url: '/users',
      access: { permission: 'view-system-users' },
      summary: 'Members of this company with role, licences and groups (Security → Users)',
      tags: ['users'],
      schema: {},
      rawQuery: true,
      handler: ({ request }) => engine.list(request, securityUserList),
    }),
    defineRoute({
      method: 'GET',
      url: '/users/:id',
      access: { permission: 'view-system-users|update-users' },
      summary: 'One member of this company',
      tags: ['users'],
      schema: { params: idParamsSchema },
      rawQuery: true,
      handler: ({ request, params }) => engine.record(request, securityUserList, eq(accounts.id, params.id)),
    }),
    defineRoute({
      method: 'GET',
      url: '/admin/users',
      access: { admin: true },
      summary: 'Every account on the platform (platform admins); filter[company_id] narrows to one company',
      tags: ['admin'],
      schema: {},
      rawQuery: true,
      handler: ({ request }) => engine.list(request, adminUserList),
    }),
    defineRoute({
      method: 'GET',
      url: '/admin/users/:id',
      access: { admin: true },
      summary: 'One account with its companies (platform admins)',
      tags: ['admin'],
      schema: { params: idParamsSchema },
      rawQuery: true,
      handler: ({ request, params }) => engine.record(request, adminUserList, eq(accounts.id, params.id)),
    }),
    defineRoute({
      method: 'GET',
      url: '/my-account',
      access: {},
      summary: 'The signed-in user, with notification settings and abilities unless excluded',
      tags: ['my-account'],
      schema: {},
      rawQuery: true,
      handler: ({ request }) =>
        engine.record(request, myAccountResource, eq(accounts.id, request.actor?.accountId ?? 0)),
    }),
    defineRoute({
      method: 'GET',
      url: '/my-account/activity',
      access: {},
      summary: "The signed-in user's activity in this company, newest first",
      tags: ['my-account'],
      schema: {},
      rawQuery: true,
      handler: ({ request }) => engine.list(request, userActivityList),
    }),
  ];
}
