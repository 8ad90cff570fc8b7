import { NOTIFICATION_DEFAULT_SORT, NOTIFICATION_PAGE_SIZE } from '@meshport/contract';
import { sql } from 'drizzle-orm';
import type { ListResource } from '#core/list/list-resource.ts';
import { notifications } from './notification.table.ts';

/** The bell: the signed-in member's own notifications in this company. */
export const notificationList: ListResource = {
  name: 'notifications',
  table: notifications,
  scope: 'tenant',
  idColumn: notifications.id,
  fields: {
    id: { select: notifications.id, sortable: true },
    title: { select: notifications.title, sortable: true },
    text: { select: notifications.text },
    read: { select: sql<boolean>`(${notifications.readAt} is not null)`, sortable: true },
    date: { select: notifications.createdAt, sortable: true },
  },
  filters: {},
  defaultSort: NOTIFICATION_DEFAULT_SORT,
  defaultPerPage: NOTIFICATION_PAGE_SIZE,
  baseWhere: ({ accountId }) => sql`${notifications.accountId} = ${accountId ?? -1}`,
};
