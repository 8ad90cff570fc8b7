import {
  idParamsSchema,
  markNotificationRequestSchema,
  messageSchema,
  notificationListSchema,
  notificationSchema,
  notificationSettingsResponseSchema,
  readAllRequestSchema,
  readFlagSchema,
  sendNotificationRequestSchema,
  updateNotificationSettingsSchema,
} from '@meshport/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { requireCompanyId } from '../access/access.ts';
import { memberships } from '../accounts/account.schema.ts';
import type { Services } from '../app/services.ts';
import { companies } from '../companies/company.schema.ts';
import { notFound, unauthenticated, ValidationError } from '../http/http-error.ts';
import { defineRoute } from '../http/route.ts';
import { ListEngine } from '../list/list-engine.ts';
import { notificationList } from './notification.list.ts';
import { notifications } from './notification.schema.ts';

/** The member's own notifications: any signed-in member of the host's company. */
const MEMBER = {} as const;

function accountOf(actor: { accountId: number } | null): number {
  if (!actor) throw unauthenticated();
  return actor.accountId;
}

export function notificationRoutes(services: Services) {
  const engine = new ListEngine(services.database, services.changes);
  const { notifications: service, database } = services;
  return [
    defineRoute({
      method: 'GET',
      url: '/my-account/notifications',
      access: MEMBER,
      summary: 'My notifications in this company; with_read=0 (default) unread only, 1 all; meta.unread counts unread',
      tags: ['notifications'],
      schema: {
        response: { 200: z.union([notificationListSchema, z.object({ data: z.object({ count: z.number() }) })]) },
      },
      rawQuery: true,
      async handler({ request }) {
        const raw = (request.query as Record<string, unknown>).with_read;
        const parsed = raw === undefined ? { success: true as const, data: false } : readFlagSchema.safeParse(raw);
        if (!parsed.success) throw new ValidationError({ with_read: ['The with_read must be 1 or 0.'] });
        const where = parsed.data ? undefined : isNull(notifications.readAt);
        const result = await engine.list(request, notificationList, { where, extraParams: ['with_read'] });
        if (!('meta' in result)) return result;
        const unread = await service.unread(requireCompanyId(request), accountOf(request.actor));
        return { ...result, meta: { ...result.meta, unread } };
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/my-account/notifications/read-all',
      access: MEMBER,
      summary: 'Mark all my notifications in this company read',
      tags: ['notifications'],
      schema: {
        body: readAllRequestSchema.optional(),
        response: { 200: messageSchema.extend({ updated: z.number().int() }) },
      },
      async handler({ request }) {
        const updated = await service.markAllRead(requireCompanyId(request), accountOf(request.actor));
        return { message: 'All notifications marked as read.', updated };
      },
    }),
    defineRoute({
      method: 'PATCH',
      url: '/my-account/notifications/:id',
      access: MEMBER,
      summary: 'Mark one of my notifications read (read=1) or unread (read=0); also POST with _method=PATCH',
      tags: ['notifications'],
      schema: {
        params: idParamsSchema,
        body: markNotificationRequestSchema,
        response: { 200: z.object({ data: notificationSchema }), 404: messageSchema },
      },
      async handler({ params, body, request }) {
        const item = await service.mark(requireCompanyId(request), accountOf(request.actor), params.id, body.read);
        if (!item) throw notFound('Notification not found.');
        return { data: item };
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/my-account/notification-settings',
      access: MEMBER,
      summary: 'My e-mail and browser notification settings, grouped by category',
      tags: ['notifications'],
      schema: { response: { 200: notificationSettingsResponseSchema } },
      async handler({ request }) {
        return { data: await service.settings(requireCompanyId(request), accountOf(request.actor)) };
      },
    }),
    defineRoute({
      method: 'PATCH',
      url: '/my-account/notification-settings',
      access: MEMBER,
      summary: 'Change some of my notification settings; answers all of them',
      tags: ['notifications'],
      schema: { body: updateNotificationSettingsSchema, response: { 200: notificationSettingsResponseSchema } },
      async handler({ body, request }) {
        const companyId = requireCompanyId(request);
        const accountId = accountOf(request.actor);
        const { unknownTypeIds } = await service.updateSettings(companyId, accountId, body.notification_settings);
        if (unknownTypeIds.length) {
          throw new ValidationError({
            notification_settings: [`Unknown notification type: ${unknownTypeIds.join(', ')}.`],
          });
        }
        return { data: await service.settings(companyId, accountId) };
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/admin/notifications',
      access: { admin: true },
      summary: "Send a notice to one user's bell (platform admins); company_id defaults to the host's company",
      tags: ['notifications', 'admin'],
      schema: {
        body: sendNotificationRequestSchema,
        response: { 201: z.object({ data: notificationSchema }), 202: messageSchema },
      },
      async handler({ body, request, reply }) {
        const companyId = body.company_id ?? requireCompanyId(request);
        const [company] = await database.system
          .select({ id: companies.id })
          .from(companies)
          .where(and(eq(companies.id, companyId), isNull(companies.deletedAt)));
        if (!company) throw new ValidationError({ company_id: ['There is no such company.'] });
        const [member] = await database.system
          .select({ n: sql<number>`1` })
          .from(memberships)
          .where(and(eq(memberships.companyId, companyId), eq(memberships.accountId, body.user_id)));
        if (!member) throw new ValidationError({ user_id: ['This user is not a member of the company.'] });
        const item = await service.notify(companyId, body.user_id, {
          typeKey: 'announcement',
          title: body.title,
          text: body.text,
        });
        if (!item) {
          // The user turned these off in the portal: nothing stored, nothing to show.
          return reply.code(202).send({ message: 'The user has turned these notices off; nothing was shown.' });
        }
        reply.code(201);
        return { data: item };
      },
    }),
  ];
}
