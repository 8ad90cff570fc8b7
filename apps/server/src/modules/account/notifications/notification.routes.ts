import { type AnswerOf, notificationEndpoints, notificationSettingEndpoints, readFlagSchema } from '@meshport/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { memberships } from '#core/auth/account.table.ts';
import type { CoreServices } from '#core/core-services.ts';
import type { QuietCalls } from '#core/http/activity-log.ts';
import { notFound, ValidationError } from '#core/http/http-error.ts';
import { defineRoute } from '#core/http/route.ts';
import { ListEngine } from '#core/list/list-engine.ts';
import type { ListRouteDefinition } from '#core/list/list-routes.ts';
import { companies } from '#core/tenancy/company.table.ts';
import { notificationList } from './notification.list.ts';
import type { NotificationService } from './notification.service.ts';
import { notificationSettings, notifications } from './notification.table.ts';

type NotificationPage = AnswerOf<typeof notificationEndpoints.list>;

/** Marking notifications read is no change of the member's making: it leaves no activity entry. */
export const notificationQuietCalls: QuietCalls = {
  endpoints: [notificationEndpoints.mark, notificationEndpoints.readAll],
};

export function notificationRoutes(services: CoreServices & { notifications: NotificationService }) {
  const engine = new ListEngine(services.database, services.changes);
  const { notifications: service, database } = services;

  // The list engine's page, with the unread count in `meta`: not a plain `listRoute`.
  const list: ListRouteDefinition = {
    ...defineRoute(notificationEndpoints.list, {
      access: 'member',
      ownQueryParsing: true,
      cache: { tables: [notifications] },
      async handler({ companyId, actor, request }) {
        const raw = (request.query as Record<string, unknown>).with_read;
        const parsed = raw === undefined ? { success: true as const, data: false } : readFlagSchema.safeParse(raw);
        if (!parsed.success) throw new ValidationError({ with_read: ['The with_read must be 1 or 0.'] });
        const where = parsed.data ? undefined : isNull(notifications.readAt);
        const result = await engine.list(request, notificationList, { where, extraParams: ['with_read'] });
        if (!('meta' in result)) return result;
        const unread = await service.unread(companyId, actor.accountId);
        return { ...result, meta: { ...result.meta, unread } } as NotificationPage;
      },
    }),
    listResource: notificationList,
  };

  return [
    list,
    defineRoute(notificationEndpoints.readAll, {
      access: 'member',
      async handler({ companyId, actor }) {
        const updated = await service.markAllRead(companyId, actor.accountId);
        return { message: 'All notifications marked as read.', updated };
      },
    }),
    defineRoute(notificationEndpoints.mark, {
      access: 'member',
      async handler({ companyId, actor, params, body }) {
        const item = await service.mark(companyId, actor.accountId, params.id, body.read);
        if (!item) throw notFound('Notification not found.');
        return { data: item };
      },
    }),
    defineRoute(notificationSettingEndpoints.get, {
      access: 'member',
      cache: { tables: [notificationSettings] },
      async handler({ companyId, actor }) {
        return { data: await service.settings(companyId, actor.accountId) };
      },
    }),
    defineRoute(notificationSettingEndpoints.update, {
      access: 'member',
      async handler({ companyId, actor, body }) {
        const { unknownTypeIds } = await service.updateSettings(companyId, actor.accountId, body.notification_settings);
        if (unknownTypeIds.length) {
          throw new ValidationError({
            notification_settings: [`Unknown notification type: ${unknownTypeIds.join(', ')}.`],
          });
        }
        return { data: await service.settings(companyId, actor.accountId) };
      },
    }),
    defineRoute(notificationEndpoints.send, {
      access: 'admin',
      async handler({ companyId: hostCompanyId, body, reply }) {
        const companyId = body.company_id ?? hostCompanyId;
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
        return { data: item };
      },
    }),
  ];
}
